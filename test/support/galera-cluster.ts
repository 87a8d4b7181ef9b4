// Test support: a real, throwaway 3-node MariaDB Galera cluster on loopback ports (own datadirs,
// run as the mysql user), started and stopped by the test itself; never the shared MariaDB on 3306.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBinary, forgetDir, killOnExit, removeOnExit } from "./private-processes.js";
import { createConnection } from "mysql2/promise";
import knexFactory, { type Knex } from "knex";
import { copyMigratedSchema } from "./schema-template.js";

const GALERA_LIBRARY = "/usr/lib/galera/libgalera_smm.so";
const NODE_READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;
const OUTPUT_TAIL_CHARS = 12_000;
const SHARED_MARIADB_PORT = 3306;

/** Options that keep each node small; also given to mariadb-install-db so the files match. */
const LIGHT_OPTIONS = ["--innodb-buffer-pool-size=32M", "--innodb-log-file-size=8M", "--skip-name-resolve"];

/**
 * Group communication timeouts shorter than Galera's defaults (suspect 5 s, inactive 15 s), so a
 * killed node leaves the primary component in ~2 s and the others go on committing. Each period
 * must not exceed the next: keepalive <= inactive check <= suspect <= inactive.
 */
const FAST_FAILURE_DETECTION = [
  "evs.keepalive_period=PT0.5S",
  "evs.inactive_check_period=PT0.5S",
  "evs.suspect_timeout=PT1.5S",
  "evs.inactive_timeout=PT3S",
  "evs.install_timeout=PT3S",
  "gcache.size=32M",
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Distinct free loopback ports (held open together while picked, so none is handed out twice). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.unref();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === "object" && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  if (ports.some((port) => port === 0 || port === SHARED_MARIADB_PORT)) throw new Error(`could not pick free ports: ${ports.join(", ")}`);
  return ports;
}

/**
 * Why a cluster cannot be started on this machine, or undefined when it can: the Galera provider,
 * rsync, the MariaDB binaries, a `mysql` user and root (to hand the datadirs to that user).
 */
export function galeraUnavailableReason(): string | undefined {
  if (!existsSync(GALERA_LIBRARY)) return `no Galera provider at ${GALERA_LIBRARY} (Debian package galera-4)`;
  if (!findBinary(["rsync"])) return "rsync is not installed (needed for state transfers)";
  if (!findBinary(["mariadbd", "mysqld"])) return "mariadbd is not installed";
  if (!findBinary(["mariadb-install-db", "mysql_install_db"])) return "mariadb-install-db is not installed";
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return "not root (the nodes run as the mysql user on datadirs handed to it)";
  const id = spawnSync("id", ["-u", "mysql"], { encoding: "utf8" });
  if (id.status !== 0) return "no mysql user";
  return undefined;
}

interface NodePorts {
  readonly sql: number;
  readonly galera: number;
  readonly ist: number;
  readonly sst: number;
}

/** One mariadbd of the cluster: its ports, its datadir and the child process while it runs. */
export class GaleraNode {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private output = "";
  private exitInfo: string | undefined;
  private readonly listeners = new Set<(text: string) => void>();

  constructor(
    readonly index: number,
    readonly dir: string,
    readonly ports: NodePorts,
    private readonly mariadbd: string,
    private readonly clusterAddress: string,
  ) {}

