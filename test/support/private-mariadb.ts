// Test support: a private, throwaway MariaDB server (own datadir and port) that fault tests
// may stop and restart, e.g. to prove the app answers 503 while the database is down and recovers.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBinary, forgetDir, killOnExit, removeOnExit } from "./private-processes.js";
import { createConnection } from "mysql2/promise";

const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 10_000;
const STDERR_TAIL_CHARS = 8_000;

/** Options that keep the server small and quick; also given to mariadb-install-db so the files match. */
const LIGHT_OPTIONS = [
  "--innodb-buffer-pool-size=16M",
  "--innodb-log-file-size=4M",
  "--skip-name-resolve",
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("could not pick a free port"))));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function track(child: ChildProcess): void {
  killOnExit(child);
}

export class PrivateMariaDb {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private output = "";
  private destroyed = false;

  private constructor(
    private readonly dir: string,
    private readonly mariadbd: string,
    readonly port: number,
  ) {}

  /** Initialises a fresh datadir in a temp dir and starts a server on a free 127.0.0.1 port. */
  static async start(): Promise<PrivateMariaDb> {
    const mariadbd = findBinary(["mariadbd", "mysqld"]);
    const installDb = findBinary(["mariadb-install-db", "mysql_install_db"]);
    if (!mariadbd || !installDb) {
      throw new Error(
        `mariadb binaries not found (mariadbd: ${mariadbd ?? "missing"}, mariadb-install-db: ${installDb ?? "missing"})`,
      );
    }
    const dir = await mkdtemp(join(tmpdir(), "sf-mariadb-"));
    removeOnExit(dir);
    // Its own tmpdir: a starting mariadbd deletes every `#sql*` file in its tmpdir, which in the
    // shared /tmp are the temporary tables of the machine's MariaDB, mid-query.
    mkdirSync(join(dir, "tmp"));
    try {
      const install = spawnSync(
        installDb,
        [
          "--no-defaults",
          `--datadir=${join(dir, "data")}`,
          "--auth-root-authentication-method=normal",
          "--skip-test-db",
          "--user=root",
          `--tmpdir=${join(dir, "tmp")}`,
          ...LIGHT_OPTIONS,
        ],
        { encoding: "utf8", timeout: 60_000 },
      );
      if (install.status !== 0) {
        const tail = `${install.stdout ?? ""}${install.stderr ?? ""}`.slice(-STDERR_TAIL_CHARS);
        throw new Error(`mariadb-install-db failed (status ${install.status}, ${install.error?.message ?? "no error"}):\n${tail}`);
      }
      const db = new PrivateMariaDb(dir, mariadbd, await freePort());
      await db.launch();
      return db;
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      forgetDir(dir);
      throw error;
    }
  }

  /** mysql://root@127.0.0.1:<port>/<database> (no trailing database when omitted). */
  url(database?: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database ?? ""}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  async createDatabase(name: string): Promise<void> {
    if (!/^[A-Za-z0-9_]{1,64}$/.test(name)) throw new Error(`unsafe database name: ${name}`);
    const conn = await createConnection({ uri: this.url(), connectTimeout: 5000 });
    try {
      await conn.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await conn.end().catch(() => conn.destroy());
    }
  }

  /** SIGTERM, wait for the exit; SIGKILL after 10 s. No-op when not running. */
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

  /** Starts the server again on the same datadir and port, and waits until it accepts connections. */
  async restart(): Promise<void> {
    if (this.destroyed) throw new Error("PrivateMariaDb was destroyed");
    await this.stop();
    await this.launch();
  }

  /** Stops the server if running and removes the temp dir. Idempotent. */
  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
    forgetDir(this.dir);
  }

  private async launch(): Promise<void> {
    const args = [
      "--no-defaults",
      `--datadir=${join(this.dir, "data")}`,
      `--port=${this.port}`,
      "--bind-address=127.0.0.1",
      `--socket=${join(this.dir, "mariadb.sock")}`,
      `--pid-file=${join(this.dir, "mariadb.pid")}`,
      `--tmpdir=${join(this.dir, "tmp")}`,
      "--user=root",
      ...LIGHT_OPTIONS,
      "--skip-log-bin",
      "--performance-schema=OFF",
      "--loose-feedback=OFF",
      "--innodb-flush-log-at-trx-commit=2",
      "--innodb-doublewrite=0",
      "--max-connections=200",
    ];
    this.output = "";
    const child = spawn(this.mariadbd, args, { stdio: ["ignore", "pipe", "pipe"] });
    const append = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    };
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
    let exitInfo: string | undefined;
    this.exited = new Promise<void>((resolve) => {
      child.once("exit", (code, signal) => {
        exitInfo = `code ${code}, signal ${signal}`;
        if (this.child === child) {
          this.child = undefined;
        }
        resolve();
      });
      child.once("error", (error) => {
        exitInfo = `spawn error: ${error.message}`;
        if (this.child === child) this.child = undefined;
        resolve();
      });
    });
    this.child = child;
    track(child);

    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (exitInfo !== undefined) {
        throw new Error(`mariadbd exited before it was ready (${exitInfo}):\n${this.output}`);
      }
      try {
        const conn = await createConnection({ uri: this.url(), connectTimeout: 1000 });
        await conn.end().catch(() => conn.destroy());
        return;
      } catch {
        // not ready yet
      }
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error(`mariadbd on port ${this.port} not ready within ${READY_TIMEOUT_MS} ms:\n${this.output}`);
      }
      await sleep(100);
    }
  }
}
