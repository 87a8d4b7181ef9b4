// Taxes by zone and class (docs/taxes.md): the store's tax settings, a tax class on products and
// variants, and each order line's tax figures. The store-wide `tax_rate_percent` moves into the
// settings as docs/taxes.md "For the wiring" says: prices without tax, one zone for the store's
// country at that rate, the default, shipping taxed as `standard`. Past orders keep their figures:
// their lines get no tax columns (null), and refunds of them keep the old rule.
import { iso1A2Code } from "@rapideditor/country-coder";
import type { Knex } from "knex";
import { countryOfCurrency, flatRateSettings } from "../../../domain/tax/store-tax-defaults.js";
import { taxRate } from "../../../domain/tax/tax-rate.js";
import { writeTaxSettings } from "../tax-settings-column.js";

export const name = "0038-tax-settings";

interface OldStoreRow {
  readonly id: string;
  readonly base_currency: string;
  readonly latitude: number | string | null;
  readonly longitude: number | string | null;
  readonly tax_rate_percent: number | string | null;
}

/** The store's country: where its location lies, else its currency's country. */
const countryOf = (row: OldStoreRow): string => {
  if (row.latitude !== null && row.longitude !== null) {
    const code = iso1A2Code([Number(row.longitude), Number(row.latitude)]);
    if (code !== null && /^[A-Z]{2}$/.test(code)) return code;
  }
  return countryOfCurrency(row.base_currency);
};

/** Percent (a double, 0-100) to parts per million; exact for up to four decimals, the most a rate has. */
const ppmOf = (percent: number | string | null): number => Math.min(1_000_000, Math.max(0, Math.round(Number(percent ?? 0) * 10_000)));

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("stores", (t) => {
    // JSON (docs/taxes.md, "A store's settings"); rates in parts per million.
    t.text("tax_settings").nullable();
  });
  await knex.schema.alterTable("products", (t) => {
    t.string("tax_class", 40).nullable();
  });
  await knex.schema.alterTable("variants", (t) => {
    t.string("tax_class", 40).nullable();
  });
  await knex.schema.alterTable("order_items", (t) => {
    t.string("tax_class", 40).nullable();
    t.integer("tax_rate").nullable();
    t.boolean("tax_exempt").nullable();
    t.bigInteger("discount_share").nullable();
    t.bigInteger("net_amount").nullable();
    t.bigInteger("tax_amount").nullable();
    t.bigInteger("gross_amount").nullable();
  });
  await knex.schema.alterTable("refunds", (t) => {
    // The tax inside the refund's amount; null for refunds of orders placed before per-line tax.
    t.bigInteger("tax_amount").nullable();
  });
  await knex.schema.alterTable("orders", (t) => {
    // The price basis, the zone and how it was found, and the shipping fee's tax figures (JSON).
    t.text("tax_details").nullable();
  });
  const stores: OldStoreRow[] = await knex("stores").select("id", "base_currency", "latitude", "longitude", "tax_rate_percent");
  for (const row of stores) {
    const settings = flatRateSettings(countryOf(row), taxRate(ppmOf(row.tax_rate_percent)));
    await knex("stores").where({ id: row.id }).update({ tax_settings: writeTaxSettings(settings) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.dropColumn("tax_details");
  });
  await knex.schema.alterTable("refunds", (t) => {
    t.dropColumn("tax_amount");
  });
  await knex.schema.alterTable("order_items", (t) => {
    for (const column of ["tax_class", "tax_rate", "tax_exempt", "discount_share", "net_amount", "tax_amount", "gross_amount"]) t.dropColumn(column);
  });
  await knex.schema.alterTable("variants", (t) => {
    t.dropColumn("tax_class");
  });
  await knex.schema.alterTable("products", (t) => {
    t.dropColumn("tax_class");
  });
  // `tax_rate_percent` was kept up to date with the default zone's standard rate (the repository writes it).
  await knex.schema.alterTable("stores", (t) => {
    t.dropColumn("tax_settings");
  });
}
