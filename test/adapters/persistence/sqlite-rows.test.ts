// SQLite rows read through Database.select: objects with the statement's column names in order
// (made from raw rows by one literal per statement), also after a schema change re-prepares the
// statement with other columns, and with a name given twice as better-sqlite3 gives it.
import assert from "node:assert/strict";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

describe("SQLite rows read through Database.select", () => {
  let t: TestApplication;
  before(async () => {
    t = await startTestApplication();
  });
  after(async () => {
    await t?.close();
  });

  it("are objects of the columns in order, with nulls, numbers and text as stored", async () => {
    const db = t.application.database;
    await db.execute("create table row_shapes (id integer primary key, name text, price integer, note text)", []);
    await db.execute("insert into row_shapes (id, name, price, note) values (?, ?, ?, ?), (?, ?, ?, ?)", [1, "Lamp", 1500, null, 2, "Rug", 9900, "wool"]);
    const rows = await db.select<Record<string, unknown>>("select * from row_shapes order by id", []);
    assert.deepEqual(rows, [
      { id: 1, name: "Lamp", price: 1500, note: null },
      { id: 2, name: "Rug", price: 9900, note: "wool" },
    ]);
    assert.deepEqual(Object.keys(rows[0]!), ["id", "name", "price", "note"]);
    assert.deepEqual(await db.select("select * from row_shapes where id = ?", [3]), []);
  });

  it("follow a schema change that gives the same statement other columns", async () => {
    const db = t.application.database;
    const sql = "select * from row_shapes where id = ?";
    assert.deepEqual(await db.select(sql, [1]), [{ id: 1, name: "Lamp", price: 1500, note: null }]);
    await db.execute("alter table row_shapes add column stock integer not null default 7", []);
    assert.deepEqual(await db.select(sql, [1]), [{ id: 1, name: "Lamp", price: 1500, note: null, stock: 7 }]);
  });

  it("keep a name given twice at its first place with its last value, as better-sqlite3 does", async () => {
    const db = t.application.database;
    const rows = await db.select<Record<string, unknown>>("select name, price, note as name from row_shapes where id = ?", [2]);
    assert.deepEqual(rows, [{ name: "wool", price: 9900 }]);
    assert.deepEqual(Object.keys(rows[0]!), ["name", "price"]);
  });
});
