// Checkpoints of catalog imports: how far an import of one file (by its fingerprint) into a store
// has got, with its counts and rejected rows so far, written in each batch's transaction, so that
// an interrupted import resumes after its last committed batch. Removed when the import ends.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0019-catalog-imports";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("catalog_imports", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    /** sha256 of the file's bytes and its format. */
    t.string("fingerprint", 80).notNullable();
    /** Products of the file (in file order) dealt with: written, updated or rejected. */
    t.integer("position").notNullable();
    t.integer("created").notNullable();
    t.integer("updated").notNullable();
    timestamp(t, "started_at").notNullable();
    timestamp(t, "updated_at").notNullable();
    t.primary(["store_id", "fingerprint"]);
  });
  await knex.schema.createTable("catalog_import_rejections", (t) => {
    t.bigIncrements("id");
    t.string("store_id", 36).notNullable();
    t.string("fingerprint", 80).notNullable();
    t.integer("line").notNullable();
    t.text("reason").notNullable();
    t.foreign(["store_id", "fingerprint"]).references(["store_id", "fingerprint"]).inTable("catalog_imports").onDelete("CASCADE");
    t.index(["store_id", "fingerprint", "line"], "catalog_import_rejections_import_idx");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("catalog_import_rejections");
  await knex.schema.dropTableIfExists("catalog_imports");
}
