// A catalog file opened for import: its fingerprint and its number of products, known after a
// first quick pass, and its products' rows read from the file as the import asks for them, so
// that memory does not grow with the file.
import type { ImportGroup } from "../../application/catalog/imported-product.js";

export interface CatalogFile {
  /** The format and the sha256 of the bytes: the same file gives the same fingerprint. */
  readonly fingerprint: string;
  /** Products in the file (JSON lines that are not blank; CSV product handles). */
  readonly products: number;
  /** The products' rows, in file order, read as they are asked for; each call reads the file again. */
  groups(): AsyncIterable<ImportGroup>;
}

/** Every group of a file, in memory (small files and tests). */
export const allGroups = async (file: CatalogFile): Promise<ImportGroup[]> => {
  const out: ImportGroup[] = [];
  for await (const group of file.groups()) out.push(group);
  return out;
};
