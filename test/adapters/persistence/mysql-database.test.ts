// Tests the describeMysql / throwaway-database test support against the shared MySQL/MariaDB:
// create a table, insert a row and read it back.
import assert from "node:assert/strict";
import { createConnection, type RowDataPacket } from "mysql2/promise";
import { describeMysql } from "../../support/mysql-database.js";

describeMysql("mysql throwaway database", (getDb) => {
  it("has a safe name and a url that points at it", function () {
    const db = getDb();
    assert.match(db.name, /^sf_test_mysql_throwaway_database_[0-9a-f]{12}$/);
    assert.ok(db.url.endsWith(`/${db.name}`));
  });

  it("creates a table, inserts and reads a row", async function () {
    const conn = await createConnection({ uri: getDb().url });
    try {
      const [[current]] = await conn.query<RowDataPacket[]>("select database() as db, @@character_set_database as cs");
      assert.equal(current!.db, getDb().name);
      assert.equal(current!.cs, "utf8mb4");
      await conn.query("create table widgets (id int primary key, name varchar(50) not null)");
      await conn.query("insert into widgets (id, name) values (?, ?)", [1, "sprocket ✓"]);
      const [rows] = await conn.query<RowDataPacket[]>("select id, name from widgets");
      assert.deepEqual(rows.map((r) => ({ ...r })), [{ id: 1, name: "sprocket ✓" }]);
    } finally {
      await conn.end();
    }
  });
});