  get port(): number {
    return this.ports.sql;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** mysql://root@127.0.0.1:<port>/<database> */
  url(database = ""): string {
    return `mysql://root@127.0.0.1:${this.ports.sql}/${database}`;
  }

  get log(): string {
    return this.output;
  }

  /** Starts mariadbd; `bootstrap` founds a new cluster (the first node), the others join it. */
  launch(bootstrap: boolean): void {
    if (this.child) throw new Error(`node ${this.index} is already running`);
    const providerOptions = [
      `base_port=${this.ports.galera}`,
      `gmcast.listen_addr=tcp://127.0.0.1:${this.ports.galera}`,
      `ist.recv_addr=127.0.0.1:${this.ports.ist}`,
      ...FAST_FAILURE_DETECTION,
    ].join(";");
    const args = [
      "--no-defaults",
      `--datadir=${join(this.dir, "data")}`,
      `--port=${this.ports.sql}`,
      "--bind-address=127.0.0.1",
      `--socket=${join(this.dir, "mariadb.sock")}`,
      `--pid-file=${join(this.dir, "mariadb.pid")}`,
      `--tmpdir=${join(this.dir, "tmp")}`,
      "--user=mysql",
      ...LIGHT_OPTIONS,
      "--performance-schema=OFF",
      "--loose-feedback=OFF",
      "--innodb-flush-log-at-trx-commit=2",
      "--innodb-doublewrite=0",
      "--max-connections=300",
      "--binlog-format=ROW",
      "--innodb-autoinc-lock-mode=2",
      "--default-storage-engine=InnoDB",
      "--wsrep-on=ON",
      `--wsrep-provider=${GALERA_LIBRARY}`,
      `--wsrep-cluster-address=${this.clusterAddress}`,
      "--wsrep-cluster-name=storefront-test",
      `--wsrep-node-name=node${this.index + 1}`,
      "--wsrep-node-address=127.0.0.1",
      `--wsrep-node-incoming-address=127.0.0.1:${this.ports.sql}`,
      `--wsrep-provider-options=${providerOptions}`,
      "--wsrep-sst-method=rsync",
      `--wsrep-sst-receive-address=127.0.0.1:${this.ports.sst}`,
      "--wsrep-slave-threads=2",
      ...(bootstrap ? ["--wsrep-new-cluster"] : []),
    ];
    this.output = "";
    this.exitInfo = undefined;
    const child = spawn(this.mariadbd, args, { stdio: ["ignore", "pipe", "pipe"], cwd: this.dir });
    const append = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      this.output = (this.output + text).slice(-OUTPUT_TAIL_CHARS);
      for (const listener of this.listeners) listener(text);
    };
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
    this.exited = new Promise<void>((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitInfo = `code ${code}, signal ${signal}`;
        if (this.child === child) this.child = undefined;
        resolve();
      });
      child.once("error", (error) => {
        this.exitInfo = `spawn error: ${error.message}`;
        if (this.child === child) this.child = undefined;
        resolve();
      });
    });
    this.child = child;
    killOnExit(child);
  }

  /** SIGKILL, as a crash would; resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    const exited = this.exited;
    if (!child || !exited) return;
    child.kill("SIGKILL");
    await exited;
  }

  /** SIGTERM and wait; SIGKILL after a grace period. */
  async stop(): Promise<void> {
    const child = this.child;
    const exited = this.exited;
    if (!child || !exited) return;
    child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    const killed = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve();
      }, STOP_GRACE_MS);
    });
    await Promise.race([exited, killed]);
    clearTimeout(timer);
    await exited;
  }

  /** Calls `listener` with everything the node writes from now on (its log); the returned function stops it. */
  onOutput(listener: (text: string) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Sets global variables of the running node (`SET GLOBAL name = value` for each). */
  async setGlobals(values: Readonly<Record<string, string | number>>): Promise<void> {
    const conn = await createConnection({ uri: this.url(), connectTimeout: 1000 });
    try {
      for (const [name, value] of Object.entries(values)) await conn.query(`SET GLOBAL ${name} = ?`, [value]);
    } finally {
      await conn.end().catch(() => conn.destroy());
    }
  }

  /** The node's wsrep status variables (empty when it does not answer). */
  async status(): Promise<Record<string, string>> {
    const conn = await createConnection({ uri: this.url(), connectTimeout: 1000 });
    try {
      const [rows] = await conn.query("SHOW GLOBAL STATUS LIKE 'wsrep_%'");
      return Object.fromEntries((rows as { Variable_name: string; Value: string }[]).map((row) => [row.Variable_name, row.Value]));
    } finally {
      await conn.end().catch(() => conn.destroy());
    }
  }

  /** Waits until the node answers, is Synced, in the primary component, and sees `size` members. */
  async waitSynced(size: number, timeoutMs = NODE_READY_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = "no answer yet";
    for (;;) {
      if (this.exitInfo !== undefined && !this.child) {
        throw new Error(`galera node ${this.index + 1} exited (${this.exitInfo}):\n${this.output}`);
      }
      try {
        const status = await this.status();
        last = `state ${status.wsrep_local_state_comment}, cluster ${status.wsrep_cluster_status}, size ${status.wsrep_cluster_size}, ready ${status.wsrep_ready}`;
        if (
          status.wsrep_local_state_comment === "Synced" &&
          status.wsrep_cluster_status === "Primary" &&
          status.wsrep_ready === "ON" &&
          Number(status.wsrep_cluster_size) === size
        ) {
          return;
        }
      } catch (error) {
        last = (error as Error).message;
      }
      if (Date.now() > deadline) {
        throw new Error(`galera node ${this.index + 1} (port ${this.ports.sql}) not Synced in a cluster of ${size} within ${timeoutMs} ms (${last}):\n${this.output}`);
      }
      await sleep(200);
    }
  }
}

