// The JSON lines catalog reader: one group per non-blank line, numbered as in the file, and a
// line that is not JSON kept as a row with a problem rather than stopping the read.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CatalogFileError } from "../../../adapters/catalog-import/catalog-file-error.js";
import { readJsonLinesCatalog } from "../../../adapters/catalog-import/jsonl-catalog-reader.js";

describe("readJsonLinesCatalog", () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "storefront-jsonl-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("gives one group per line, skipping blank lines but keeping the numbering", async () => {
    const path = join(dir, "a.jsonl");
    writeFileSync(path, '\uFEFF{"name":"A"}\r\n\r\n  \n{"name":"B"}\n{oops\n[1]');
    const groups = await readJsonLinesCatalog(path);
    assert.deepEqual(
      groups.map((g) => g.map((r) => ({ line: r.line, input: r.input, bad: r.problem !== undefined }))),
      [
        [{ line: 1, input: { name: "A" }, bad: false }],
        [{ line: 4, input: { name: "B" }, bad: false }],
        [{ line: 5, input: undefined, bad: true }],
        [{ line: 6, input: [1], bad: false }],
      ],
    );
    assert.match(groups[2]![0]!.problem ?? "", /^not valid JSON/);
  });

  it("refuses a file it cannot read", async () => {
    await assert.rejects(readJsonLinesCatalog(join(dir, "missing.jsonl")), (e: unknown) => e instanceof CatalogFileError && /ENOENT/.test(e.message));
    await assert.rejects(readJsonLinesCatalog(dir), (e: unknown) => e instanceof CatalogFileError && /EISDIR/.test(e.message));
  });
});
