// Database.transaction, the unit of work every use case runs in: plain BEGIN / COMMIT / ROLLBACK on
// one pooled connection, with knex queries inside bound to that connection. Run on SQLite and on
// MariaDB (a throwaway database; skipped locally without a server, required in CI).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ServiceUnavailable } from "../../../application/errors/infrastructure-errors.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { type Database, GROUP_OPEN_MS, GROUP_UNITS } from "../../../adapters/persistence/database.js";
import { describeMysql } from "../../support/mysql-database.js";

const unitsOfWork = (open: () => Promise<Database>): void => {
  let db: Database;

  before(async () => {
    db = await open();
    await db.knex.schema.createTable("uow_probe", (t) => {
      t.string("id", 36).primary();
      t.integer("n").notNullable();
    });
  });
  after(() => db?.close());
  beforeEach(() => db.knex("uow_probe").delete());

  const ids = async (): Promise<string[]> => (await db.knex("uow_probe").orderBy("id").select("id")).map((r: { id: string }) => r.id);

  it("commits what the work wrote, with BEGIN before and COMMIT after", async () => {
    const sent: string[] = [];
    const stop = db.onQuery((sql) => sent.push(sql));
    try {
      const answer = await db.transaction(async () => {
        await db.execute("insert into uow_probe (id, n) values (?, ?)", ["a", 1]);
        await db.run((q) => q("uow_probe").insert({ id: "b", n: 2 }));
        return "done";
      });
      assert.equal(answer, "done");
    } finally {
      stop();
    }
    assert.deepEqual(await ids(), ["a", "b"]);
    // SQLite: the unit of work takes the write lock at once (see the two-process test below).
    assert.equal(sent[0], db.dialect === "sqlite" ? "BEGIN IMMEDIATE" : "BEGIN");
    assert.equal(sent.at(-1), "COMMIT");
  });

  it("rolls back everything, the fast path's writes and knex's, when the work throws, and passes its error on", async () => {
    const refusal = new Error("refused");
    await assert.rejects(
      db.transaction(async () => {
        await db.execute("insert into uow_probe (id, n) values (?, ?)", ["a", 1]);
        await db.run((q) => q("uow_probe").insert({ id: "b", n: 2 }));
        throw refusal;
      }),
      (error) => error === refusal,
    );
    assert.deepEqual(await ids(), []);
    // The connection went back to the pool in a clean state: the next unit of work commits.
    await db.transaction(() => db.execute("insert into uow_probe (id, n) values (?, ?)", ["c", 3]));
    assert.deepEqual(await ids(), ["c"]);
  });

  it("a unit of work inside another joins it: one commit, or one rollback for both", async () => {
    await assert.rejects(
      db.transaction(async () => {
        await db.transaction(() => db.execute("insert into uow_probe (id, n) values (?, ?)", ["inner", 1]));
        throw new Error("outer fails");
      }),
    );
    assert.deepEqual(await ids(), []);
  });

  it("a knex transaction inside is a savepoint: its failure undoes only its own writes", async () => {
    await db.transaction(async () => {
      await db.run((q) => q("uow_probe").insert({ id: "kept", n: 1 }));
      await assert.rejects(
        db.run((q) =>
          q.transaction(async (trx) => {
            await trx("uow_probe").insert({ id: "undone", n: 2 });
            await trx("uow_probe").insert({ id: "kept", n: 3 }); // a duplicate key: the savepoint is rolled back
          }),
        ),
      );
      await db.run((q) => q("uow_probe").insert({ id: "later", n: 4 }));
    });
    assert.deepEqual(await ids(), ["kept", "later"]);
  });

  it("refuses a query sent after its unit of work ended, through either path", async () => {
    let late: Promise<unknown> | undefined;
    let leakedKnex: (() => Promise<unknown>) | undefined;
    await db.transaction(async () => {
      // A forgotten, un-awaited continuation: it runs inside the unit of work's context after it ended.
      late = new Promise((resolve) => setTimeout(resolve, 30)).then(() =>
        db.execute("insert into uow_probe (id, n) values (?, ?)", ["late", 1]),
      );
      late.catch(() => undefined);
      const q = db.executor;
      leakedKnex = () => q("uow_probe").insert({ id: "late-knex", n: 1 });
    });
    await assert.rejects(late!, /after its unit of work ended/);
    await assert.rejects(leakedKnex!(), /after its unit of work ended/);
    assert.deepEqual(await ids(), []);
  });

  it("tells when the unit of work has ended, committed or rolled back", async () => {
    const order: string[] = [];
    await db.transaction(async () => {
      void db.currentTransaction!.ended.then(() => order.push("ended after commit"));
      await db.execute("insert into uow_probe (id, n) values (?, ?)", ["a", 1]);
      order.push("work done");
    });
    await assert.rejects(
      db.transaction(async () => {
        void db.currentTransaction!.ended.then(() => order.push("ended after rollback"));
        throw new Error("no");
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ["work done", "ended after commit", "ended after rollback"]);
    assert.equal(db.currentTransaction, undefined);
  });

  it("keeps concurrent units of work apart: each sees only committed writes of the others", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async () => {
      await db.execute("insert into uow_probe (id, n) values (?, ?)", ["first", 1]);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = db.transaction(() => db.select<{ id: string }>("select id from uow_probe", []));
    if (db.dialect === "sqlite") {
      // One connection: the second unit of work waits for the first to end, then sees its write.
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await first;
      assert.deepEqual(await second, [{ id: "first" }]);
    } else {
      assert.deepEqual(await second, [], "the other unit of work's write is not committed yet");
      release();
      await first;
    }
    assert.deepEqual(await ids(), ["first"]);
  });
};

describe("units of work (sqlite)", function () {
  unitsOfWork(async () => openDatabase({ dialect: "sqlite", filename: ":memory:" }));

  it("two processes on one file take turns: read-then-write units of work all land, none fails busy", async function () {
    this.timeout(60_000);
    const dir = mkdtempSync(join(tmpdir(), "storefront-uow-"));
    const file = join(dir, "shared.db");
    const db = openDatabase({ dialect: "sqlite", filename: file });
    try {
      await db.knex.schema.createTable("uow_counter", (t) => {
        t.string("id", 36).primary();
        t.integer("n").notNullable();
      });
      await db.execute("insert into uow_counter (id, n) values ('c', 0)", []);
      // Each process reads the counter, then writes it plus one: under a deferred BEGIN the second
      // writer's snapshot is stale and SQLite refuses it (SQLITE_BUSY_SNAPSHOT), whatever the timeout.
      const script = `
        import { openDatabase } from ${JSON.stringify(join(process.cwd(), "adapters/persistence/connection.ts"))};
        const db = openDatabase({ dialect: "sqlite", filename: ${JSON.stringify(file)} });
        for (let i = 0; i < 200; i++) {
          await db.transaction(async () => {
            const [row] = await db.select("select n from uow_counter where id = 'c'", []);
            await new Promise((r) => setImmediate(r));
            await db.execute("update uow_counter set n = ? where id = 'c'", [row.n + 1]);
          });
        }
        await db.close();`;
      const run = () =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "ignore", "pipe"] });
          let stderr = "";
          child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
          child.on("exit", (code) => resolve({ code, stderr }));
        });
      const results = await Promise.all([run(), run()]);
      for (const { code, stderr } of results) assert.equal(code, 0, stderr);
      const [row] = await db.select<{ n: number }>("select n from uow_counter where id = 'c'", []);
      assert.equal(row!.n, 400, "no increment lost");
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("units of work on SQLite share transactions (group commit)", () => {
  let db: Database;
  let sent: string[];
  let stop: () => void;

  beforeEach(async () => {
    db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    // A busy machine may pause these tests' units of work past the group's 10 ms: each test that is
    // about the window sets its own.
    db.groupLimits.openMs = 60_000;
    await db.knex.schema.createTable("uow_probe", (t) => {
      t.string("id", 36).primary();
      t.integer("n").notNullable();
    });
    sent = [];
    stop = db.onQuery((sql) => sent.push(sql));
  });
  afterEach(async () => {
    stop();
    await db.close();
  });

  const ids = async (): Promise<string[]> => (await db.select<{ id: string }>("select id from uow_probe order by id", [])).map((r) => r.id);
  const insert = (id: string) => db.execute("insert into uow_probe (id, n) values (?, ?)", [id, 1]);
  const count = (sql: string) => sent.filter((s) => s === sql).length;
  /** `n` units of work sent at once, as requests that arrive together are. */
  const together = (n: number, work: (i: number) => Promise<unknown>) => Array.from({ length: n }, (_, i) => db.transaction(() => work(i)));

  it("units of work queued behind a running one commit with it, each in a savepoint after the first", async () => {
    await Promise.all(together(5, (i) => insert(`u${i}`)));
    assert.deepEqual(await ids(), ["u0", "u1", "u2", "u3", "u4"]);
    assert.equal(count("BEGIN IMMEDIATE"), 1);
    assert.equal(count("COMMIT"), 1);
    assert.equal(count(`SAVEPOINT storefront_unit`), 4, "the first unit of work needs none: its failure rolls back all there is");
    assert.equal(count(`RELEASE storefront_unit`), 4);
  });

  it("no unit of work's answer comes before its group's COMMIT", async () => {
    const answered: number[] = [];
    await Promise.all(together(4, (i) => insert(`u${i}`)).map((p) => p.then(() => answered.push(sent.lastIndexOf("COMMIT")))));
    for (const at of answered) assert.ok(at >= 0, "answered after the COMMIT was sent");
  });

  it("a member that fails undoes only its own writes; the others land", async () => {
    const results = await Promise.allSettled(
      together(4, async (i) => {
        await insert(`u${i}`);
        if (i === 2) {
          await insert("u2-second");
          throw new Error("refused");
        }
      }),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      ["fulfilled", "fulfilled", "rejected", "fulfilled"],
    );
    assert.match(String((results[2] as PromiseRejectedResult).reason), /refused/);
    assert.deepEqual(await ids(), ["u0", "u1", "u3"]);
    assert.equal(count("COMMIT"), 1);
    assert.equal(count("ROLLBACK TO storefront_unit"), 1);
  });

  it("a first member that fails is rolled back alone, and the ones queued behind it land in the next group", async () => {
    const results = await Promise.allSettled(
      together(3, async (i) => {
        await insert(`u${i}`);
        if (i === 0) throw new Error("refused");
      }),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      ["rejected", "fulfilled", "fulfilled"],
    );
    assert.deepEqual(await ids(), ["u1", "u2"]);
    assert.equal(count("ROLLBACK"), 1);
    assert.equal(count("COMMIT"), 1);
  });

  it("a member whose failure ends the transaction takes the others' writes with it: they are run again and land", async () => {
    const runs = [0, 0, 0];
    const results = await Promise.allSettled(
      together(3, async (i) => {
        runs[i]!++;
        await insert(`u${i}-${runs[i]}`);
        // As a full disk or an I/O error does in SQLite: the whole transaction is gone.
        if (i === 1) {
          await db.run((q) => q.raw("rollback"));
          throw new Error("disk full");
        }
      }),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      ["fulfilled", "rejected", "fulfilled"],
    );
    assert.match(String((results[1] as PromiseRejectedResult).reason), /disk full/);
    assert.equal(runs[0], 2, "the member before it lost its writes and ran again");
    assert.deepEqual(await ids(), ["u0-2", "u2-1"]);
  });

  it("a group takes at most GROUP_UNITS units of work; the rest form the next groups", async () => {
    assert.equal(db.groupLimits.units, GROUP_UNITS);
    await Promise.all(together(GROUP_UNITS * 2 + 3, (i) => insert(`u${String(i).padStart(3, "0")}`)));
    assert.equal((await ids()).length, GROUP_UNITS * 2 + 3);
    assert.equal(count("COMMIT"), 3);
    assert.equal(count("BEGIN IMMEDIATE"), 3);
  });

  it("a group stops taking units of work once it has been open GROUP_OPEN_MS", async () => {
    db.groupLimits.openMs = GROUP_OPEN_MS;
    await Promise.all(
      together(4, async (i) => {
        await insert(`u${i}`);
        // Work that outlasts the group's window: the next unit of work goes to a new group.
        const until = performance.now() + GROUP_OPEN_MS + 2;
        while (performance.now() < until);
      }),
    );
    assert.deepEqual(await ids(), ["u0", "u1", "u2", "u3"]);
    assert.equal(count("COMMIT"), 4);
  });

  it("a read outside the units of work waits for the group's COMMIT: it never sees uncommitted writes", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async () => {
      await insert("first");
      await held;
    });
    const second = db.transaction(() => insert("second"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = db.select<{ id: string }>("select id from uow_probe order by id", []);
    let readDone = false;
    void read.then(() => (readDone = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(readDone, false, "the read waits while the group holds the connection");
    release();
    await Promise.all([first, second]);
    // Both units of work were in the group; the read came after its COMMIT.
    assert.deepEqual(await read, [{ id: "first" }, { id: "second" }]);
    assert.equal(count("COMMIT"), 1);
  });

  it("each member keeps its own unit of work's identity, and every member's `ended` settles after the group's COMMIT", async () => {
    const identities = new Set<object>();
    const order: string[] = [];
    await Promise.all(
      together(3, async (i) => {
        identities.add(db.currentTransaction!.id);
        void db.currentTransaction!.ended.then(() => order.push(`ended ${i}`));
        await insert(`u${i}`);
      }),
    );
    assert.equal(identities.size, 3);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ["ended 0", "ended 1", "ended 2"]);
    assert.equal(count("COMMIT"), 1);
  });
});

describe("group commit with two connections to one SQLite file in one process", () => {
  it("a group never holds the file's write lock across a turn of the event loop, so the other connection does not wait out its busy timeout", async function () {
    // Were the lock held across a turn, the other connection's BEGIN IMMEDIATE would wait inside
    // SQLite, and with it the event loop, for busy_timeout (5 s) at each of these rounds.
    this.timeout(4_000);
    const dir = mkdtempSync(join(tmpdir(), "storefront-uow-"));
    const file = join(dir, "shared.db");
    const a = openDatabase({ dialect: "sqlite", filename: file });
    const b = openDatabase({ dialect: "sqlite", filename: file });
    try {
      await a.knex.schema.createTable("uow_probe", (t) => {
        t.string("id", 36).primary();
        t.integer("n").notNullable();
      });
      for (let round = 0; round < 5; round++) {
        await Promise.all(
          [a, b].flatMap((db, d) =>
            Array.from({ length: 4 }, (_, i) => db.transaction(() => db.execute("insert into uow_probe (id, n) values (?, ?)", [`${round}-${d}-${i}`, 1]))),
          ),
        );
      }
      const [row] = await a.select<{ n: number }>("select count(*) as n from uow_probe", []);
      assert.equal(row!.n, 40);
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("units of work that lose a conflict", () => {
  const conflict = (code: string) => Object.assign(new Error(`lost: ${code}`), { code });

  for (const code of ["ER_LOCK_DEADLOCK", "ER_LOCK_WAIT_TIMEOUT", "SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT"]) {
    it(`${code}: run again from the start, each retry told to the listener`, async () => {
      const db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
      const told: number[] = [];
      db.onConflictRetry((attempt) => told.push(attempt));
      let runs = 0;
      try {
        const answer = await db.transaction(async () => {
          runs++;
          if (runs < 3) throw conflict(code);
          return "landed";
        });
        assert.equal(answer, "landed");
        assert.equal(runs, 3);
        assert.deepEqual(told, [1, 2]);
      } finally {
        await db.close();
      }
    });
  }

  it("a conflict lost by a statement inside reaches the unit of work as it is, which runs again; outside one it is a 503 at once", async () => {
    const db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    let runs = 0;
    try {
      const answer = await db.transaction(async () => {
        runs++;
        if (runs === 1) await db.run(() => Promise.reject(conflict("ER_LOCK_DEADLOCK")));
        return "landed";
      });
      assert.equal(answer, "landed");
      assert.equal(runs, 2);
      await assert.rejects(
        db.run(() => Promise.reject(conflict("ER_LOCK_DEADLOCK"))),
        (error: unknown) => error instanceof ServiceUnavailable,
      );
    } finally {
      await db.close();
    }
  });

  it("still lost after the last attempt: a ServiceUnavailable with a retry delay, never the driver's error (a 500)", async () => {
    const db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    let runs = 0;
    try {
      await assert.rejects(
        db.transaction(async () => {
          runs++;
          throw conflict("ER_LOCK_DEADLOCK");
        }),
        (error: unknown) => error instanceof ServiceUnavailable && error.retryAfterSeconds === 1,
      );
      assert.equal(runs, 5);
    } finally {
      await db.close();
    }
  });

  it("any other error is not retried", async () => {
    const db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    let runs = 0;
    const refusal = Object.assign(new Error("duplicate"), { code: "ER_DUP_ENTRY" });
    try {
      await assert.rejects(
        db.transaction(async () => {
          runs++;
          throw refusal;
        }),
        (error: unknown) => error === refusal,
      );
      assert.equal(runs, 1);
    } finally {
      await db.close();
    }
  });
});

describeMysql("units of work (mysql)", (getDb) => {
  describe("on a throwaway database", function () {
    let db: Database | undefined;

    unitsOfWork(async () => (db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 5, acquireTimeoutMs: 2000 })));

    it("runs every pooled connection at READ COMMITTED", async () => {
      type Row = { Variable_name: string; Value: string };
      // Three at once, so three pooled connections answer.
      const rows = await Promise.all(
        Array.from({ length: 3 }, async () => ((await db!.knex.raw("show session variables where Variable_name in ('tx_isolation', 'transaction_isolation')")) as [Row[], unknown])[0]),
      );
      for (const found of rows) {
        assert.ok(found.length > 0);
        for (const row of found) assert.equal(row.Value, "READ-COMMITTED", `${row.Variable_name}`);
      }
    });
  });
});
