// Database.transaction, the unit of work every use case runs in: plain BEGIN / COMMIT / ROLLBACK on
// one pooled connection, with knex queries inside bound to that connection. Run on SQLite and on
// MariaDB (a throwaway database; skipped locally without a server, required in CI).
import assert from "node:assert/strict";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
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
    assert.equal(sent[0], "BEGIN");
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
