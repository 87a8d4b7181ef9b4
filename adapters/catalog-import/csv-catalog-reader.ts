// Reads a CSV catalog: a header row, then one row per variant; rows sharing `product_handle` form
// one product, adjacent or not. Cells become the write API's field types; a cell that does not
// convert makes its row a row with a problem, so that its whole product is rejected, not thrown.
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { CsvError, parse } from "csv-parse";
import type { ImportGroup, ImportRow } from "../../application/catalog/imported-product.js";
import { CatalogFileError } from "./catalog-file-error.js";
import { allGroups, type CatalogFile } from "./catalog-file.js";

type Converted = { readonly value: unknown } | { readonly problem: string };
type Convert = (cell: string) => Converted;

const asText: Convert = (cell) => ({ value: cell });

const asWholeNumber =
  (hint: string): Convert =>
  (cell) =>
    /^[+-]?\d+$/.test(cell) ? { value: Number(cell) } : { problem: `"${cell}" is not a whole number${hint}` };

const TRUE = new Set(["true", "yes", "1"]);
const FALSE = new Set(["false", "no", "0"]);
const asFlag: Convert = (cell) => {
  const word = cell.toLowerCase();
  if (TRUE.has(word)) return { value: true };
  if (FALSE.has(word)) return { value: false };
  return { problem: `"${cell}" is not true or false` };
};

const asTags: Convert = (cell) => ({
  value: cell
    .split("|")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== ""),
});

/** `colour=Grey;size=M`: pairs separated by `;`, name and value by the first `=`. */
const asAttributes: Convert = (cell) => {
  const attributes: Record<string, string> = {};
  for (const pair of cell.split(";")) {
    if (pair.trim() === "") continue;
    const at = pair.indexOf("=");
    const name = at < 0 ? "" : pair.slice(0, at).trim();
    if (name === "") return { problem: `"${pair.trim()}" is not name=value (write colour=Grey;size=M)` };
    attributes[name] = pair.slice(at + 1).trim();
  }
  return { value: attributes };
};

const MINOR_UNITS = " of minor units (write 1250 for 12.50)";

interface Column {
  /** Where the value goes: on the product, or on the row's variant. */
  readonly level: "product" | "variant";
  /** The write API's field name. */
  readonly field: string;
  readonly convert: Convert;
}

/** Every column the import knows, in the order the documentation lists them. */
export const CSV_COLUMNS: Readonly<Record<string, Column | "handle">> = {
  product_handle: "handle",
  name: { level: "product", field: "name", convert: asText },
  description: { level: "product", field: "description", convert: asText },
  category: { level: "product", field: "category", convert: asText },
  subcategory: { level: "product", field: "subcategory", convert: asText },
  brand: { level: "product", field: "brand", convert: asText },
  tags: { level: "product", field: "tags", convert: asTags },
  featured: { level: "product", field: "featured", convert: asFlag },
  is_active: { level: "product", field: "is_active", convert: asFlag },
  image_url: { level: "product", field: "thumbnail_url", convert: asText },
  tax_class: { level: "product", field: "tax_class", convert: asText },
  sku: { level: "variant", field: "sku", convert: asText },
  price: { level: "variant", field: "price", convert: asWholeNumber(MINOR_UNITS) },
  sale_price: { level: "variant", field: "sale_price", convert: asWholeNumber(MINOR_UNITS) },
  stock: { level: "variant", field: "stock", convert: asWholeNumber("") },
  threshold: { level: "variant", field: "threshold", convert: asWholeNumber("") },
  variant_name: { level: "variant", field: "variant_name", convert: asText },
  variant_attributes: { level: "variant", field: "variant_attributes", convert: asAttributes },
  is_default: { level: "variant", field: "is_default", convert: asFlag },
  variant_tax_class: { level: "variant", field: "tax_class", convert: asText },
};

const readHeader = (cells: readonly string[]): string[] => {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => !Object.hasOwn(CSV_COLUMNS, name));
  if (unknown.length > 0) {
    throw new CatalogFileError(
      `line 1: unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((n) => `"${n}"`).join(", ")}; the columns are ${Object.keys(CSV_COLUMNS).join(", ")}`,
    );
  }
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) throw new CatalogFileError(`line 1: column "${repeated}" appears twice`);
  if (!names.includes("product_handle")) throw new CatalogFileError("line 1: the header has no product_handle column");
  return names;
};

/** One data row: its product handle and its fields, or the problem that stops its product. */
const readRow = (header: readonly string[], cells: readonly string[], line: number): { handle: string; row: ImportRow } => {
  const product: Record<string, unknown> = {};
  const variant: Record<string, unknown> = {};
  const problems: string[] = [];
  let handle = "";
  if (cells.length !== header.length) problems.push(`has ${cells.length} cells where the header has ${header.length}`);
  header.forEach((name, i) => {
    const cell = (cells[i] ?? "").trim();
    const column = CSV_COLUMNS[name];
    if (column === "handle") handle = cell;
    if (cell === "" || column === undefined || column === "handle") return;
    const converted = column.convert(cell);
    if ("problem" in converted) problems.push(`${name}: ${converted.problem}`);
    else (column.level === "product" ? product : variant)[column.field] = converted.value;
  });
  if (handle === "") problems.unshift("product_handle is empty");
  const input = { ...product, variants: [variant] };
  return { handle, row: problems.length === 0 ? { line, input } : { line, input, problem: problems.join("; ") } };
};

