// Each store's number of searchable documents, kept by the writes that change it (BM25 needs it
// for every search, and counting them took 1.5 s at 1,000,000 products on MariaDB: the first
// search after a restart). Counted here once for the stores that have documents already.
import type { Knex } from "knex";

export const name = "0018-search-counts";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("search_counts", (t) => {
    t.string("store_id", 36).primary().references("id").inTable("stores").onDelete("CASCADE");
    t.integer("documents").notNullable();
  });
  await knex.raw("insert into search_counts (store_id, documents) select store_id, count(*) from search_documents where searchable = 1 group by store_id");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("search_counts");
}
