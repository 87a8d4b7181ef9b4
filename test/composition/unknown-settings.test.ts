// Start-up help for operators: a STOREFRONT_* variable no setting reads is named with the nearest
// known one (a typo is not ignored in silence), and the database is described without a password.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeDatabase, unknownSettings } from "../../composition/config.js";

describe("start-up messages", function () {
  it("names each unknown STOREFRONT_* variable with the nearest known setting, and nothing else", () => {
    assert.deepEqual(
      unknownSettings({ STOREFRONT_DATABSE_URL: "sqlite:x", STOREFRONT_LOG_LEVL: "info", STOREFRONT_DATABASE_URL: "sqlite:y", PATH: "/bin", STOREFRONT_TEST_MYSQL_URL: "mysql://x" }),
      [
        { name: "STOREFRONT_DATABSE_URL", nearest: "STOREFRONT_DATABASE_URL" },
        { name: "STOREFRONT_LOG_LEVL", nearest: "STOREFRONT_LOG_LEVEL" },
      ],
    );
    assert.deepEqual(unknownSettings({ STOREFRONT_PORT_NUMBER: "1" }).map((u) => u.name), ["STOREFRONT_PORT_NUMBER"]);
  });

  it("describes the database by file, or by host and database, never with the user or password", () => {
    assert.equal(describeDatabase({ dialect: "sqlite", filename: "data/storefront.sqlite" }), "SQLite file data/storefront.sqlite");
    const mysql = describeDatabase({ dialect: "mysql", url: "mysql://shop:s3cret@db.internal:3307/storefront", poolMin: 0, poolMax: 10, acquireTimeoutMs: 2_000 });
    assert.equal(mysql, "MySQL/MariaDB at db.internal:3307, database storefront");
    assert.doesNotMatch(mysql, /s3cret|shop/);
    const cluster = describeDatabase({ dialect: "mysql", url: "mysql://shop:s3cret@node1,node2:3307/storefront", poolMin: 0, poolMax: 10, acquireTimeoutMs: 2_000 });
    assert.equal(cluster, "MySQL/MariaDB at the first usable of node1:3306, node2:3307, database storefront");
  });

  it("`storefront migrate` warns about a mistyped variable and says which database it migrated", function () {
    this.timeout(60_000);
    const dir = mkdtempSync(join(tmpdir(), "storefront-startup-"));
    try {
      const run = spawnSync(process.execPath, ["--import", "tsx", "bin/storefront.js", "migrate"], {
        env: { PATH: process.env.PATH, STOREFRONT_DATABASE_URL: `sqlite:${join(dir, "store.db")}`, STOREFRONT_DATABSE_URL: "sqlite:typo.db" },
        encoding: "utf8",
      });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stderr, /warning: STOREFRONT_DATABSE_URL is not a Storefront setting and is ignored; did you mean STOREFRONT_DATABASE_URL\?/);
      assert.match(run.stdout, new RegExp(`migrations applied to the SQLite file ${join(dir, "store.db").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
