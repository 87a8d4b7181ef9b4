// Product vectors per embedding model in `product_embeddings`: float32 little-endian as base64
// text (the same bytes on SQLite and MariaDB), with the hash of the text each was made from.
import { inject, injectable } from "inversify";
import type { ProductVectorStore, StoredVector } from "../../search/search-catalog-source.js";
import { Database } from "../database.js";

interface EmbeddingRow {
  product_id: string;
  content_hash: string;
  vector: string;
}

const CHUNK = 500;

export const encodeVector = (vector: Float32Array): string => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString("base64");

export const decodeVector = (text: string): Float32Array => {
  const bytes = Buffer.from(text, "base64");
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
};

@injectable()
export class KnexProductVectorStore implements ProductVectorStore {
  constructor(@inject(Database) private readonly db: Database) {}

  async load(storeId: string, model: string, productIds?: readonly string[]): Promise<readonly StoredVector[]> {
    const rows: EmbeddingRow[] = [];
    const base = "select product_id, content_hash, vector from product_embeddings where store_id = ? and model = ?";
    if (productIds === undefined) {
      rows.push(...(await this.db.select<EmbeddingRow>(base, [storeId, model])));
    } else {
      for (let i = 0; i < productIds.length; i += CHUNK) {
        const ids = productIds.slice(i, i + CHUNK);
        rows.push(...(await this.db.select<EmbeddingRow>(`${base} and product_id in (${ids.map(() => "?").join(", ")})`, [storeId, model, ...ids])));
      }
    }
    return rows.map((r) => ({ productId: r.product_id, contentHash: r.content_hash, vector: decodeVector(r.vector) }));
  }

  async save(storeId: string, model: string, vectors: readonly StoredVector[], now: string): Promise<void> {
    if (vectors.length === 0) return;
    await this.db.run(async (q) => {
      for (let i = 0; i < vectors.length; i += CHUNK) {
        const rows = vectors.slice(i, i + CHUNK).map((v) => ({
          store_id: storeId,
          product_id: v.productId,
          model,
          dimensions: v.vector.length,
          vector: encodeVector(v.vector),
          content_hash: v.contentHash,
          updated_at: now,
        }));
        // A product erased meanwhile fails its foreign key; its vector is simply not kept.
        await q("product_embeddings")
          .insert(rows)
          .onConflict(["store_id", "model", "product_id"])
          .merge(["dimensions", "vector", "content_hash", "updated_at"])
          .catch(async () => {
            for (const row of rows) {
              await q("product_embeddings")
                .insert(row)
                .onConflict(["store_id", "model", "product_id"])
                .merge(["dimensions", "vector", "content_hash", "updated_at"])
                .catch(() => undefined);
            }
          });
      }
    });
  }
}
