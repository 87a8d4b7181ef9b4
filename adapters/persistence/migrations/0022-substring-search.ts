// `search=` on product and price lists through the vocabulary and the postings instead of a LIKE
// scan of every product and variant (adapters/persistence/substring-candidates.ts): the store's
// name words are read by an index of their own, and `search_sku_grams` keeps every three-character
// piece of the store's SKU words, so a search holding a piece no SKU has never reads SKU words.
// Pieces are only ever added (a superset answers); those of the SKU words there already are
// written here, a batch of words at a time.
import type { Knex } from "knex";
import { gramsOf } from "../substring-grams.js";

export const name = "0022-substring-search";

const BATCH = 5_000;

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === "mysql2";
  await knex.schema.alterTable("search_terms", (t) => {
    t.index(["store_id", "in_name", "term"], "search_terms_store_name_idx");
  });
  await knex.schema.createTable("search_sku_grams", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("gram", 3).notNullable();
    t.primary(["store_id", "gram"]);
  });
  if (mysql) await knex.raw("alter table search_sku_grams modify gram varchar(3) character set utf8mb4 collate utf8mb4_bin not null");
  const insert = mysql ? "insert ignore" : "insert or ignore";
  let after: { store_id: string; term: string } | undefined;
  for (;;) {
    const query = knex("search_terms").select("store_id", "term").where("in_sku", ">", 0).orderBy([{ column: "store_id" }, { column: "term" }]).limit(BATCH);
    if (after !== undefined) {
      const { store_id, term } = after;
      void query.where((w) => void w.where("store_id", ">", store_id).orWhere((same) => void same.where("store_id", store_id).andWhere("term", ">", term)));
    }
    const rows: Array<{ store_id: string; term: string }> = await query;
    if (rows.length === 0) break;
    const pieces = new Set<string>();
    for (const row of rows) for (const gram of gramsOf(row.term)) pieces.add(`${row.store_id}\u0000${gram}`);
    const values = [...pieces].sort().map((p) => p.split("\u0000") as [string, string]);
    for (let i = 0; i < values.length; i += 500) {
      const slice = values.slice(i, i + 500);
      await knex.raw(`${insert} into search_sku_grams (store_id, gram) values ${slice.map(() => "(?, ?)").join(", ")}`, slice.flat());
    }
    after = rows[rows.length - 1];
    if (rows.length < BATCH) break;
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("search_sku_grams");
  await knex.schema.alterTable("search_terms", (t) => {
    t.dropIndex(["store_id", "in_name", "term"], "search_terms_store_name_idx");
  });
}
