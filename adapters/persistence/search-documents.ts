// Keeps the search index current: every catalog write calls `refresh` with the products it
// touched, inside its own transaction, and each product's search document (its folded words by
// field and, with an in-process embedder, its quantized vector) is rewritten when its text
// changed, with the store's vocabulary counts moved by the difference. SQLite's FTS5 table
// follows the documents by triggers; InnoDB's FULLTEXT index at commit. So a write is
// searchable from every process the moment it commits, and no process builds an index.
import { createHash } from "node:crypto";
import type { Embedder } from "../../application/ports/embedder.js";
import {
  embeddingText,
  fieldTexts,
  isStopWord,
  SEARCH_FIELDS,
  type SearchableProduct,
  type SearchField,
  words,
} from "../search/search-text.js";
import { readBoolean, readJson } from "./column-types.js";
import type { Database, Dialect } from "./database.js";

interface ProductRow {
  id: string;
  name: string;
  description: string | null;
  brand: string | null;
  tags: string | null;
  attributes: string;
  is_active: number | boolean;
  category_id: string | null;
  subcategory_id: string | null;
  category_name: string | null;
  subcategory_name: string | null;
}

interface VariantRow {
  product_id: string;
  sku: string;
  variant_name: string;
  variant_attributes: string;
}

interface DocumentRow {
  doc_id: number;
  product_id: string;
  searchable: number | boolean;
  content_hash: string;
  vector_hash: string | null;
  vector_model: string | null;
  name: string;
  sku: string;
  brand: string;
  tags: string;
  category: string;
  attributes: string;
  description: string;
}

const CHUNK = 400;
/** Words per multi-row upsert (SQLite allows 32,766 bindings; 10 a row). */
const TERMS_PER_STATEMENT = 200;
const placeholders = (n: number): string => Array.from({ length: n }, () => "?").join(", ");

/** Words of an attributes object: its string and number values, nested ones included. */
const attributeWords = (value: unknown): string[] => {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(attributeWords);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(attributeWords);
  return [];
};

/**
 * A field's words as the index stores them, space-separated. InnoDB's FULLTEXT leaves out words
 * shorter than its minimum token size (3, a server setting), so there words of one or two
 * characters are padded with `_` (a word character to InnoDB, never produced by `words`).
 */
export const storedWords = (dialect: Dialect, list: readonly string[]): string =>
  (dialect === "mysql" ? list.map((w) => (w.length < 3 ? w.padEnd(3, "_") : w)) : list).join(" ");

/** The words of a stored field, as `words` made them. */
export const readStoredWords = (text: string): string[] => (text === "" ? [] : text.split(" ").map((w) => w.replace(/_+$/, "")));

/**
 * The stored form of a vector's direction: a float32 scale, then int8 components of the unit
 * vector with its largest component at ±127 (a quarter of float32's size, cosines within ~0.5%).
 */
export const quantize = (vector: Float32Array): Buffer => {
  let norm = 0;
  let largest = 0;
  for (const x of vector) {
    norm += x * x;
    largest = Math.max(largest, Math.abs(x));
  }
  norm = Math.sqrt(norm);
  const out = Buffer.alloc(4 + vector.length);
  if (norm === 0) return out;
  const scale = largest / norm / 127;
  out.writeFloatLE(scale, 0);
  for (let i = 0; i < vector.length; i++) out.writeInt8(Math.max(-127, Math.min(127, Math.round(vector[i]! / norm / scale))), 4 + i);
  return out;
};

/** The vector a stored one stands for (a unit vector within rounding). */
export const dequantize = (bytes: Uint8Array): Float32Array => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const scale = buffer.readFloatLE(0);
  const out = new Float32Array(bytes.length - 4);
  for (let i = 0; i < out.length; i++) out[i] = buffer.readInt8(4 + i) * scale;
  return out;
};

/** A document's words by field, from its stored columns. */
export const wordsOf = (stored: Readonly<Record<SearchField, string>>): Record<SearchField, string[]> => {
  const out = {} as Record<SearchField, string[]>;
  for (const field of SEARCH_FIELDS) out[field] = readStoredWords(stored[field]);
  return out;
};

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");


