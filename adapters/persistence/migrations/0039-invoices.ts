// Invoices and credit notes (docs/invoices.md): each paid order's invoice and each succeeded
// refund's credit note, kept as the JSON snapshot they were issued with, and each store's four
// gapless counters (invoices and credit notes, live and test). A number is taken by incrementing
// the counter row inside the transaction that pays the order or settles the refund, so a rolled
// back payment leaves no gap (docs/decisions/payments.md, "payments-31"). Stores from before get
// their counters here; a new store gets them when it is created.
import type { Knex } from "knex";
import { timestamp } from "../column-types.js";

export const name = "0039-invoices";

const SERIES = ["invoice", "invoice_test", "credit_note", "credit_note_test"] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("document_sequences", (t) => {
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    // invoice, invoice_test, credit_note, credit_note_test (domain/invoices/document-number.ts).
    t.string("series", 24).notNullable();
    t.bigInteger("last_number").notNullable();
    t.primary(["store_id", "series"]);
  });

  await knex.schema.createTable("invoices", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("order_id", 36).notNullable().references("id").inTable("orders").onDelete("CASCADE");
    // INV-000001, or INV-TEST-000001 in test mode; `sequence` is its number in its series.
    t.string("number", 32).notNullable();
    t.bigInteger("sequence").notNullable();
    t.boolean("livemode").notNullable();
    t.string("currency", 3).notNullable();
    // Integer minor units.
    t.bigInteger("total_amount").notNullable();
    t.bigInteger("tax_amount").notNullable();
    // The invoice as issued (seller, buyer, lines, totals by rate), JSON text.
    t.text("document").notNullable();
    timestamp(t, "issued_at").notNullable();
    // One invoice per order; one number per store.
    t.unique(["store_id", "order_id"]);
    t.unique(["store_id", "number"]);
  });

  await knex.schema.createTable("credit_notes", (t) => {
    t.string("id", 36).primary();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.string("order_id", 36).notNullable().references("id").inTable("orders").onDelete("CASCADE");
    t.string("refund_id", 36).notNullable().references("id").inTable("refunds").onDelete("CASCADE");
    // CN-000001, or CN-TEST-000001 in test mode.
    t.string("number", 32).notNullable();
    t.bigInteger("sequence").notNullable();
    t.boolean("livemode").notNullable();
    t.string("currency", 3).notNullable();
    t.bigInteger("total_amount").notNullable();
    // Null for refunds of orders placed before per-line tax (not part of any unique key).
    t.bigInteger("tax_amount").nullable();
    t.text("document").notNullable();
    timestamp(t, "issued_at").notNullable();
    // One credit note per refund; one number per store.
    t.unique(["store_id", "refund_id"]);
    t.unique(["store_id", "number"]);
    // An order's credit notes, oldest first.
    t.index(["store_id", "order_id", "issued_at"]);
  });

  for (const series of SERIES) {
    await knex.raw(
      "insert into document_sequences (store_id, series, last_number) select s.id, ?, 0 from stores s where not exists (select 1 from document_sequences d where d.store_id = s.id and d.series = ?)",
      [series, series],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["credit_notes", "invoices", "document_sequences"]) await knex.schema.dropTableIfExists(table);
}
