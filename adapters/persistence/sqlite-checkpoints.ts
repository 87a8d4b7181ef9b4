// SQLite's checkpoints off the event loop (docs/decisions/checkout.md, "checkout-33").
//
// In WAL mode SQLite copies the WAL's pages back into the database file in a checkpoint, and by
// default it runs one inside the commit that leaves the WAL 1,000 pages long: on the one
// connection the server has, on the event loop, with two fsyncs. Every request waits for it.
// Measured on transactions like a new cart's first add: 100 µs of a 220 µs transaction was that
// wait, paid as milliseconds on the event loop once in about a hundred commits.
//
// So a file database gets a worker thread with a connection of its own that runs a PASSIVE
// checkpoint every CHECKPOINT_PERIOD_MS: it copies what has been committed since the last one,
// beside the writes, and fsyncs the WAL and the file. The server's connection keeps SQLite's own
// checkpoint only as a bound (`wal_autocheckpoint` at WAL_PAGES_BOUND): when the worker cannot
// finish between two write transactions for long (a write storm), the WAL reaches that bound and
// the next commits checkpoint the few pages left there, after which the next write starts the WAL
// over. An in-memory database has no WAL and no worker.
//
// Durability: with `synchronous = NORMAL` a commit is on disk once the WAL is fsynced, which only
// a checkpoint does. SQLite's own checkpoint came after 1,000 pages, which on a quiet shop could be
// hours of orders; the worker's comes within CHECKPOINT_PERIOD_MS of a commit.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the worker checkpoints. It is also how long a commit may stay only in the OS's cache. */
export const CHECKPOINT_PERIOD_MS = 100;

/** The WAL's length, in pages, at which the server's own connection checkpoints (about 40 MB). */
export const WAL_PAGES_BOUND = 10_000;

/** What the worker has done, as it last reported. */
export interface CheckpointCounts {
  /** Checkpoints that copied at least one page. */
  readonly checkpoints: number;
  /** Pages copied into the database file by those checkpoints (at least: a WAL started over and grown back past its length between two checkpoints is counted from its old length). */
  readonly pages: number;
  /** Why the worker stopped, when it did (the server's own bound then keeps the WAL short). */
  readonly failed?: string;
}

// Plain JavaScript run by the worker (`eval`), so that it needs no TypeScript loader under tsx.
const WORKER_SOURCE = `
const { existsSync } = require("node:fs");
const { parentPort, workerData } = require("node:worker_threads");
const Sqlite = require(workerData.driver);
let db;
const counts = { checkpoints: 0, pages: 0 };
let lastLog = 0;
let lastDone = 0;
const stop = (failure) => {
  clearInterval(timer);
  if (failure !== undefined) parentPort.postMessage({ ...counts, failed: failure });
  if (db !== undefined && db.open) db.close();
};
const timer = setInterval(() => {
  try {
    // The server's connection makes the file; until it has, there is nothing to checkpoint.
    if (db === undefined) {
      if (!existsSync(workerData.filename)) return;
      db = new Sqlite(workerData.filename, { fileMustExist: true });
      db.pragma("synchronous = NORMAL");
    }
    // log: pages in the WAL; checkpointed: of those, how many are in the file now (-1 while the
    // file is not in WAL mode yet). A WAL that shrank was started over since the last call.
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    const log = Math.max(0, result.log);
    const done = Math.max(0, result.checkpointed);
    const copied = log < lastLog || done < lastDone ? done : done - lastDone;
    lastLog = log;
    lastDone = done;
    if (copied > 0) {
      counts.checkpoints += 1;
      counts.pages += copied;
      parentPort.postMessage(counts);
    }
  } catch (error) {
    stop(String((error && error.message) || error));
  }
}, workerData.periodMs);
parentPort.on("message", () => {
  stop(undefined);
  parentPort.close();
});
`;

export class SqliteCheckpoints {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private last: CheckpointCounts = { checkpoints: 0, pages: 0 };
  private closing: Promise<void> | undefined;

  constructor(filename: string, periodMs: number = CHECKPOINT_PERIOD_MS) {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driver, periodMs } });
    this.worker.on("message", (counts: CheckpointCounts) => (this.last = counts));
    this.worker.on("error", (error: Error) => (this.last = { ...this.last, failed: error.message }));
    this.exited = new Promise((resolve) => this.worker.once("exit", () => resolve()));
    // A server's lifetime, not the worker's, decides when the process ends.
    this.worker.unref();
  }

  /** What the worker has done so far. */
  counts(): CheckpointCounts {
    return this.last;
  }

  /**
   * Stops the worker and closes its connection. Called before the server's own connection
   * closes, so that SQLite's last close, which checkpoints and removes the WAL, is the server's.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      // A worker that stopped on an error has closed its connection but still listens.
      this.worker.postMessage("close");
      const late = setTimeout(() => void this.worker.terminate(), 2_000);
      await this.exited;
      clearTimeout(late);
    })();
    return this.closing;
  }
}