export class SearchDocuments {
  private embedder: Embedder | undefined;

  constructor(private readonly db: Database) {}

  /** Vectors are made at write time by an embedder that runs in this process; others are filled when a search first needs them. */
  useEmbedder(embedder: Embedder): void {
    this.embedder = embedder.local === true ? embedder : undefined;
  }

  /** Rewrites the documents of `productIds` (their own store's) from the catalog, in the caller's transaction or one of its own. */
  async refresh(storeId: string, productIds: readonly string[]): Promise<void> {
    const ids = [...new Set(productIds)].sort();
    if (ids.length === 0) return;
    await this.db.transaction(async () => {
      for (let i = 0; i < ids.length; i += CHUNK) await this.refreshChunk(storeId, ids.slice(i, i + CHUNK));
    });
  }

  /** Rewrites the documents of every product in a category or subcategory (after a rename). */
  async refreshCategory(storeId: string, categoryId: string): Promise<void> {
    const rows = await this.db.select<{ id: string }>(
      "select id from products where store_id = ? and (category_id = ? or subcategory_id = ?)",
      [storeId, categoryId, categoryId],
    );
    await this.refresh(storeId, rows.map((r) => r.id));
  }

  /** Removes the documents of products about to be erased, with their words' counts. */
  async forget(storeId: string, productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    await this.db.transaction(async () => {
      const existing = await this.documents(storeId, [...productIds]);
      const deltas = new Map<string, number[]>();
      for (const doc of existing.values()) this.count(deltas, this.vocabularyOf(doc), -1);
      if (existing.size > 0) {
        await this.db.execute(`delete from search_documents where store_id = ? and product_id in (${placeholders(existing.size)})`, [
          storeId,
          ...existing.keys(),
        ]);
      }
      await this.applyDeltas(storeId, deltas);
    });
  }

  /** Writes the documents of products that have none (a catalog from before the index), a batch at a time; answers how many. */
  async backfill(): Promise<number> {
    let done = 0;
    for (;;) {
      const missing = await this.db.select<{ id: string; store_id: string }>(
        "select p.id, p.store_id from products p where not exists (select 1 from search_documents d where d.product_id = p.id) order by p.store_id limit 2000",
        [],
      );
      if (missing.length === 0) return done;
      const byStore = new Map<string, string[]>();
      for (const row of missing) byStore.set(row.store_id, [...(byStore.get(row.store_id) ?? []), row.id]);
      for (const [storeId, ids] of byStore) await this.refresh(storeId, ids);
      done += missing.length;
    }
  }