export class GaleraCluster {
  private destroyed = false;

  private constructor(
    private readonly root: string,
    readonly nodes: readonly GaleraNode[],
    /** How long start() took, from the first install to three Synced nodes. */
    readonly startedInMs: number,
  ) {}

  /**
   * Creates three datadirs (the first initialised with mariadb-install-db, the others filled by
   * rsync state transfer when they join), bootstraps node 1, joins nodes 2 and 3 one after the
   * other, and waits for a cluster of 3 Synced nodes. Root may log in over TCP without a password.
   */
  static async start(size = 3): Promise<GaleraCluster> {
    // The ports are picked free, then released for the nodes to bind: another process on the
    // machine may take one in between. Such a start is thrown away and made again on new ports.
    for (let attempt = 1; ; attempt++) {
      try {
        return await GaleraCluster.startOnce(size);
      } catch (error) {
        if (attempt === 3 || !/Address already in use/.test(String(error))) throw error;
        console.error(`galera cluster: a port was taken while the nodes started; starting again on new ports (attempt ${attempt + 1})`);
      }
    }
  }

  private static async startOnce(size: number): Promise<GaleraCluster> {
    const reason = galeraUnavailableReason();
    if (reason !== undefined) throw new Error(`cannot start a Galera cluster: ${reason}`);
    const began = Date.now();
    const mariadbd = findBinary(["mariadbd", "mysqld"])!;
    const installDb = findBinary(["mariadb-install-db", "mysql_install_db"])!;
    const root = await mkdtemp(join(tmpdir(), "sf-galera-"));
    removeOnExit(root);
    // The mysql user must reach the node dirs inside the root-owned temp dir.
    chmodSync(root, 0o755);
    const nodes: GaleraNode[] = [];
    try {
      const ports = await freePorts(size * 4);
      const nodePorts: NodePorts[] = Array.from({ length: size }, (_, i) => ({
        sql: ports[i * 4]!,
        galera: ports[i * 4 + 1]!,
        ist: ports[i * 4 + 2]!,
        sst: ports[i * 4 + 3]!,
      }));
      const clusterAddress = `gcomm://${nodePorts.map((p) => `127.0.0.1:${p.galera}`).join(",")}`;
      for (let i = 0; i < size; i++) {
        const dir = join(root, `node${i + 1}`);
        mkdirSync(join(dir, "data"), { recursive: true });
        // Its own tmpdir: a starting mariadbd deletes every `#sql*` file in its tmpdir, which in
        // the shared /tmp are the temporary tables of the machine's MariaDB, mid-query.
        mkdirSync(join(dir, "tmp"));
        const chown = spawnSync("chown", ["-R", "mysql:mysql", dir], { encoding: "utf8" });
        if (chown.status !== 0) throw new Error(`chown of ${dir} failed: ${chown.stderr}`);
        nodes.push(new GaleraNode(i, dir, nodePorts[i]!, mariadbd, clusterAddress));
      }
      const install = spawnSync(
        installDb,
        [
          "--no-defaults",
          `--datadir=${join(nodes[0]!.dir, "data")}`,
          "--auth-root-authentication-method=normal",
          "--skip-test-db",
          "--user=mysql",
          `--tmpdir=${join(nodes[0]!.dir, "tmp")}`,
          ...LIGHT_OPTIONS,
        ],
        { encoding: "utf8", timeout: 120_000 },
      );
      if (install.status !== 0) {
        const tail = `${install.stdout ?? ""}${install.stderr ?? ""}`.slice(-OUTPUT_TAIL_CHARS);
        throw new Error(`mariadb-install-db failed (status ${install.status}, ${install.error?.message ?? "no error"}):\n${tail}`);
      }
      const cluster = new GaleraCluster(root, nodes, 0);
      nodes[0]!.launch(true);
      await nodes[0]!.waitSynced(1);
      // Root over TCP without a password, as on the private single MariaDB; replicated to joiners by SST.
      await cluster.grantRootOverTcp(nodes[0]!);
      for (const node of nodes.slice(1)) {
        node.launch(false);
        await node.waitSynced(nodes.indexOf(node) + 1);
      }
      await cluster.waitWhole();
      return new GaleraCluster(root, nodes, Date.now() - began);
    } catch (error) {
      await Promise.all(nodes.map((node) => node.kill()));
      await rm(root, { recursive: true, force: true });
      forgetDir(root);
      throw error;
    }
  }

