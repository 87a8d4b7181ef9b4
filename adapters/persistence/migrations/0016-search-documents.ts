// Search in the database engine: one search document per product (its words by field, folded,
// and its quantized vector), indexed by SQLite's FTS5 (an external-content table kept current
// by triggers) or an InnoDB FULLTEXT index, and each store's vocabulary with the number of
// documents holding each word (typo correction and the ranking's word weights). Catalog writes
// keep both current in their own transaction (adapters/persistence/search-documents.ts); the
// documents of products that existed before this migration are written by the backfill that
// runs after migrations. The per-process index of earlier versions and product_embeddings go.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0016-search-documents";

const TEXT_COLUMNS = ["name", "sku", "brand", "tags", "category", "attributes", "description"] as const;

export async function up(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === "mysql2";
  await knex.schema.createTable("search_documents", (t) => {
    t.bigIncrements("doc_id");
    // No foreign key to products: a product's delete, refused by an order that points at it, would
    // cascade into this row and back inside a savepoint, and InnoDB's FULLTEXT bookkeeping cannot
    // take a row deleted and then changed in one transaction (an assertion stops the server). The
    // repository removes the document itself, after the product's delete succeeded.
    t.string("product_id", 36).notNullable().unique("search_documents_product_unique");
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    /** Active with at least one variant; a document that is not holds no words. */
    t.boolean("searchable").notNullable();
    for (const column of TEXT_COLUMNS) t.text(column).notNullable();
    t.string("category_id", 36).nullable();
    t.string("subcategory_id", 36).nullable();
    /** Of the indexed text and the category ids: an unchanged product is not written again. */
    t.string("content_hash", 64).notNullable();
    /** float32 scale then int8 components of the unit vector (see `quantize`), of `vector_model`, made from text hashed `vector_hash`. */
    t.binary("vector").nullable();
    t.string("vector_model", 100).nullable();
    t.string("vector_hash", 64).nullable();
    timestamp(t, "updated_at").notNullable();
    t.index(["store_id", "searchable", "doc_id"], "search_documents_store_idx");
  });
  // A store's words with the number of searchable documents holding each.
  await knex.schema.createTable("search_terms", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("term", 60).notNullable();
    /** Searchable documents holding the word in any field; then in each field (BM25 weighs a word per field). */
    t.integer("docs").notNullable();
    for (const column of TEXT_COLUMNS) t.integer(`in_${column}`).notNullable().defaultTo(0);
    t.primary(["store_id", "term"]);
    t.index(["store_id", "docs"], "search_terms_store_docs_idx");
    t.index(["store_id", "in_sku", "docs"], "search_terms_store_sku_idx");
  });
  if (mysql) {
    // Words are matched as written: no stop words (the index keeps the setting it was made with).
    await knex.raw("set session innodb_ft_enable_stopword = 0");
    await knex.raw(`alter table search_documents add fulltext index search_documents_text (${TEXT_COLUMNS.join(", ")})`);
    // Binary comparison of words: 'e' and 'é' are folded by the writer, case too.
    await knex.raw("alter table search_terms modify term varchar(60) character set utf8mb4 collate utf8mb4_bin not null");
  } else {
    const columns = TEXT_COLUMNS.join(", ");
    const values = (row: "new" | "old") => TEXT_COLUMNS.map((c) => `${row}.${c}`).join(", ");
    await knex.raw(
      `create virtual table search_fts using fts5(${columns}, content='search_documents', content_rowid='doc_id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
    );
    await knex.raw("insert into search_fts(search_fts, rank) values ('rank', 'bm25(5.0, 4.0, 2.5, 2.5, 2.5, 1.5, 1.0)')");
    await knex.raw(
      `create trigger search_documents_ai after insert on search_documents begin insert into search_fts(rowid, ${columns}) values (new.doc_id, ${values("new")}); end`,
    );
    await knex.raw(
      `create trigger search_documents_ad after delete on search_documents begin insert into search_fts(search_fts, rowid, ${columns}) values ('delete', old.doc_id, ${values("old")}); end`,
    );
    await knex.raw(
      `create trigger search_documents_au after update of ${columns} on search_documents begin ` +
        `insert into search_fts(search_fts, rowid, ${columns}) values ('delete', old.doc_id, ${values("old")}); ` +
        `insert into search_fts(rowid, ${columns}) values (new.doc_id, ${values("new")}); end`,
    );
  }
  await knex.schema.dropTableIfExists("product_embeddings");
}

export async function down(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === "mysql2";
  if (!mysql) {
    for (const trigger of ["search_documents_ai", "search_documents_ad", "search_documents_au"]) await knex.raw(`drop trigger if exists ${trigger}`);
    await knex.raw("drop table if exists search_fts");
  }
  await knex.schema.dropTableIfExists("search_terms");
  await knex.schema.dropTableIfExists("search_documents");
  await knex.schema.createTable("product_embeddings", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("CASCADE");
    t.string("model", 100).notNullable();
    t.integer("dimensions").notNullable();
    t.text("vector").notNullable();
    t.string("content_hash", 64).notNullable();
    timestamp(t, "updated_at").notNullable();
    t.primary(["store_id", "model", "product_id"]);
    t.index(["product_id"]);
  });
}