const lineBreaks = (cells: readonly string[], pattern: RegExp): number =>
  cells.reduce((sum, cell) => sum + (cell.match(pattern)?.length ?? 0), 0);

/** A data row of the file, with the line an editor shows for it. */
interface CsvRecord {
  readonly line: number;
  readonly cells: string[];
}

/** The group a row belongs to: its handle, or the row alone when it has none. */
const groupKey = (handle: string, line: number): string => (handle === "" ? `\u0000${line}` : handle);
const handleOf = (header: readonly string[], cells: readonly string[]): string => (cells[header.indexOf("product_handle")] ?? "").trim();

/** The header and the data rows of a CSV file (blank rows left out); `onBytes` sees the file's bytes as they are read. */
async function* csvRecords(path: string, onHeader: (header: string[]) => void, onBytes?: (chunk: Buffer) => void): AsyncGenerator<CsvRecord> {
  const file = await open(path, "r").catch((error: unknown) => {
    throw new CatalogFileError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const stream = file.createReadStream({ highWaterMark: 1 << 20 });
  if (onBytes !== undefined) stream.on("data", (chunk) => onBytes(chunk as Buffer));
  const parser = stream.pipe(parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }));
  let header: string[] | undefined;
  // csv-parse counts a CRLF inside a quoted cell as two lines; take the extra ones back off.
  let extraLines = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      extraLines += lineBreaks(record, /\r\n/g);
      const line = info.lines - extraLines - lineBreaks(record, /\r\n|\r|\n/g);
      if (header === undefined) {
        header = readHeader(record);
        onHeader(header);
        continue;
      }
      if (record.every((cell) => cell.trim() === "")) continue;
      yield { line, cells: record };
    }
  } catch (error) {
    if (error instanceof CatalogFileError) throw error;
    if (error instanceof CsvError) throw new CatalogFileError(`${path} is not valid CSV: ${error.message}`);
    throw new CatalogFileError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    parser.destroy();
    await file.close();
  }
  if (header === undefined) throw new CatalogFileError(`${path} is empty: a CSV catalog starts with a header row`);
}

/**
 * The groups of the file in the order their first row appears. A group is handed on once its
 * last row is read (the first pass noted which row that is), so only products whose rows are
 * still to come are held: none, when each product's rows are together.
 */
async function* csvGroups(path: string, lastLineOf: ReadonlyMap<string, number>): AsyncGenerator<ImportGroup> {
  let header: string[] = [];
  const pending = new Map<string, { rows: ImportRow[]; complete: boolean }>();
  const order: string[] = [];
  let head = 0;
  for await (const { line, cells } of csvRecords(path, (h) => (header = h))) {
    const { handle, row } = readRow(header, cells, line);
    const key = groupKey(handle, line);
    let group = pending.get(key);
    if (group === undefined) {
      pending.set(key, (group = { rows: [], complete: false }));
      order.push(key);
    }
    group.rows.push(row);
    if ((lastLineOf.get(key) ?? line) <= line) group.complete = true;
    for (; head < order.length; head++) {
      const first = pending.get(order[head]!);
      if (first === undefined || !first.complete) break;
      pending.delete(order[head]!);
      yield first.rows;
    }
    if (head > 4_096 && head * 2 > order.length) {
      order.splice(0, head);
      head = 0;
    }
  }
  // Rows the first pass did not see (the file changed in between) still make their products.
  for (; head < order.length; head++) {
    const rest = pending.get(order[head]!);
    if (rest !== undefined) yield rest.rows;
  }
}

/** Opens a CSV catalog: a first pass checks the header, fingerprints the bytes and finds each product's last row. */
export const openCsvCatalog = async (path: string): Promise<CatalogFile> => {
  const hash = createHash("sha256").update("csv\n");
  const lastLineOf = new Map<string, number>();
  let header: string[] = [];
  let alone = 0;
  for await (const { line, cells } of csvRecords(path, (h) => (header = h), (chunk) => hash.update(chunk))) {
    const handle = handleOf(header, cells);
    // A row without a handle stands alone and needs no entry.
    if (handle === "") alone++;
    else lastLineOf.set(handle, line);
  }
  return { fingerprint: `csv:${hash.digest("hex")}`, products: lastLineOf.size + alone, groups: () => csvGroups(path, lastLineOf) };
};

/** Every product of a CSV catalog, in memory. */
export const readCsvCatalog = async (path: string): Promise<ImportGroup[]> => allGroups(await openCsvCatalog(path));