  private async refreshChunk(storeId: string, ids: readonly string[]): Promise<void> {
    const products = await this.products(storeId, ids);
    const existing = await this.documents(storeId, ids);
    const deltas = new Map<string, number[]>();
    const now = new Date().toISOString();
    const toEmbed: Array<{ id: string; text: string; hash: string }> = [];
    const writes: Array<{ id: string; product: SearchableProduct; stored: Record<SearchField, string>; contentHash: string; vectorHash: string }> = [];
    for (const id of ids) {
      const product = products.get(id);
      const before = existing.get(id);
      if (product === undefined) {
        // Erased meanwhile (the repository forgets its document), or another store's.
        continue;
      }
      const stored = this.storedFields(product);
      const contentHash = sha256(JSON.stringify([product.searchable, stored, product.categoryId, product.subcategoryId]));
      const vectorText = product.searchable ? embeddingText(wordsOf(stored)) : "";
      const vectorHash = sha256(vectorText);
      const vectorCurrent = before !== undefined && before.vector_hash === vectorHash && before.vector_model !== null;
      if (before !== undefined && before.content_hash === contentHash && (vectorCurrent || this.embedder === undefined)) continue;
      if (before !== undefined) this.count(deltas, this.vocabularyOf(before), -1);
      this.count(deltas, this.vocabularyOf({ searchable: product.searchable, ...stored }), +1);
      writes.push({ id, product, stored, contentHash, vectorHash });
      if (product.searchable && !vectorCurrent && this.embedder !== undefined) toEmbed.push({ id, text: vectorText, hash: vectorHash });
    }
    const vectors = new Map<string, Buffer>();
    if (toEmbed.length > 0 && this.embedder !== undefined) {
      const made = await this.embedder.embed(toEmbed.map((e) => e.text));
      toEmbed.forEach((e, i) => vectors.set(e.id, quantize(made[i]!)));
    }
    const inserts: Array<Record<string, unknown>> = [];
    for (const w of writes) {
      const before = existing.get(w.id);
      const vector = vectors.get(w.id);
      const vectorColumns =
        vector !== undefined
          ? { vector, vector_model: this.embedder!.model, vector_hash: w.vectorHash }
          : before !== undefined && before.vector_hash === w.vectorHash
            ? {}
            : { vector: null, vector_model: null, vector_hash: null };
      const columns = {
        searchable: w.product.searchable,
        ...w.stored,
        category_id: w.product.categoryId,
        subcategory_id: w.product.subcategoryId,
        content_hash: w.contentHash,
        ...vectorColumns,
        updated_at: now,
      };
      if (before === undefined) inserts.push({ product_id: w.id, store_id: storeId, ...columns });
      else await this.db.run((q) => q("search_documents").where({ doc_id: before.doc_id }).update(columns));
    }
    // New documents in a few statements (an import writes hundreds at a time).
    for (let i = 0; i < inserts.length; i += 100) {
      const rows = inserts.slice(i, i + 100);
      await this.db.run((q) => q("search_documents").insert(rows));
    }
    await this.applyDeltas(storeId, deltas);
  }

  private storedFields(product: SearchableProduct): Record<SearchField, string> {
    const texts = fieldTexts(product);
    const out = {} as Record<SearchField, string>;
    for (const field of SEARCH_FIELDS) out[field] = product.searchable ? storedWords(this.db.dialect, words(texts[field])) : "";
    return out;
  }

  /** The distinct words a document adds to its store's vocabulary, each with the fields holding it (bits in SEARCH_FIELDS order). */
  private vocabularyOf(doc: { readonly searchable: number | boolean } & Readonly<Record<SearchField, string>>): Map<string, number> {
    const out = new Map<string, number>();
    if (!readBoolean(doc.searchable)) return out;
    SEARCH_FIELDS.forEach((field, bit) => {
      for (const w of readStoredWords(doc[field])) if (!isStopWord(w)) out.set(w, (out.get(w) ?? 0) | (1 << bit));
    });
    return out;
  }

  /** Adds `by` to each word's count in all (slot 0) and in each field holding it (slots 1..7). */
  private count(deltas: Map<string, number[]>, terms: Map<string, number>, by: number): void {
    for (const [term, fields] of terms) {
      let delta = deltas.get(term);
      if (delta === undefined) deltas.set(term, (delta = new Array<number>(SEARCH_FIELDS.length + 1).fill(0)));
      delta[0]! += by;
      for (let bit = 0; bit < SEARCH_FIELDS.length; bit++) if (fields & (1 << bit)) delta[bit + 1]! += by;
    }
  }

