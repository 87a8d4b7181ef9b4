// Test support: throwaway MySQL/MariaDB databases on a shared server, and a mocha
// `describeMysql` wrapper that skips (locally) or fails (CI=true) when no server is reachable.
import { randomBytes } from "node:crypto";
import { createConnection } from "mysql2/promise";
import { copyMigratedSchema } from "./schema-template.js";

export const DEFAULT_TEST_MYSQL_URL = "mysql://root@127.0.0.1:3306";

export interface ThrowawayDatabase {
  /** Connection URL including the database, e.g. mysql://root@127.0.0.1:3306/sf_test_x_ab12 */
  url: string;
  name: string;
  drop(): Promise<void>;
}

function baseUrl(): string {
  return process.env.STOREFRONT_TEST_MYSQL_URL ?? DEFAULT_TEST_MYSQL_URL;
}

/** The server URL without any database path. */
function serverUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "";
  return u.toString().replace(/\/$/, "");
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function sanitize(prefix: string): string {
  const cleaned = prefix
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 36)
    .replace(/_+$/, "");
  return cleaned === "" ? "db" : cleaned;
}

export async function mysqlReachable(url = process.env.STOREFRONT_TEST_MYSQL_URL ?? DEFAULT_TEST_MYSQL_URL): Promise<boolean> {
  try {
    const conn = await createConnection({ uri: serverUrl(url), connectTimeout: 1500 });
    try {
      await conn.query("select 1");
    } finally {
      await conn.end().catch(() => conn.destroy());
    }
    return true;
  } catch {
    return false;
  }
}

export interface ThrowawayOptions {
  /**
   * "migrated" (the default): the whole schema, copied from a template the migrations built once
   * (test/support/schema-template.ts), so opening it migrates nothing. "empty": no tables, for
   * the tests of the migrations themselves.
   */
  readonly schema?: "migrated" | "empty";
}

export async function createThrowawayDatabase(prefix: string, options: ThrowawayOptions = {}): Promise<ThrowawayDatabase> {
  const base = serverUrl(baseUrl());
  const name = `sf_test_${sanitize(prefix)}_${randomBytes(6).toString("hex")}`;
  if (!/^[a-z0-9_]{1,64}$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const conn = await createConnection({ uri: base, connectTimeout: 5000 });
  try {
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end().catch(() => conn.destroy());
  }
  if ((options.schema ?? "migrated") === "migrated") await copyMigratedSchema(base, name);
  let dropped = false;
  return {
    url: withDatabase(base, name),
    name,
    async drop(): Promise<void> {
      if (dropped) return;
      const c = await createConnection({ uri: base, connectTimeout: 5000 });
      try {
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
        dropped = true;
      } finally {
        await c.end().catch(() => c.destroy());
      }
    },
  };
}

/**
 * A mocha `describe` whose tests get a fresh throwaway database (via `getDb()`, valid inside
 * tests and hooks). Without a reachable server the suite is skipped, unless CI=true, where it fails.
 */
export function describeMysql(title: string, body: (getDb: () => ThrowawayDatabase) => void, options: ThrowawayOptions = {}): void {
  describe(title, function () {
    let db: ThrowawayDatabase | undefined;

    before(async function () {
      const url = baseUrl();
      if (!(await mysqlReachable(url))) {
        if (process.env.CI !== "true") {
          console.log(`  skipped: ${title}: no MySQL/MariaDB reachable at ${url} (set CI=true to require it)`);
          this.skip();
        }
        throw new Error(`MySQL/MariaDB is required in CI (CI=true) but none is reachable at ${url}`);
      }
      db = await createThrowawayDatabase(title, options);
    });

    after(async function () {
      const current = db;
      db = undefined;
      if (current) await current.drop();
    });

    body(() => {
      if (!db) throw new Error(`describeMysql(${JSON.stringify(title)}): database not ready (use getDb() inside tests or hooks)`);
      return db;
    });
  });
}