  get size(): number {
    return this.nodes.length;
  }

  /** One URL per node, mysql://root@127.0.0.1:<port>/<database>. */
  urls(database = ""): string[] {
    return this.nodes.map((node) => node.url(database));
  }

  /** One URL listing every node, `first` (0-based) first and the others after it in order. */
  multiHostUrl(database: string, first = 0): string {
    const order = [...this.nodes.slice(first), ...this.nodes.slice(0, first)];
    return `mysql://root@${order.map((node) => `127.0.0.1:${node.port}`).join(",")}/${database}`;
  }

  /**
   * Creates database `name` on the cluster: empty by default, or with the migrated schema copied
   * from a template the migrations built once on this cluster (test/support/schema-template.ts).
   */
  async createDatabase(name: string, options: { schema?: "empty" | "migrated" } = {}): Promise<void> {
    if (!/^[A-Za-z0-9_]{1,64}$/.test(name)) throw new Error(`unsafe database name: ${name}`);
    const node = this.nodes.find((n) => n.running);
    if (!node) throw new Error("no galera node is running");
    const conn = await createConnection({ uri: node.url(), connectTimeout: 5000 });
    try {
      await conn.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await conn.end().catch(() => conn.destroy());
    }
    if (options.schema === "migrated") await copyMigratedSchema(node.url().replace(/\/$/, ""), name);
  }

  /** SIGKILLs node `index` (0-based), as a crash would. */
  async kill(index: number): Promise<void> {
    await this.node(index).kill();
  }

  /** Starts node `index` again on its datadir; it rejoins (IST or SST) and the cluster is whole again. */
  async restart(index: number): Promise<void> {
    if (this.destroyed) throw new Error("the cluster was stopped");
    const node = this.node(index);
    await node.stop();
    node.launch(false);
    await this.waitWhole();
  }

  /** Waits until every node is Synced in one primary component of all the nodes. */
  async waitWhole(timeoutMs = NODE_READY_TIMEOUT_MS): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.waitSynced(this.nodes.length, timeoutMs)));
  }

  /** Stops every node and removes the datadirs. Idempotent. */
  async stop(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    // Joiners first, so the last one standing shuts down a cluster of one cleanly.
    for (const node of [...this.nodes].reverse()) await node.stop();
    await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
    forgetDir(this.root);
  }

  private node(index: number): GaleraNode {
    const node = this.nodes[index];
    if (!node) throw new Error(`no galera node ${index}`);
    return node;
  }

  private async grantRootOverTcp(node: GaleraNode): Promise<void> {
    const conn = await createConnection({ uri: node.url(), connectTimeout: 5000 });
    try {
      // mariadb-install-db with normal authentication already lets root@localhost in without a password;
      // 127.0.0.1 with skip-name-resolve is root@127.0.0.1, which is also created. Make sure of both.
      await conn.query("CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY ''");
      await conn.query("GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION");
    } finally {
      await conn.end().catch(() => conn.destroy());
    }
  }
}

/**
 * A record of what the given nodes were doing while a fault test ran, for its failure message:
 * every `everyMs`, each node's cluster view and state and the statements that had run for
 * `slowSeconds` or more (their state and first characters), kept only when it changed. Its own
 * connections read without a causal wait, so a node that stalls reads does not stall the watch.
 */
