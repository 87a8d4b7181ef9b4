// Test support: `storefront worker` as a child process, as an operator runs it, ready once it logs
// "worker started"; it can be stopped gracefully or killed with SIGKILL mid-delivery.
import { spawn, type ChildProcess } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { childEnv } from "./server-process.js";
import { storefrontCommand } from "./command-build.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const READY_TIMEOUT_MS = 60_000;
/** Enough of the log for a test to count a short run's job results at debug level. */
const TAIL_CHARS = 512_000;

const live = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

export class WorkerProcess {
  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
    private readonly output: () => string,
  ) {}

  get log(): string {
    return this.output();
  }

  static start(databaseUrl: string, extraEnv: Readonly<Record<string, string>> = {}): Promise<WorkerProcess> {
    const child = spawn(process.execPath, [storefrontCommand(), "worker"], {
      cwd: ROOT,
      env: childEnv({ STOREFRONT_DATABASE_URL: databaseUrl, STOREFRONT_LOG_LEVEL: "info", ...extraEnv }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    live.add(child);
    const exited = new Promise<void>((done) =>
      child.once("exit", () => {
        live.delete(child);
        done();
      }),
    );
    let tail = "";
    return new Promise((resolvePromise, reject) => {
      let ready = false;
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`storefront worker did not start within ${READY_TIMEOUT_MS} ms:\n${tail}`));
      }, READY_TIMEOUT_MS);
      const read = (chunk: Buffer): void => {
        tail = (tail + chunk.toString("utf8")).slice(-TAIL_CHARS);
        if (!ready && tail.includes('"msg":"worker started"')) {
          ready = true;
          clearTimeout(timer);
          resolvePromise(new WorkerProcess(child, exited, () => tail));
        }
      };
      child.stdout!.on("data", read);
      child.stderr!.on("data", read);
      child.once("exit", (code, signal) => {
        if (ready) return;
        clearTimeout(timer);
        reject(new Error(`storefront worker exited before starting (code ${code}, signal ${signal}):\n${tail}`));
      });
    });
  }

  /** SIGKILL: no shutdown code runs, claims stay as they were. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill("SIGKILL");
    await this.exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}
