// What a server loads at start-up (docs/decisions/operations.md, "operations-23"): the packages
// that only some requests need (MJML for emails, pdfkit for invoice PDFs, sharp for media uploads,
// zxcvbn's dictionaries for new passwords, ioredis when Redis is configured) load on first use,
// so a server that has started and answered requests holds none of them. The server runs as an
// operator runs it, with a preloaded script that lists the packages in the module cache at exit.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ServerProcess } from "../support/server-process.js";

const LOADED_AT_EXIT = `
const { writeFileSync } = require("node:fs");
process.on("exit", () => {
  const packages = new Set();
  for (const file of Object.keys(require.cache)) {
    const match = /.*node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file);
    if (match !== null) packages.add(match[1]);
  }
  writeFileSync(process.env.LOADED_PACKAGES_FILE, [...packages].sort().join("\\n"));
});
`;

const ON_FIRST_USE = ["mjml", "juice", "pdfkit", "fontkit", "sharp", "@zxcvbn-ts/core", "@zxcvbn-ts/language-common", "@zxcvbn-ts/language-en", "ioredis"];

describe("start-up: packages that only some requests need", function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "storefront-start-up-"));
    writeFileSync(join(dir, "loaded-at-exit.cjs"), LOADED_AT_EXIT);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("a server that started and answered holds none of them, and does hold what it serves with", async () => {
    const listFile = join(dir, "loaded.txt");
    const server = await ServerProcess.start(`sqlite:${join(dir, "shop.sqlite")}`, {
      NODE_OPTIONS: `--require ${join(dir, "loaded-at-exit.cjs")}`,
      LOADED_PACKAGES_FILE: listFile,
    });
    try {
      assert.equal((await fetch(`${server.url}/v1/categories`)).status, 401);
      assert.equal((await fetch(`${server.url}/admin`)).status, 200);
    } finally {
      await server.stop();
    }
    const loaded = readFileSync(listFile, "utf8").split("\n");
    for (const expected of ["koa", "knex", "better-sqlite3", "pino"]) assert.ok(loaded.includes(expected), `${expected} is loaded (the list works): ${loaded.join(", ")}`);
    assert.deepEqual(ON_FIRST_USE.filter((name) => loaded.includes(name)), []);
  });
});