export class ClusterWatch {
  private readonly lines: string[] = [];
  private readonly last = new Map<number, string>();
  private readonly stopLogs: (() => void)[] = [];
  private readonly logLines: string[] = [];
  private stopped = false;
  private readonly done: Promise<void>;
  /** The most statements seen running `slowSeconds` or more on one node at once. */
  mostSlow = 0;

  constructor(
    private readonly nodes: readonly GaleraNode[],
    private readonly origin: number,
    everyMs = 500,
    private readonly slowSeconds = 2,
  ) {
    for (const node of nodes) {
      this.stopLogs.push(
        node.onOutput((text) => {
          for (const line of text.split("\n")) if (/WSREP|view|Primary|non-Prim|suspect|declar/i.test(line)) this.logLines.push(`${this.at()} node ${node.index + 1}: ${line.trim().slice(0, 200)}`);
        }),
      );
    }
    this.done = this.loop(everyMs);
  }

  private at(): string {
    return `${Math.round(performance.now() - this.origin)} ms`;
  }

  private async loop(everyMs: number): Promise<void> {
    while (!this.stopped) {
      await Promise.all(this.nodes.filter((node) => node.running).map((node) => this.look(node)));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }

  private async look(node: GaleraNode): Promise<void> {
    let summary: string;
    try {
      const conn = await createConnection({ uri: node.url(), connectTimeout: 1000 });
      try {
        await conn.query({ sql: "SET SESSION wsrep_sync_wait = 0", timeout: 2000 });
        const [status] = await conn.query({ sql: "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_cluster_status', 'wsrep_cluster_size', 'wsrep_local_state_comment', 'wsrep_ready', 'wsrep_local_recv_queue')", timeout: 2000 });
        const values = Object.fromEntries((status as { Variable_name: string; Value: string }[]).map((row) => [row.Variable_name, row.Value]));
        const [slow] = await conn.query({
          sql: "SELECT time, state, left(info, 60) AS info FROM information_schema.processlist WHERE command <> 'Sleep' AND user <> 'system user' AND info IS NOT NULL AND time >= ? AND id <> connection_id() ORDER BY time DESC",
          values: [this.slowSeconds],
          timeout: 2000,
        });
        const rows = slow as { time: number; state: string; info: string }[];
        this.mostSlow = Math.max(this.mostSlow, rows.length);
        const states = new Map<string, number>();
        for (const row of rows) states.set(`${row.state} (${row.info})`, (states.get(`${row.state} (${row.info})`) ?? 0) + 1);
        summary =
          `${values.wsrep_cluster_status}/${values.wsrep_cluster_size} ${values.wsrep_local_state_comment} ready=${values.wsrep_ready} recv_queue=${values.wsrep_local_recv_queue}` +
          (rows.length === 0 ? "" : `; ${rows.length} statements running >= ${this.slowSeconds} s (longest ${rows[0]!.time} s): ${[...states].map(([s, n]) => `${n}x ${s}`).join(", ")}`);
      } finally {
        // Closed at once: a stalled node might not answer a polite end.
        conn.destroy();
      }
    } catch (error) {
      summary = `no answer: ${(error as Error).message}`;
    }
    if (this.last.get(node.index) === summary) return;
    this.last.set(node.index, summary);
    this.lines.push(`${this.at()} node ${node.index + 1}: ${summary}`);
  }

  /** Stops watching and returns the record: the changes seen, then the nodes' cluster log lines. */
  async stop(): Promise<string> {
    this.stopped = true;
    for (const stop of this.stopLogs) stop();
    await this.done;
    return [...this.lines, "their cluster log lines:", ...this.logLines.slice(-60)].join("\n");
  }
}

/**
 * A small pool of reads through one node that answer after it applied what the others committed
 * (wsrep_sync_wait = 1). A test's checks read through such a pool: without it, a node read just
 * after the servers' last commits through the other nodes can miss some of them.
 */
export const causalKnex = (url: string): Knex =>
  knexFactory({
    client: "mysql2",
    connection: url,
    pool: {
      min: 0,
      max: 2,
      afterCreate: (conn: { query: (sql: string, done: (error: Error | null) => void) => void }, done: (error: Error | null, conn: unknown) => void) =>
        conn.query("SET SESSION wsrep_sync_wait = 1", (error) => done(error, conn)),
    },
  });
