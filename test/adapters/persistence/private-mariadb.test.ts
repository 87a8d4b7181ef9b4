// Tests the PrivateMariaDb test-support server: start, create a database, stop (connections fail),
// restart (connections work again) and destroy.
import assert from "node:assert/strict";
import { createConnection, type RowDataPacket } from "mysql2/promise";
import { PrivateMariaDb } from "../../support/private-mariadb.js";

async function selectOne(url: string): Promise<number> {
  const conn = await createConnection({ uri: url, connectTimeout: 2000 });
  try {
    const [rows] = await conn.query<RowDataPacket[]>("select 1 as one");
    return rows[0]!.one;
  } finally {
    await conn.end().catch(() => conn.destroy());
  }
}

describe("PrivateMariaDb (test support)", function () {
  this.timeout(120_000);
  let server: PrivateMariaDb | undefined;

  after(async function () {
    await server?.destroy();
  });

  it("starts, stops, restarts and is destroyed", async function () {
    let started = Date.now();
    try {
      server = await PrivateMariaDb.start();
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("mariadb binaries not found") && process.env.CI !== "true") {
        console.log(`  skipped: ${error.message}`);
        this.skip();
      }
      throw error;
    }
    const startMs = Date.now() - started;

    await server.createDatabase("sf_private");
    const url = server.url("sf_private");
    assert.equal(await selectOne(url), 1);

    started = Date.now();
    await server.stop();
    const stopMs = Date.now() - started;
    await assert.rejects(selectOne(url));

    started = Date.now();
    await server.restart();
    const restartMs = Date.now() - started;
    assert.equal(await selectOne(url), 1);

    await server.destroy();
    await server.destroy(); // idempotent
    await assert.rejects(selectOne(url));
    console.log(`    private MariaDB: start ${startMs} ms, stop ${stopMs} ms, restart ${restartMs} ms`);
  });
});
