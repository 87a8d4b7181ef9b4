// Media (docs/staff.md, "Media"): one row per uploaded image, its original's type and size, and
// its files (original and resized variants) as JSON. The list walks (store_id, created_at, id).
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0033-media";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("media", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("content_type", 64).notNullable();
    t.integer("width").notNullable();
    t.integer("height").notNullable();
    t.integer("bytes").notNullable();
    t.string("file_name", 255).nullable();
    // [{name, content_type, width, height, bytes, key, etag}] as JSON text.
    t.text("variants").notNullable();
    // Who uploaded it, as the audit log names them: `staff` (a member) or `api_key`.
    t.string("created_by_type", 16).notNullable();
    t.string("created_by_id", 36).nullable();
    t.string("created_by_label", 254).notNullable();
    timestamp(t, "created_at").notNullable();
    t.index(["store_id", "created_at", "id"], "media_store_created_idx");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("media");
}
