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
import { gramsOf } from "./substring-grams.js";
import { chunkOf, offsetOf, tierCode, withChanges } from "../search/doc-bitmaps.js";
import { inList, onePerDatabase, padded, settleAll, type Database, type Dialect } from "./database.js";
import { isUniqueViolation, LostInsertRace } from "./database-errors.js";

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

/** What a product's search document is made from: its stored values, its category names, its variants in (position, id) order. */
export interface SearchSource {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly brand: string | null;
  readonly tags: readonly string[] | null;
  readonly attributes: unknown;
  readonly isActive: boolean;
  readonly categoryId: string | null;
  readonly subcategoryId: string | null;
  readonly categoryName: string | null;
  readonly subcategoryName: string | null;
  readonly variants: ReadonlyArray<{ readonly sku: string; readonly variantName: string; readonly variantAttributes: unknown }>;
}

const NON_ASCII = /[^\u0000-\u007f]/;

/** Whether a product's name or a SKU holds a character outside ASCII (listed in `search_non_ascii`). */
export const isNonAscii = (product: Pick<SearchableProduct, "name" | "skus">): boolean => NON_ASCII.test(product.name) || product.skus.some((sku) => NON_ASCII.test(sku));

/** The searchable form of a product: one function for `refresh` (from rows) and `refreshWritten` (from what a writer holds). */
export const searchableProduct = (source: SearchSource): SearchableProduct => {
  const attributes = [
    ...attributeWords(source.attributes),
    ...source.variants.flatMap((v) => [v.variantName, ...attributeWords(v.variantAttributes)]),
  ];
  return {
    id: source.id,
    searchable: source.isActive && source.variants.length > 0,
    name: source.name,
    skus: source.variants.map((v) => v.sku),
    brand: source.brand ?? "",
    tags: source.tags ?? [],
    category: [source.categoryName, source.subcategoryName].filter((n) => n !== null && n !== "").join(" "),
    categoryId: source.categoryId,
    subcategoryId: source.subcategoryId,
    description: source.description ?? "",
    attributes: [...new Set(attributes.filter((a) => a.trim() !== ""))].join(" "),
  };
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

/**
 * Fields whose words get postings, with the tier a word takes from the best field holding it.
 * Description words have none (they are most of a document's words): the engine finds them.
 */
export const POSTING_TIERS: Readonly<Partial<Record<SearchField, number>>> = { name: 4, sku: 3, brand: 2, tags: 2, category: 2, attributes: 1 };

/**
 * A store's word as its postings' key: 53 bits of a hash of both, a safe integer in JavaScript
 * and a BIGINT in the database. A collision only adds candidates, which the ranking then drops.
 */
export const termKey = (storeId: string, term: string): number => {
  const digest = createHash("sha1").update(storeId).update("\0").update(term).digest();
  return digest.readUIntBE(0, 6) * 32 + (digest[6]! >> 3);
};

/** Keys of recent words: an import hashes each word of every document, most of them common ones. */
const TERM_KEYS_KEPT = 50_000;
const termKeys = new Map<string, number>();
const cachedTermKey = (storeId: string, term: string): number => {
  const name = `${storeId}\0${term}`;
  let key = termKeys.get(name);
  if (key === undefined) {
    // Forgotten all at once when full: the common words come back within a batch.
    if (termKeys.size >= TERM_KEYS_KEPT) termKeys.clear();
    termKeys.set(name, (key = termKey(storeId, term)));
  }
  return key;
};

/** A posting: the word's key, its tier in the document, the document. */
type Posting = readonly [termKey: number, tier: number, docId: number];

/** Entries to take out of the words' bitmaps and to put in, gathered over a write (`moveBitmaps`). */
interface BitmapChanges {
  readonly removed: Posting[];
  readonly added: Posting[];
}

/** What `was` holds and `is` does not (onto `removed`), and the other way round (onto `added`). */
const difference = (was: readonly Posting[], is: readonly Posting[], removed: Posting[], added: Posting[]): void => {
  const wasKeys = new Set(was.map((p) => p.join(":")));
  const isKeys = new Set(is.map((p) => p.join(":")));
  for (const p of was) if (!isKeys.has(p.join(":"))) removed.push(p);
  for (const p of is) if (!wasKeys.has(p.join(":"))) added.push(p);
};

/** A word's count in SKUs among a delta's slots (0: any field, then SEARCH_FIELDS in order). */
const SKU_SLOT = SEARCH_FIELDS.indexOf("sku") + 1;
const GRAMS_PER_STATEMENT = 500;

/** Postings per statement: three bindings each. */
const POSTINGS_PER_STATEMENT = 500;
/** Bitmap rows per statement (padded to the IN lists' lengths: one prepared text per length). */
const BITMAP_ROWS_PER_STATEMENT = 128;


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
      const entries: BitmapChanges = { removed: [], added: [] };
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        await this.refreshChunk(storeId, chunk, await this.products(storeId, chunk), entries);
      }
      await this.moveBitmaps(entries.removed, entries.added);
    });
  }

  /**
   * Rewrites the documents of products the caller has just written in its transaction, from the
   * values it holds (made by `searchableProduct` from what it wrote, as `refresh` makes them from
   * the rows): the same documents, counts and postings, without reading the products back.
   */
  async refreshWritten(storeId: string, products: readonly SearchableProduct[]): Promise<void> {
    const byId = new Map(products.map((p) => [p.id, p]));
    const ids = [...byId.keys()].sort();
    if (ids.length === 0) return;
    await this.db.transaction(async () => {
      const entries: BitmapChanges = { removed: [], added: [] };
      for (let i = 0; i < ids.length; i += CHUNK) await this.refreshChunk(storeId, ids.slice(i, i + CHUNK), byId, entries, true);
      await this.moveBitmaps(entries.removed, entries.added);
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
      await this.movePostings([...existing.values()].flatMap((doc) => this.postingsOf(storeId, doc.doc_id, doc)), []);
      await this.moveBitmaps([...existing.values()].flatMap((doc) => this.bitmapEntriesOf(storeId, doc.doc_id, doc)), []);
      await this.markNonAscii(storeId, [...existing.values()].map((doc) => doc.doc_id), []);
      if (existing.size > 0) {
        await this.db.execute(`delete from search_documents where store_id = ? and product_id in (${placeholders(existing.size)})`, [
          storeId,
          ...existing.keys(),
        ]);
      }
      await this.applyDeltas(storeId, deltas);
      await this.countDocuments(storeId, -[...existing.values()].filter((doc) => readBoolean(doc.searchable)).length);
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

  /**
   * Writes the postings (`postings`) or the bitmaps (`bitmaps`) of documents from before they
   * existed, a batch of documents at a time in order, remembering the last one so that an
   * interrupted run resumes (adding what is there already changes nothing); answers how many
   * documents it read (none once it has finished).
   */
  async backfillPostings(batch = 2_000, what: "postings" | "bitmaps" = "postings"): Promise<number> {
    let done = 0;
    for (;;) {
      const [state] = await this.db.select<{ last_doc_id: number | string; done: number | boolean }>(
        "select last_doc_id, done from search_backfills where name = ?",
        [what],
      );
      if (state !== undefined && readBoolean(state.done)) return done;
      const after = Number(state?.last_doc_id ?? 0);
      const docs = await this.db.select<DocumentRow & { store_id: string }>(
        `select doc_id, store_id, product_id, searchable, ${SEARCH_FIELDS.join(", ")} from search_documents where doc_id > ? order by doc_id limit ${Number(batch)}`,
        [after],
      );
      const last = docs.length === 0 ? after : Number(docs[docs.length - 1]!.doc_id);
      await this.db.transaction(async () => {
        if (what === "postings") await this.movePostings([], docs.flatMap((doc) => this.postingsOf(doc.store_id, Number(doc.doc_id), doc)));
        else await this.moveBitmaps([], docs.flatMap((doc) => this.bitmapEntriesOf(doc.store_id, Number(doc.doc_id), doc)));
        await this.db.run((q) =>
          q("search_backfills").insert({ name: what, last_doc_id: last, done: docs.length < batch }).onConflict("name").merge(),
        );
      });
      done += docs.length;
    }
  }

  /** Writes the bitmaps of documents from before they existed (migration 0027); see `backfillPostings`. */
  async backfillBitmaps(batch = 2_000): Promise<number> {
    return this.backfillPostings(batch, "bitmaps");
  }

  /**
   * `written`: the products come from the caller, just written in its transaction, so they almost
   * never have a document yet; their words and vectors are made before the documents are read, while
   * the database is still busy with the caller's statements queued before.
   */
  private async refreshChunk(
    storeId: string,
    ids: readonly string[],
    products: ReadonlyMap<string, SearchableProduct>,
    entries: BitmapChanges,
    written = false,
  ): Promise<void> {
    const made: Array<{ id: string; product: SearchableProduct; stored: Record<SearchField, string>; contentHash: string; vectorText: string; vectorHash: string }> = [];
    for (const id of ids) {
      const product = products.get(id);
      // Erased meanwhile (the repository forgets its document), or another store's.
      if (product === undefined) continue;
      const stored = this.storedFields(product);
      // A name or SKU outside ASCII is part of the content: the stored words fold it away, and
      // `search_non_ascii` must follow it (an ASCII document's hash is as it always was).
      const nonAscii = isNonAscii(product);
      const contentHash = sha256(JSON.stringify([product.searchable, stored, product.categoryId, product.subcategoryId, ...(nonAscii ? ["non-ascii"] : [])]));
      const vectorText = product.searchable ? embeddingText(wordsOf(stored)) : "";
      made.push({ id, product, stored, contentHash, vectorText, vectorHash: sha256(vectorText) });
    }
    const early = written ? await this.embed(made.filter((m) => m.product.searchable).map((m) => ({ id: m.id, text: m.vectorText }))) : new Map<string, Buffer>();
    const existing = await this.documents(storeId, ids);
    const deltas = new Map<string, number[]>();
    const now = new Date().toISOString();
    const toEmbed: Array<{ id: string; text: string }> = [];
    const writes: Array<{ id: string; product: SearchableProduct; stored: Record<SearchField, string>; contentHash: string; vectorHash: string }> = [];
    for (const { id, product, stored, contentHash, vectorText, vectorHash } of made) {
      const before = existing.get(id);
      const vectorCurrent = before !== undefined && before.vector_hash === vectorHash && before.vector_model !== null;
      if (before !== undefined && before.content_hash === contentHash && (vectorCurrent || this.embedder === undefined)) continue;
      if (before !== undefined) this.count(deltas, this.vocabularyOf(before), -1);
      this.count(deltas, this.vocabularyOf({ searchable: product.searchable, ...stored }), +1);
      writes.push({ id, product, stored, contentHash, vectorHash });
      if (product.searchable && !vectorCurrent && this.embedder !== undefined) toEmbed.push({ id, text: vectorText });
    }
    const vectors = await this.embed(toEmbed.filter((e) => !early.has(e.id)));
    for (const e of toEmbed) if (early.has(e.id)) vectors.set(e.id, early.get(e.id)!);
    const inserts: Array<Record<string, unknown>> = [];
    const removedPostings: Posting[] = [];
    const addedPostings: Posting[] = [];
    // The bitmaps' changes are made once for the whole write (`entries`, by the caller): a hot
    // word's row is rewritten once a transaction, not once every CHUNK products.
    const { removed: removedEntries, added: addedEntries } = entries;
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
      else {
        await this.db.run((q) => q("search_documents").where({ doc_id: before.doc_id }).update(columns));
        const now = { searchable: w.product.searchable, ...w.stored };
        difference(this.postingsOf(storeId, before.doc_id, before), this.postingsOf(storeId, before.doc_id, now), removedPostings, addedPostings);
        difference(this.bitmapEntriesOf(storeId, before.doc_id, before), this.bitmapEntriesOf(storeId, before.doc_id, now), removedEntries, addedEntries);
      }
    }
    // New documents in a few statements (an import writes hundreds at a time).
    await this.db.insertRows("search_documents", inserts, 100);
    // Rewritten documents leave `search_non_ascii` unless they are still outside ASCII (below).
    const rewritten = writes.flatMap((w) => {
      const before = existing.get(w.id);
      return before === undefined ? [] : [before.doc_id];
    });
    const nonAscii = writes.flatMap((w) => {
      const before = existing.get(w.id);
      return before !== undefined && isNonAscii(w.product) ? [before.doc_id] : [];
    });
    if (inserts.length > 0) {
      // Only the new documents' ids are read back: their words are the ones just written.
      const created = await this.db.select<{ doc_id: number; product_id: string }>(
        `select doc_id, product_id from search_documents where store_id = ? and product_id in (${placeholders(inserts.length)})`,
        [storeId, ...inserts.map((row) => String(row.product_id))],
      );
      const written = new Map(writes.map((w) => [w.id, w]));
      for (const doc of created) {
        const w = written.get(doc.product_id)!;
        addedPostings.push(...this.postingsOf(storeId, doc.doc_id, { searchable: w.product.searchable, ...w.stored }));
        addedEntries.push(...this.bitmapEntriesOf(storeId, doc.doc_id, { searchable: w.product.searchable, ...w.stored }));
        if (isNonAscii(w.product)) nonAscii.push(doc.doc_id);
      }
    }
    await this.markNonAscii(storeId, rewritten, nonAscii);
    await this.movePostings(removedPostings, addedPostings);
    await this.applyDeltas(storeId, deltas);
    let searchable = 0;
    for (const w of writes) searchable += (w.product.searchable ? 1 : 0) - (readBoolean(existing.get(w.id)?.searchable ?? false) ? 1 : 0);
    await this.countDocuments(storeId, searchable);
  }

  /** Quantized vectors of the texts, by id; none without an in-process embedder. */
  private async embed(texts: ReadonlyArray<{ id: string; text: string }>): Promise<Map<string, Buffer>> {
    const vectors = new Map<string, Buffer>();
    if (texts.length === 0 || this.embedder === undefined) return vectors;
    const made = await this.embedder.embed(texts.map((e) => e.text));
    texts.forEach((e, i) => vectors.set(e.id, quantize(made[i]!)));
    return vectors;
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

  /** A searchable document's postings: each word of the fields with tiers, once, at its best field's tier. */
  private postingsOf(storeId: string, docId: number, doc: { readonly searchable: number | boolean } & Readonly<Record<SearchField, string>>): Posting[] {
    if (!readBoolean(doc.searchable)) return [];
    const tiers = new Map<string, number>();
    for (const field of SEARCH_FIELDS) {
      const tier = POSTING_TIERS[field];
      if (tier === undefined) continue;
      for (const w of readStoredWords(doc[field])) if (!isStopWord(w) && (tiers.get(w) ?? 0) < tier) tiers.set(w, tier);
    }
    return [...tiers].map(([w, tier]) => [cachedTermKey(storeId, w), tier, Number(docId)] as const);
  }

  /**
   * A searchable document's entries in the words' bitmaps: its postings, with a name word's tier
   * carrying the name's length in words, stop words aside (`tierCode`, adapters/search/doc-bitmaps.ts).
   */
  private bitmapEntriesOf(storeId: string, docId: number, doc: { readonly searchable: number | boolean } & Readonly<Record<SearchField, string>>): Posting[] {
    const postings = this.postingsOf(storeId, docId, doc);
    if (postings.length === 0) return postings;
    const nameWords = readStoredWords(doc.name).filter((w) => !isStopWord(w)).length;
    return postings.map(([key, tier, id]) => [key, tierCode(tier, nameWords), id] as const);
  }

  /** Takes `unmark` out of `search_non_ascii`, then puts `mark` in (see migration 0025). */
  private async markNonAscii(storeId: string, unmark: readonly number[], mark: readonly number[]): Promise<void> {
    const sent: Promise<number>[] = [];
    for (let i = 0; i < unmark.length; i += 500) {
      const ids = inList(unmark.slice(i, i + 500));
      sent.push(this.db.execute(`delete from search_non_ascii where store_id = ? and doc_id in (${ids.sql})`, [storeId, ...ids.values]));
    }
    const insert = this.db.dialect === "mysql" ? "insert ignore" : "insert or ignore";
    for (let i = 0; i < mark.length; i += 500) {
      const ids = mark.slice(i, i + 500);
      sent.push(this.db.execute(`${insert} into search_non_ascii (store_id, doc_id) values ${ids.map(() => "(?, ?)").join(", ")}`, ids.flatMap((id) => [storeId, id])));
    }
    await settleAll(sent);
  }

  /** Removes and adds postings (exact rows; additions that exist already are left as they are). */
  private async movePostings(removed: readonly Posting[], added: readonly Posting[]): Promise<void> {
    const sent: Promise<number>[] = [];
    for (let i = 0; i < removed.length; i += 100) {
      const rows = removed.slice(i, i + 100);
      sent.push(this.db.execute(
        `delete from search_postings where ${rows.map(() => "(term_key = ? and tier = ? and doc_id = ?)").join(" or ")}`,
        rows.flat(),
      ));
    }
    const insert = this.db.dialect === "mysql" ? "insert ignore" : "insert or ignore";
    for (let i = 0; i < added.length; i += POSTINGS_PER_STATEMENT) {
      const rows = added.slice(i, i + POSTINGS_PER_STATEMENT);
      sent.push(this.db.execute(`${insert} into search_postings (term_key, tier, doc_id) values ${rows.map(() => "(?, ?, ?)").join(", ")}`, rows.flat()));
    }
    // Queued together: the database writes one while the next is made.
    await settleAll(sent);
  }

  /**
   * Takes removed entries out of the words' bitmaps and puts added ones in (`bitmapEntriesOf`: as
   * documents in each word's and tier code's chunk rows; adapters/search/doc-bitmaps.ts), in key
   * order. A row is rewritten whole, so two writers must not build on the same bytes. On MySQL the
   * rows that exist are read `for update` (locked until commit), and rewritten; the rows that did
   * not exist are inserted as new, so that one another transaction created meanwhile makes the
   * insert fail (a duplicate key) rather than be overwritten: the unit of work then runs again
   * (`LostInsertRace`). SQLite's write transaction is the file's only one (BEGIN IMMEDIATE).
   */
  private async moveBitmaps(removed: readonly Posting[], added: readonly Posting[]): Promise<void> {
    if (removed.length === 0 && added.length === 0) return;
    interface Change {
      readonly key: readonly [termKey: number, tier: number, chunk: number];
      readonly added: number[];
      readonly removed: number[];
    }
    const changes = new Map<string, Change>();
    const changeOf = ([termKey, tier, docId]: Posting): Change => {
      const chunk = chunkOf(docId);
      const id = `${termKey}:${tier}:${chunk}`;
      let change = changes.get(id);
      if (change === undefined) changes.set(id, (change = { key: [termKey, tier, chunk], added: [], removed: [] }));
      return change;
    };
    for (const p of removed) changeOf(p).removed.push(offsetOf(p[2]));
    for (const p of added) changeOf(p).added.push(offsetOf(p[2]));
    const sorted = [...changes.values()].sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
    const mysql = this.db.dialect === "mysql";
    const lock = mysql ? " for update" : "";
    const reads: Array<Promise<Array<{ term_key: number | string; tier: number; chunk: number; bits: Uint8Array }>>> = [];
    for (let i = 0; i < sorted.length; i += BITMAP_ROWS_PER_STATEMENT) {
      const rows = padded(sorted.slice(i, i + BITMAP_ROWS_PER_STATEMENT));
      reads.push(this.db.select(
        `select term_key, tier, chunk, bits from search_bitmaps where ${rows.map(() => "(term_key = ? and tier = ? and chunk = ?)").join(" or ")}${lock}`,
        rows.flatMap((r) => r.key),
      ));
    }
    // Queued together (in key order on the one connection), then read.
    await settleAll(reads);
    const current = new Map<string, Uint8Array>();
    for (const read of reads) for (const row of await read) current.set(`${Number(row.term_key)}:${Number(row.tier)}:${Number(row.chunk)}`, row.bits);
    const rewritten: Array<readonly [number, number, number, Buffer]> = [];
    const created: Array<readonly [number, number, number, Buffer]> = [];
    const emptied: Array<readonly [number, number, number]> = [];
    for (const change of sorted) {
      const before = current.get(change.key.join(":"));
      const after = withChanges(before, change.added, change.removed);
      if (after === undefined) {
        if (before !== undefined) emptied.push(change.key);
      } else (before === undefined ? created : rewritten).push([...change.key, Buffer.from(after.buffer, after.byteOffset, after.length)]);
    }
    const sent: Promise<number>[] = [];
    const upsert = mysql ? "on duplicate key update bits = values(bits)" : "on conflict (term_key, tier, chunk) do update set bits = excluded.bits";
    for (let i = 0; i < rewritten.length; i += BITMAP_ROWS_PER_STATEMENT) {
      const rows = padded(rewritten.slice(i, i + BITMAP_ROWS_PER_STATEMENT));
      sent.push(this.db.execute(`insert into search_bitmaps (term_key, tier, chunk, bits) values ${rows.map(() => "(?, ?, ?, ?)").join(", ")} ${upsert}`, rows.flat()));
    }
    // Not padded (a row given twice would be a duplicate of itself): statements of 128, 64, ...,
    // 1 rows, so that there are still few distinct statements to prepare.
    for (let i = 0; i < created.length; ) {
      let size = BITMAP_ROWS_PER_STATEMENT;
      while (size > created.length - i) size /= 2;
      const rows = created.slice(i, (i += size));
      sent.push(
        this.db.execute(`insert into search_bitmaps (term_key, tier, chunk, bits) values ${rows.map(() => "(?, ?, ?, ?)").join(", ")}`, rows.flat()).catch((error: unknown) => {
          throw isUniqueViolation(error) ? new LostInsertRace("a search bitmap row", { cause: error }) : error;
        }),
      );
    }
    for (let i = 0; i < emptied.length; i += BITMAP_ROWS_PER_STATEMENT) {
      const rows = padded(emptied.slice(i, i + BITMAP_ROWS_PER_STATEMENT));
      sent.push(this.db.execute(`delete from search_bitmaps where ${rows.map(() => "(term_key = ? and tier = ? and chunk = ?)").join(" or ")}`, rows.flat()));
    }
    await settleAll(sent);
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

  /** Moves the store's count of searchable documents (after its words: every writer locks in that order). */
  private async countDocuments(storeId: string, by: number): Promise<void> {
    if (by === 0) return;
    await this.db.execute(
      this.db.dialect === "mysql"
        ? "insert into search_counts (store_id, documents) values (?, ?) on duplicate key update documents = greatest(0, documents + ?)"
        : "insert into search_counts (store_id, documents) values (?, ?) on conflict (store_id) do update set documents = max(0, documents + ?)",
      [storeId, Math.max(0, by), by],
    );
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
    // Queued together, in word order still (the connection runs them in the order sent).
    const sent: Promise<number>[] = [];
    for (let i = 0; i < growing.length; i += TERMS_PER_STATEMENT) {
      const rows = growing.slice(i, i + TERMS_PER_STATEMENT);
      const values = rows.map(() => `(?, ?, ${columns.map(() => "?").join(", ")})`).join(", ");
      sent.push(this.db.execute(`insert into search_terms (store_id, term, ${columns.join(", ")}) values ${values} ${add}`, rows.flatMap(([term, d]) => [storeId, term, ...d])));
    }
    for (const [term, delta] of others) sent.push(this.db.execute(upsert, [storeId, term, ...delta.map((n) => Math.max(0, n)), ...delta]));
    // The pieces of SKU words a document gains, for `search=` on lists (substring-candidates.ts):
    // only ever added, in order, after the words (the same order for every writer).
    const pieces = new Set<string>();
    for (const [term, delta] of changes) if (delta[SKU_SLOT]! > 0) for (const gram of gramsOf(term)) pieces.add(gram);
    const grams = [...pieces].sort();
    const insert = this.db.dialect === "mysql" ? "insert ignore" : "insert or ignore";
    for (let i = 0; i < grams.length; i += GRAMS_PER_STATEMENT) {
      const rows = grams.slice(i, i + GRAMS_PER_STATEMENT);
      sent.push(this.db.execute(`${insert} into search_sku_grams (store_id, gram) values ${rows.map(() => "(?, ?)").join(", ")}`, rows.flatMap((g) => [storeId, g])));
    }
    await settleAll(sent);
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
    for (const v of variants) {
      const own = byProduct.get(v.product_id);
      if (own === undefined) byProduct.set(v.product_id, [v]);
      else own.push(v);
    }
    const out = new Map<string, SearchableProduct>();
    for (const row of rows) {
      out.set(
        row.id,
        searchableProduct({
          id: row.id,
          name: row.name,
          description: row.description,
          brand: row.brand,
          tags: readJson<string[] | null>(row.tags, null),
          attributes: readJson<unknown>(row.attributes, {}),
          isActive: readBoolean(row.is_active),
          categoryId: row.category_id,
          subcategoryId: row.subcategory_id,
          categoryName: row.category_name,
          subcategoryName: row.subcategory_name,
          variants: (byProduct.get(row.id) ?? []).map((v) => ({
            sku: v.sku,
            variantName: v.variant_name,
            variantAttributes: readJson<unknown>(v.variant_attributes, {}),
          })),
        }),
      );
    }
    return out;
  }
}

/** The one search-document writer of a database handle (repositories and the composition share it). */
export const searchDocumentsOf = onePerDatabase((db) => new SearchDocuments(db));
