// Reads a JSON lines catalog: one product per line, in the write API's shape. Streams the file;
// a line that is not JSON becomes a row with a problem, so only that product is rejected.
import { open } from "node:fs/promises";
import type { ImportGroup } from "../../application/catalog/imported-product.js";
import { CatalogFileError } from "./catalog-file-error.js";

export const readJsonLinesCatalog = async (path: string): Promise<ImportGroup[]> => {
  const file = await open(path, "r").catch((error: unknown) => {
    throw new CatalogFileError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const groups: ImportGroup[] = [];
  try {
    let line = 0;
    for await (const raw of file.readLines({ encoding: "utf8" })) {
      line++;
      const text = (line === 1 ? raw.replace(/^\uFEFF/, "") : raw).trim();
      if (text === "") continue;
      try {
        groups.push([{ line, input: JSON.parse(text) as unknown }]);
      } catch (error) {
        groups.push([{ line, input: undefined, problem: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }]);
      }
    }
  } catch (error) {
    throw new CatalogFileError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await file.close();
  }
  return groups;
};
