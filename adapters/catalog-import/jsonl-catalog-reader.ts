// Reads a JSON lines catalog: one product per line, in the write API's shape. Streams the file;
// a line that is not JSON becomes a row with a problem, so only that product is rejected.
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { ImportGroup } from "../../application/catalog/imported-product.js";
import { CatalogFileError } from "./catalog-file-error.js";
import { allGroups, type CatalogFile } from "./catalog-file.js";

const cannotRead = (path: string, error: unknown): CatalogFileError =>
  new CatalogFileError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);

/** Bytes that leave a line blank: space, tab, CR (a UTF-8 BOM starts the file at most). */
const isBlankByte = (byte: number): boolean => byte === 0x20 || byte === 0x09 || byte === 0x0d;

/** One pass over the bytes: their hash and the lines that are not blank. */
const survey = async (path: string): Promise<{ fingerprint: string; products: number }> => {
  const file = await open(path, "r").catch((error: unknown) => {
    throw cannotRead(path, error);
  });
  const hash = createHash("sha256").update("jsonl\n");
  let products = 0;
  let filled = false;
  let first = true;
  try {
    for await (const chunk of file.createReadStream({ highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      let start = 0;
      if (first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
      first = false;
      for (let i = start; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (byte === 0x0a) {
          if (filled) products++;
          filled = false;
        } else if (!filled && !isBlankByte(byte)) filled = true;
      }
    }
  } catch (error) {
    throw cannotRead(path, error);
  } finally {
    await file.close();
  }
  return { fingerprint: `jsonl:${hash.digest("hex")}`, products: products + (filled ? 1 : 0) };
};

async function* jsonLines(path: string): AsyncGenerator<ImportGroup> {
  const file = await open(path, "r").catch((error: unknown) => {
    throw cannotRead(path, error);
  });
  try {
    let line = 0;
    let lines: AsyncIterable<string>;
    try {
      lines = file.readLines({ encoding: "utf8" });
    } catch (error) {
      throw cannotRead(path, error);
    }
    const iterator = lines[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<string>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw cannotRead(path, error);
      }
      if (next.done === true) break;
      line++;
      const text = (line === 1 ? next.value.replace(/^\uFEFF/, "") : next.value).trim();
      if (text === "") continue;
      let input: unknown;
      try {
        input = JSON.parse(text) as unknown;
      } catch (error) {
        yield [{ line, input: undefined, problem: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }];
        continue;
      }
      yield [{ line, input }];
    }
  } finally {
    await file.close();
  }
}

/** Opens a JSON lines catalog: one pass for its fingerprint and size, then its lines as they are read. */
export const openJsonLinesCatalog = async (path: string): Promise<CatalogFile> => {
  const { fingerprint, products } = await survey(path);
  return { fingerprint, products, groups: () => jsonLines(path) };
};

/** Every product of a JSON lines catalog, in memory. */
export const readJsonLinesCatalog = async (path: string): Promise<ImportGroup[]> => allGroups(await openJsonLinesCatalog(path));
