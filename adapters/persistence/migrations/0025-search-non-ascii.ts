// Documents whose product name or a SKU holds a character outside ASCII (issue 17, exact totals
// of `search=` lists without reading every match). For a search of ASCII letters and digits
// alone, a product whose name and SKUs are ASCII matches it exactly when one of its name or SKU
// words holds it (the LIKE and the folded words then agree), so the list's total is the number of
// documents the words' postings name, counted in the postings index; only the documents listed
// here (few in most catalogs) are checked with the LIKE. Written with the document, in the same
// transaction; filled here for the documents that exist.
import type { Knex } from "knex";

export const name = "0025-search-non-ascii";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("search_non_ascii", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.bigInteger("doc_id").notNullable();
    t.primary(["store_id", "doc_id"]);
  });
  await fillSearchNonAscii(knex);
}

/** Lists every document whose product's name or a SKU holds a character outside ASCII (exported for its test). */
export async function fillSearchNonAscii(knex: Knex): Promise<void> {
  const mysql = knex.client.config.client === "mysql2";
  // Bytes and characters differ in length exactly when a character is not ASCII (UTF-8).
  const nonAscii = (column: string): string => (mysql ? `length(${column}) <> char_length(${column})` : `length(cast(${column} as blob)) <> length(${column})`);
  const insert = mysql ? "insert ignore" : "insert or ignore";
  // Two passes over the tables in their order, each reading the documents of its few matches.
  await knex.raw(
    `${insert} into search_non_ascii (store_id, doc_id) select d.store_id, d.doc_id from products p join search_documents d on d.product_id = p.id where ${nonAscii("p.name")}`,
  );
  await knex.raw(
    `${insert} into search_non_ascii (store_id, doc_id) select distinct d.store_id, d.doc_id from variants v join search_documents d on d.product_id = v.product_id where ${nonAscii("v.sku")}`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("search_non_ascii");
}
