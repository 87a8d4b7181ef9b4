// A SQLite file's checkpoints run in a worker thread beside the server's connection
// (docs/decisions/checkout.md, "checkout-33"): a commit reaches the database file itself within a
// few checkpoint periods, without the server's connection checkpointing; a write storm that leaves
// the worker no gap keeps the WAL within its bound; closing stops the worker before the server's
// own connection, whose close then removes the WAL; a worker that cannot checkpoint says why and
// still closes; an in-memory database has no worker.
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { CHECKPOINT_PERIOD_MS, SqliteCheckpoints, WAL_PAGES_BOUND } from "../../../adapters/persistence/sqlite-checkpoints.js";

/** A WAL frame: a page and its 24-byte header; the file has a 32-byte header. */
const walBytes = (pages: number) => 32 + pages * (4096 + 24);

const until = async (what: string, done: () => boolean, ms = 40 * CHECKPOINT_PERIOD_MS): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_PERIOD_MS / 4));
  }
};

describe("SQLite checkpoints in a worker thread", function () {
  let dir: string;
  let file: string;
  let db: Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "sf-checkpoints-"));
    file = join(dir, "store.db");
    db = openDatabase({ dialect: "sqlite", filename: file });
    await db.execute("create table notes (id integer primary key, body text not null)", []);
  });

  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("copies a commit into the database file within a few periods, while the server's connection checkpoints only at its bound", async () => {
    const [setting] = await db.knex.raw<{ wal_autocheckpoint: number }[]>("pragma wal_autocheckpoint");
    assert.equal(setting?.wal_autocheckpoint, WAL_PAGES_BOUND);

    await db.transaction(() => db.execute("insert into notes (body) values (?)", ["an order, durable"]));
    await until("the worker copied the commit", () => db.checkpoints!.counts().pages > 0);
    assert.equal(db.checkpoints!.counts().failed, undefined);

    // The database file alone, without its WAL, holds the row: it is on disk, not only in the WAL.
    const copy = join(dir, "file-alone.db");
    copyFileSync(file, copy);
    const alone = new Sqlite(copy, { readonly: true });
    try {
      assert.deepEqual(alone.prepare("select body from notes").all(), [{ body: "an order, durable" }]);
    } finally {
      alone.close();
    }
  });

  it("keeps the WAL within its bound through writes that leave the worker no gap, and catches up after", async function () {
    this.timeout(60_000);
    const body = "x".repeat(2_000);
    let largest = 0;
    // About three times the bound in pages, in one run of transactions that never yields to the
    // event loop: the worker cannot finish a checkpoint between two of them. Each statement is its
    // own transaction (a unit of work would wait a turn for its commit group: checkout-35).
    for (let i = 0; i < 15_000; i++) {
      await db.execute("insert into notes (body) values (?)", [body]);
      if (i % 50 === 0) largest = Math.max(largest, statSync(`${file}-wal`).size);
    }
    // Past the bound each commit checkpoints, unless the worker holds the checkpoint then (SQLite's
    // own then skips, and the next commit tries again): the WAL passes the bound by at most the
    // commits of one of the worker's checkpoints, a few hundred pages here.
    assert.ok(largest <= walBytes(WAL_PAGES_BOUND * 1.1), `the WAL reached ${largest} bytes`);
    assert.ok(largest >= walBytes(WAL_PAGES_BOUND / 2), `the storm should have filled the WAL (${largest} bytes)`);

    const before = db.checkpoints!.counts().pages;
    await until("the worker copied the last commits", () => db.checkpoints!.counts().pages > before);
    const [rows] = await db.select<{ n: number }>("select count(*) as n from notes", []);
    assert.equal(rows?.n, 15_000);
  });

  it("stops the worker on close, before the server's connection, whose close removes the WAL", async () => {
    await db.transaction(() => db.execute("insert into notes (body) values (?)", ["kept"]));
    assert.ok(existsSync(`${file}-wal`));
    await db.close();
    // SQLite removes the WAL when the last connection to the file closes: the worker's was gone.
    assert.equal(existsSync(`${file}-wal`), false);
    const reopened = new Sqlite(file, { readonly: true });
    try {
      assert.deepEqual(reopened.prepare("select body from notes").all(), [{ body: "kept" }]);
    } finally {
      reopened.close();
    }
    db = openDatabase({ dialect: "sqlite", filename: file });
  });

  it("reports a file it cannot checkpoint, and still closes", async () => {
    const garbage = join(dir, "not-a-database.db");
    writeFileSync(garbage, "x".repeat(8_192));
    const checkpoints = new SqliteCheckpoints(garbage);
    await until("the worker reported the failure", () => checkpoints.counts().failed !== undefined);
    assert.match(checkpoints.counts().failed!, /not a database/);
    await checkpoints.close();
  });

  it("has no worker for an in-memory database", async () => {
    const memory = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    try {
      assert.equal(memory.checkpoints, undefined);
    } finally {
      await memory.close();
    }
  });
});
