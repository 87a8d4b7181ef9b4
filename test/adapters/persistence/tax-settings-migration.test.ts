// Migration 0038 (docs/taxes.md, "For the wiring") on a database that already has stores and orders,
// on both dialects: each store's tax_rate_percent becomes settings with prices excluding tax, one
// zone for the store's country (where its location lies, else its currency's) at that rate, the
// default, shipping taxed as standard; past orders keep every figure and get no line figures.
import "reflect-metadata";
import assert from "node:assert/strict";
import type { Knex } from "knex";
import { productColumns } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { KnexOrderRepository } from "../../../adapters/persistence/repositories/knex-order-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { productRecord } from "../../support/catalog-fixtures.js";
import { describeMigration, migrateBefore, migrationSource } from "../../support/migration-steps.js";

const NAIROBI_SHOP = "01900000-0000-7000-8000-0000000038a1";
const KAMPALA_SHOP = "01900000-0000-7000-8000-0000000038a2";
const PRODUCT = "01900000-0000-7000-8000-0000000038b1";
const ORDER = "01900000-0000-7000-8000-0000000038c1";
const AT = "2030-01-01T00:00:00.000Z";

describeMigration("0038", (database) => {
  it("moves each store's rate into one default zone of its country, and leaves past orders' figures as they were", async () => {
    const db = database();
    const knex = db.knex;
    await migrateBefore(knex, "0038-tax-settings");
    const store = (id: string, currency: string, rate: number, location: { latitude: number; longitude: number } | null) => ({
      id,
      name: "Old shop",
      base_currency: currency,
      hmac_secret: "x".repeat(48),
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      tax_rate_percent: rate,
      created_at: AT,
      updated_at: AT,
    });
    // A Nairobi shop priced in US dollars (its location decides the country), and one in Uganda with no location.
    await knex("stores").insert([store(NAIROBI_SHOP, "USD", 16, { latitude: -1.2864, longitude: 36.8172 }), store(KAMPALA_SHOP, "UGX", 7.5, null)]);
    const { tax_class: _none, ...productRow } = productColumns(NAIROBI_SHOP, productRecord(PRODUCT));
    await knex("products").insert(productRow);
    await knex("orders").insert({
      id: ORDER,
      store_id: NAIROBI_SHOP,
      order_number: "ORD-2030-000001",
      customer_email: "old@example.com",
      customer_name: "Old",
      order_status: "delivered",
      payment_status: "paid",
      fulfilment_status: "fulfilled",
      payment_method: "cash",
      currency: "USD",
      subtotal: 10_001,
      discount_amount: 0,
      shipping_amount: 500,
      tax_amount: 1_681,
      gift_card_amount: 0,
      total_amount: 12_182,
      billing_address: "{}",
      shipping_address: "{}",
      shipping_metadata: JSON.stringify({ tax_rate_percent: 16 }),
      promotions: "[]",
      livemode: false,
      created_at: AT,
      updated_at: AT,
    });
    await knex("order_items").insert({
      id: "01900000-0000-7000-8000-0000000038d1",
      order_id: ORDER,
      store_id: NAIROBI_SHOP,
      product_id: PRODUCT,
      product_name: "Old lamp",
      variant_name: "",
      sku: "OLD-1",
      quantity: 1,
      unit_price: 10_001,
      line_total: 10_001,
      position: 0,
    });

    await knex.migrate.latest({ migrationSource });

    const stores = new KnexStoreRepository(db);
    const nairobi = await stores.findById(NAIROBI_SHOP);
    assert.deepEqual(nairobi?.taxSettings, {
      pricesIncludeTax: false,
      zones: [{ id: "default", name: "KE", country: "KE", region: null, rates: { standard: 160_000 } }],
      defaultZoneId: "default",
      shippingTaxClass: "standard",
    });
    const kampala = await stores.findById(KAMPALA_SHOP);
    assert.deepEqual(kampala?.taxSettings?.zones, [{ id: "default", name: "UG", country: "UG", region: null, rates: { standard: 75_000 } }]);

    const order = await new KnexOrderRepository(db).find(NAIROBI_SHOP, ORDER);
    assert.ok(order !== undefined);
    assert.deepEqual(
      [order.subtotal, order.shippingAmount, order.taxAmount, order.totalAmount, order.taxDetails, order.items[0]?.tax],
      [10_001, 500, 1_681, 12_182, null, null],
      "a past order keeps its amounts and has no line figures",
    );
    assert.deepEqual(order.shippingMetadata, { tax_rate_percent: 16 });
    const products = await knex("products").where({ id: PRODUCT }).select("tax_class");
    assert.deepEqual(products, [{ tax_class: null }], "products start without a class: standard");
  });
});
