// Test support: the `storefront` command as child processes, as an operator runs it — `seed --json`
// into a database, and `serve` on a free port read from its "storefront listening" log line.
// Children are stopped by their own pid; any still running when the tests exit are killed.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { storefrontCommand } from "./command-build.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const TAIL_CHARS = 256_000;

/** The parent's environment without any Storefront setting, plus the given ones. */
export const childEnv = (extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith("STOREFRONT_") && name !== "PORT" && name !== "HOST" && name !== "NODE_OPTIONS") env[name] = value;
  }
  return { ...env, ...extra };
};

export interface SeededStore {
  readonly store_id: string;
  readonly secret_key: string;
  readonly publishable_key: string;
  readonly hmac_secret: string;
}

/** Runs `storefront seed --json` against a database and returns the store it printed. */
export const seedStore = (databaseUrl: string, args: readonly string[] = []): Promise<SeededStore> =>
  new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      [storefrontCommand(), "seed", "--json", ...args],
      { cwd: ROOT, env: childEnv({ STOREFRONT_DATABASE_URL: databaseUrl, STOREFRONT_LOG_LEVEL: "warn" }), timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error !== null) return reject(new Error(`storefront seed failed: ${error.message}\n${stderr}`));
        try {
          resolvePromise(JSON.parse(stdout.trim()) as SeededStore);
        } catch {
          reject(new Error(`storefront seed printed no JSON:\n${stdout}\n${stderr}`));
        }
      },
    );
  });

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
const track = (child: ChildProcess): void => {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", () => {
      for (const c of live) c.kill("SIGKILL");
    });
  }
  live.add(child);
  child.once("exit", () => live.delete(child));
};

export class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
    readonly port: number,
    private readonly output: () => string,
    /** The pids of the processes that serve HTTP (each cluster worker's, with `--workers`). */
    readonly httpPids: readonly number[],
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The process id (of the cluster primary with `--workers`). */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Sends a signal (SIGKILL for a crash, SIGTERM for a graceful shutdown) without waiting. */
  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Resolves with the exit code and signal once the process has exited. */
  async exit(): Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }> {
    await this.exited;
    return { code: this.child.exitCode, signal: this.child.signalCode };
  }

  /** What the server wrote lately, for failure messages. */
  get log(): string {
    return this.output();
  }

  /**
   * `storefront serve --no-worker --no-demo [...args]` (with `worker: true`, the background worker
   * runs; with `workers: N`, `--workers N` and it resolves once all N HTTP processes listen) on a
   * free loopback port; resolves once it listens.
   */
  static start(
    databaseUrl: string,
    extraEnv: Readonly<Record<string, string>> = {},
    args: readonly string[] = [],
    options: { readonly worker?: boolean; readonly workers?: number } = {},
  ): Promise<ServerProcess> {
    const flags = [
      ...(options.worker === true ? ["--no-demo"] : ["--no-worker", "--no-demo"]),
      ...(options.workers !== undefined ? ["--workers", String(options.workers)] : []),
    ];
    const listeners = options.workers !== undefined && options.workers > 1 ? options.workers : 1;
    const pids: number[] = [];
    const child = spawn(process.execPath, [storefrontCommand(), "serve", ...flags, ...args], {
      cwd: ROOT,
      env: childEnv({ STOREFRONT_DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1", STOREFRONT_LOG_LEVEL: "info", ...extraEnv }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    track(child);
    let tail = "";
    let pending = "";
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`storefront serve did not listen within ${READY_TIMEOUT_MS} ms:\n${tail}`));
      }, READY_TIMEOUT_MS);
      let ready = false;
      // stdout is read to its end, always: a full pipe would stall the server.
      child.stdout!.on("data", (chunk: Buffer) => {
        const text = chunk.toString("utf8");
        tail = (tail + text).slice(-TAIL_CHARS);
        if (ready) return;
        pending += text;
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) {
          let entry: { msg?: string; port?: number; pid?: number } | undefined;
          try {
            entry = JSON.parse(line);
          } catch {
            continue;
          }
          if (entry?.msg === "storefront listening" && typeof entry.port === "number") {
            if (typeof entry.pid === "number" && !pids.includes(entry.pid)) pids.push(entry.pid);
            if (pids.length < listeners) continue;
            ready = true;
            clearTimeout(timer);
            resolvePromise(new ServerProcess(child, exited, entry.port, () => tail, pids));
            return;
          }
        }
      });
      child.stderr!.on("data", (chunk: Buffer) => {
        tail = (tail + chunk.toString("utf8")).slice(-TAIL_CHARS);
      });
      child.once("exit", (code, signal) => {
        if (ready) return;
        clearTimeout(timer);
        reject(new Error(`storefront serve exited before listening (code ${code}, signal ${signal}):\n${tail}`));
      });
    });
  }

  /** SIGTERM (a graceful shutdown), then SIGKILL after 10 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.exited,
      new Promise<void>((done) => {
        timer = setTimeout(() => {
          this.child.kill("SIGKILL");
          done();
        }, STOP_GRACE_MS);
      }),
    ]);
    clearTimeout(timer);
    await this.exited;
  }
}
