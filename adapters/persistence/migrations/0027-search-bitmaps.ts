// Search bitmaps: the documents holding each word, by the tier of the best field holding it, as
// one row per chunk of 65,536 document ids (adapters/search/doc-bitmaps.ts says how the bytes are
// laid out). The documents holding every word of a query are worked out from them whatever their
// age; the postings (0017) chose a word's newest documents, so an old product named by common
// words could not be found (docs/decisions/search.md, search-15). Catalog writes keep the rows current
// in their own transaction; documents written before this migration get theirs from a
// resumable backfill (`search_backfills`, name `bitmaps`).
import type { Knex } from "knex";

export const name = "0027-search-bitmaps";

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === "mysql2";
  if (mysql) {
    // A chunk's bytes are at most 8,192 (a bitset); `blob` holds 65,535.
    await knex.raw(
      "create table search_bitmaps (term_key bigint not null, tier tinyint not null, chunk int not null, bits blob not null, primary key (term_key, tier, chunk))",
    );
  } else {
    await knex.raw(
      "create table search_bitmaps (term_key integer not null, tier integer not null, chunk integer not null, bits blob not null, primary key (term_key, tier, chunk)) without rowid",
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("search_bitmaps");
  await knex("search_backfills").where({ name: "bitmaps" }).delete();
}
