// Search postings: for each word of a document's short fields (name, SKUs, brand, tags, category,
// attributes), a row keyed by the word (a hash of store and word), the best field's tier and the
// document. A word's best documents are then an index range read whatever the catalog's size:
// the engines' own indexes score every match of a common word (InnoDB cannot stop early), which
// at 1,000,000 products costs seconds. Catalog writes keep the postings current in their own
// transaction; documents written before this migration get theirs from a resumable backfill.
import type { Knex } from "knex";

export const name = "0017-search-postings";

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === "mysql2";
  if (mysql) {
    // Three numbers and nothing else: the row is its key (InnoDB's clustered index).
    await knex.raw(
      "create table search_postings (term_key bigint not null, tier tinyint not null, doc_id bigint not null, primary key (term_key, tier, doc_id))",
    );
  } else {
    await knex.raw(
      "create table search_postings (term_key integer not null, tier integer not null, doc_id integer not null, primary key (term_key, tier, doc_id)) without rowid",
    );
  }
  // How far a one-off backfill got (the last document it wrote postings for), so it resumes.
  await knex.schema.createTable("search_backfills", (t) => {
    t.string("name", 60).primary();
    t.bigInteger("last_doc_id").notNullable();
    t.boolean("done").notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("search_backfills");
  await knex.schema.dropTableIfExists("search_postings");
}
