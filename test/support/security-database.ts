// Where the security suite (test/security/) runs: the in-memory SQLite of every test by default;
// with STOREFRONT_TEST_SECURITY_DATABASE=mariadb, a throwaway database on the shared MariaDB per
// application; with =galera, a throwaway database per application on a 3-node Galera cluster
// started once for the run (each application writes through the next node in turn). `npm test`
// runs the suite all three ways (package.json).
import { randomBytes } from "node:crypto";
import { after, before } from "mocha";
import { createConnection } from "mysql2/promise";
import { GaleraCluster, galeraUnavailableReason } from "./galera-cluster.js";
import { createThrowawayDatabase, mysqlReachable } from "./mysql-database.js";

export type SecurityDatabaseKind = "sqlite" | "mariadb" | "galera";

export const securityDatabaseKind = (): SecurityDatabaseKind => {
  const named = process.env.STOREFRONT_TEST_SECURITY_DATABASE ?? "sqlite";
  if (named !== "sqlite" && named !== "mariadb" && named !== "galera") throw new Error(`STOREFRONT_TEST_SECURITY_DATABASE must be sqlite, mariadb or galera, not ${named}`);
  return named;
};

export interface SecurityDatabase {
  /** Undefined: the default in-memory SQLite. */
  readonly url: string | undefined;
  drop(): Promise<void>;
}

let cluster: Promise<GaleraCluster> | undefined;
let started = 0;

// A run on MariaDB or Galera where neither can be had: skipped with the reason, except under CI.
before(async function () {
  const kind = securityDatabaseKind();
  if (kind === "sqlite") return;
  const reason = kind === "mariadb" ? ((await mysqlReachable()) ? undefined : "no MariaDB reachable at 127.0.0.1:3306") : galeraUnavailableReason();
  if (reason === undefined) {
    // The cluster starts here, under a timeout of its own, not in the first suite's hook.
    this.timeout(180_000);
    if (kind === "galera") await (cluster ??= GaleraCluster.start());
    return;
  }
  if (process.env.CI === "true") throw new Error(`the security suite on ${kind} cannot run here, and CI=true requires it: ${reason}`);
  console.log(`  (the security suite on ${kind} is skipped: ${reason})`);
  this.skip();
});

after(async function () {
  this.timeout(60_000);
  if (cluster !== undefined) await (await cluster).stop();
});

/** A fresh database for one security application, on the kind this run names. */
export const securityDatabase = async (): Promise<SecurityDatabase> => {
  const kind = securityDatabaseKind();
  if (kind === "sqlite") return { url: undefined, drop: async () => undefined };
  if (kind === "mariadb") {
    if (!(await mysqlReachable())) throw new Error("STOREFRONT_TEST_SECURITY_DATABASE=mariadb, and no MariaDB is reachable at 127.0.0.1:3306");
    const db = await createThrowawayDatabase("security");
    return { url: db.url, drop: () => db.drop() };
  }
  const reason = galeraUnavailableReason();
  if (reason !== undefined) throw new Error(`STOREFRONT_TEST_SECURITY_DATABASE=galera, and a Galera cluster cannot be started here: ${reason}`);
  cluster ??= GaleraCluster.start();
  const running = await cluster;
  const name = `sf_security_${randomBytes(6).toString("hex")}`;
  await running.createDatabase(name, { schema: "migrated" });
  const first = started++ % running.nodes.length;
  return {
    url: running.multiHostUrl(name, first),
    drop: async () => {
      const conn = await createConnection({ uri: running.nodes[first]!.url(), connectTimeout: 5000 });
      try {
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await conn.end().catch(() => conn.destroy());
      }
    },
  };
};