  /** Moves the vocabulary counts, in word order (two writers lock the same rows in the same order). */
  private async applyDeltas(storeId: string, deltas: Map<string, number[]>): Promise<void> {
    const changes = [...deltas].filter(([, d]) => d.some((n) => n !== 0)).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const columns = ["docs", ...SEARCH_FIELDS.map((f) => `in_${f}`)];
    const upsert =
      this.db.dialect === "mysql"
        ? `insert into search_terms (store_id, term, ${columns.join(", ")}) values (?, ?, ${columns.map(() => "?").join(", ")}) on duplicate key update ${columns.map((c) => `${c} = greatest(0, ${c} + ?)`).join(", ")}`
        : `insert into search_terms (store_id, term, ${columns.join(", ")}) values (?, ?, ${columns.map(() => "?").join(", ")}) on conflict (store_id, term) do update set ${columns.map((c) => `${c} = max(0, ${c} + ?)`).join(", ")}`;
    // Counts that only grow (new products: every row of an import) go many to a statement.
    const growing = changes.filter(([, d]) => d.every((n) => n >= 0));
    const others = changes.filter(([, d]) => d.some((n) => n < 0));
    const add =
      this.db.dialect === "mysql"
        ? `on duplicate key update ${columns.map((c) => `${c} = ${c} + values(${c})`).join(", ")}`
        : `on conflict (store_id, term) do update set ${columns.map((c) => `${c} = ${c} + excluded.${c}`).join(", ")}`;
    for (let i = 0; i < growing.length; i += TERMS_PER_STATEMENT) {
      const rows = growing.slice(i, i + TERMS_PER_STATEMENT);
      const values = rows.map(() => `(?, ?, ${columns.map(() => "?").join(", ")})`).join(", ");
      await this.db.execute(`insert into search_terms (store_id, term, ${columns.join(", ")}) values ${values} ${add}`, rows.flatMap(([term, d]) => [storeId, term, ...d]));
    }
    for (const [term, delta] of others) await this.db.execute(upsert, [storeId, term, ...delta.map((n) => Math.max(0, n)), ...delta]);
  }

  private async documents(storeId: string, ids: readonly string[]): Promise<Map<string, DocumentRow>> {
    const rows = await this.db.select<DocumentRow>(
      `select doc_id, product_id, searchable, content_hash, vector_hash, vector_model, name, sku, brand, tags, category, attributes, description from search_documents where store_id = ? and product_id in (${placeholders(ids.length)})`,
      [storeId, ...ids],
    );
    return new Map(rows.map((r) => [r.product_id, r]));
  }

  private async products(storeId: string, ids: readonly string[]): Promise<Map<string, SearchableProduct>> {
    const rows = await this.db.select<ProductRow>(
      "select p.id, p.name, p.description, p.brand, p.tags, p.attributes, p.is_active, p.category_id, p.subcategory_id, " +
        "c.name as category_name, s.name as subcategory_name from products p " +
        "left join categories c on c.id = p.category_id left join subcategories s on s.id = p.subcategory_id " +
        `where p.store_id = ? and p.id in (${placeholders(ids.length)})`,
      [storeId, ...ids],
    );
    const variants = await this.db.select<VariantRow>(
      `select product_id, sku, variant_name, variant_attributes from variants where store_id = ? and product_id in (${placeholders(ids.length)}) order by product_id, position, id`,
      [storeId, ...ids],
    );
    const byProduct = new Map<string, VariantRow[]>();
    for (const v of variants) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
    const out = new Map<string, SearchableProduct>();
    for (const row of rows) {
      const own = byProduct.get(row.id) ?? [];
      const attributes = [
        ...attributeWords(readJson<unknown>(row.attributes, {})),
        ...own.flatMap((v) => [v.variant_name, ...attributeWords(readJson<unknown>(v.variant_attributes, {}))]),
      ];
      out.set(row.id, {
        id: row.id,
        searchable: readBoolean(row.is_active) && own.length > 0,
        name: row.name,
        skus: own.map((v) => v.sku),
        brand: row.brand ?? "",
        tags: readJson<string[] | null>(row.tags, null) ?? [],
        category: [row.category_name, row.subcategory_name].filter((n) => n !== null && n !== "").join(" "),
        categoryId: row.category_id,
        subcategoryId: row.subcategory_id,
        description: row.description ?? "",
        attributes: [...new Set(attributes.filter((a) => a.trim() !== ""))].join(" "),
      });
    }
    return out;
  }
}

const writers = new WeakMap<Database, SearchDocuments>();

/** The one search-document writer of a database handle (repositories and the composition share it). */
export const searchDocumentsOf = (db: Database): SearchDocuments => {
  let writer = writers.get(db);
  if (writer === undefined) writers.set(db, (writer = new SearchDocuments(db)));
  return writer;
};
