// Taxes wired end to end (docs/taxes.md, "For the wiring"), on SQLite and on MariaDB: the store's tax
// settings read and replaced on /v1 and /admin/v1 (settings.manage), refused with the zone and class
// named; product and variant classes checked against the zones; checkout taxing each line in the
// shipping address's zone (inclusive and exclusive prices, a region's own zone, zero-rated lines);
// the lines' figures on order reads; the price list's unit tax by place; refunds returning tax in
// proportion from the stored figures; the deprecated tax_rate_percent.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createThrowawayDatabase, mysqlReachable, type ThrowawayDatabase } from "../../support/mysql-database.js";
import { address, checkoutSession, createProduct, fillSessionCart, setUpDelivery } from "../../support/order-fixtures.js";
import { signedRequest } from "../../support/signed-request.js";
import { asStaff, memberSignedIn } from "../../support/staff-session.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

/** A Kenyan shop: prices with VAT, 16 % at home, 18 % in Uganda and Tanzania, 15 % in Zanzibar, 8 % reduced in Kenya. */
const EAST_AFRICA = {
  prices_include_tax: true,
  zones: [
    { id: "ke", name: "Kenya", country: "KE", rates: { standard: "16", reduced: "8" } },
    { id: "ug", name: "Uganda", country: "ug", region: null, rates: { standard: "18", reduced: "18" } },
    { id: "tz", name: "Tanzania", country: "TZ", rates: { standard: "18", reduced: "18" } },
    { id: "tz-zanzibar", name: "Zanzibar", country: "TZ", region: "Zanzibar", rates: { standard: "15", reduced: "15" } },
  ],
  default_zone_id: "ke",
  shipping_tax_class: "standard",
};

/** Exact half-to-even division of integers, as the rules round. */
const divideHalfEven = (numerator: number, denominator: number): number => {
  const quotient = Math.floor(numerator / denominator);
  const twice = 2 * (numerator - quotient * denominator);
  return twice > denominator || (twice === denominator && quotient % 2 === 1) ? quotient + 1 : quotient;
};
/** The tax inside a gross at a rate in ppm: gross - round(gross / (1 + rate)). */
const taxInside = (gross: number, ppm: number): number => gross - divideHalfEven(gross * 1_000_000, 1_000_000 + ppm);
const minor = (major: number): number => Math.round(major * 100);

const suite = (dialect: "sqlite" | "mariadb"): void => {
  describe(`taxes by zone and class (${dialect})`, function () {
    this.timeout(180_000);
    let t: TestApplication;
    let mysql: ThrowawayDatabase | undefined;
    let secret: string;
    let publishable: string;

    before(async function () {
      let databaseUrl: string | undefined;
      if (dialect === "mariadb") {
        if (!(await mysqlReachable())) {
          if (process.env.CI === "true") throw new Error("MariaDB is not reachable at 127.0.0.1:3306, and CI=true requires these tests");
          console.log("    (skipped: no MariaDB reachable at 127.0.0.1:3306)");
          this.skip();
        }
        mysql = await createThrowawayDatabase("taxes");
        databaseUrl = mysql.url;
      }
      t = await startTestApplication(databaseUrl === undefined ? {} : { databaseUrl });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      // Delivery around Nairobi: KES 300.00 up to 10 km, free from KES 5,000.00; the deprecated rate 16 %.
      await setUpDelivery(t.client, secret, { taxRatePercent: 16, deliveryFee: 300, freeDeliveryThreshold: 5_000 });
    });
    after(async () => {
      await t?.close();
      await mysql?.drop();
    });

    const putSettings = (body: unknown) => t.client.request("PUT", "/v1/store/tax-settings", { key: secret, body });
    const orderOf = async (id: string): Promise<any> => (await t.client.get(`/v1/orders/${id}`, { key: secret })).body;

    it("a store starts with one zone at its old rate, prices without tax; tax_rate_percent (deprecated) sets the default zone's standard rate", async () => {
      const settings = await t.client.get("/v1/store/tax-settings", { key: secret });
      assert.equal(settings.status, 200, settings.text);
      assert.equal(settings.body.prices_include_tax, false);
      assert.equal(settings.body.zones.length, 1);
      assert.deepEqual(settings.body.zones[0].rates, { standard: "16" });
      assert.equal(settings.body.default_zone_id, settings.body.zones[0].id);
      assert.equal(settings.body.shipping_tax_class, "standard");
      const store = await t.client.get("/v1/store", { key: secret });
      assert.equal(store.body.prices_include_tax, false);
      assert.equal(store.body.tax_rate_percent, 16);
      // Another store is untouched by this one's settings.
      const other = await t.client.get("/v1/store/tax-settings", { key: t.otherStore.keys.secretTest });
      assert.deepEqual(other.body.zones[0].rates, { standard: "0" });
    });

    it("a publishable key can neither read nor replace the settings", async () => {
      assert.equal((await t.client.get("/v1/store/tax-settings", { key: publishable })).status, 403);
      assert.equal((await t.client.request("PUT", "/v1/store/tax-settings", { key: publishable, body: EAST_AFRICA })).status, 403);
    });

    it("refuses bad settings with a 4xx naming what is wrong, and changes nothing", async () => {
      const before = (await t.client.get("/v1/store/tax-settings", { key: secret })).body;
      const noStandard = await putSettings({ ...EAST_AFRICA, zones: [{ id: "ke", name: "Kenya", country: "KE", rates: { reduced: "8" } }] });
      assert.equal(noStandard.status, 422, noStandard.text);
      assert.equal(noStandard.body.error.code, "tax_settings_invalid");
      assert.equal(noStandard.body.error.param, "zones[0].rates");
      assert.match(noStandard.body.error.message, /tax zone ke has no rate for tax class standard/);

      const percentSign = await putSettings({ ...EAST_AFRICA, zones: [{ id: "ke", name: "Kenya", country: "KE", rates: { standard: "16%" } }] });
      assert.equal(percentSign.status, 400, percentSign.text);
      assert.match(percentSign.body.error.param, /zones/);

      const tooHigh = await putSettings({ ...EAST_AFRICA, zones: [{ id: "ke", name: "Kenya", country: "KE", rates: { standard: "1600" } }] });
      assert.equal(tooHigh.status, 400, tooHigh.text);

      const unknownDefault = await putSettings({ ...EAST_AFRICA, default_zone_id: "rw" });
      assert.equal(unknownDefault.status, 422, unknownDefault.text);
      assert.equal(unknownDefault.body.error.param, "default_zone_id");

      const samePlace = await putSettings({ ...EAST_AFRICA, zones: [...EAST_AFRICA.zones, { id: "tz2", name: "Tanzania again", country: "tz", rates: { standard: "18", reduced: "18" } }] });
      assert.equal(samePlace.status, 422, samePlace.text);
      assert.match(samePlace.body.error.message, /tax zones tz and tz2 cover the same place/);

      const taxedZero = await putSettings({ ...EAST_AFRICA, zones: [{ id: "ke", name: "Kenya", country: "KE", rates: { standard: "16", zero: "5" } }] });
      assert.equal(taxedZero.status, 422, taxedZero.text);
      assert.match(taxedZero.body.error.message, /gives zero a rate other than 0/);

      const badCountry = await putSettings({ ...EAST_AFRICA, zones: [{ id: "ke", name: "Kenya", country: "KEN", rates: { standard: "16" } }] });
      assert.equal(badCountry.status, 400, badCountry.text);
      assert.equal(badCountry.body.error.param, "zones[0].country");

      const unknownField = await putSettings({ ...EAST_AFRICA, vat_number: "P051234567X" });
      assert.equal(unknownField.status, 400, unknownField.text);

      assert.deepEqual((await t.client.get("/v1/store/tax-settings", { key: secret })).body, before, "a refused write changes nothing");
    });

    it("replaces the settings; /v1/store says prices include tax; the admin API reads and replaces them with settings.manage only", async () => {
      const put = await putSettings(EAST_AFRICA);
      assert.equal(put.status, 200, put.text);
      assert.equal(put.body.zones[1].country, "UG", "countries are kept in upper case");
      assert.equal(put.body.zones[1].region, null);
      assert.equal(put.body.zones[3].region, "Zanzibar");
      assert.deepEqual(put.body.zones[0].rates, { standard: "16", reduced: "8" });
      assert.deepEqual((await t.client.get("/v1/store/tax-settings", { key: secret })).body, put.body);
      const store = await t.client.get("/v1/store", { key: secret });
      assert.equal(store.body.prices_include_tax, true);
      assert.equal(store.body.tax_rate_percent, 16);

      const storeId = t.store.store.id;
      const manager = await memberSignedIn(t.application, t.client, storeId, "manager", `tax.manager.${dialect}@shop.example`);
      const support = await memberSignedIn(t.application, t.client, storeId, "support", `tax.support.${dialect}@shop.example`);
      const read = await asStaff(t.client, manager, "GET", "/admin/v1/store/tax-settings");
      assert.equal(read.status, 200, read.text);
      assert.deepEqual(read.body, put.body);
      const replaced = await asStaff(t.client, manager, "PUT", "/admin/v1/store/tax-settings", EAST_AFRICA);
      assert.equal(replaced.status, 200, replaced.text);
      for (const [method, body] of [["GET", undefined], ["PUT", EAST_AFRICA]] as const) {
        const refused = await asStaff(t.client, support, method, "/admin/v1/store/tax-settings", body);
        assert.equal(refused.status, 403, refused.text);
        assert.equal(refused.body.error.code, "permission_denied");
      }
      const refusedByAdmin = await asStaff(t.client, manager, "PUT", "/admin/v1/store/tax-settings", { ...EAST_AFRICA, shipping_tax_class: "luxury" });
      assert.equal(refusedByAdmin.status, 422, refusedByAdmin.text);
      assert.match(refusedByAdmin.body.error.message, /no rate for tax class luxury/);
    });

    it("a product's or variant's class some zone does not rate is refused naming the zone and the class; a rated one is kept and shown", async () => {
      const sku = () => `TAX-${randomUUID().slice(0, 10)}`;
      const unrated = await t.client.post("/v1/products", { name: "Brandy", tax_class: "alcohol", variants: [{ sku: sku(), price: 300_000, stock: 5 }] }, { key: secret });
      assert.equal(unrated.status, 422, unrated.text);
      assert.equal(unrated.body.error.code, "tax_rate_missing");
      assert.equal(unrated.body.error.param, "tax_class");
      assert.match(unrated.body.error.message, /Tax zone ke \(Kenya\) has no rate for tax class alcohol/);

      const variantUnrated = await t.client.post(
        "/v1/products",
        { name: "Gift box", variants: [{ sku: sku(), price: 100_000, stock: 5 }, { sku: sku(), price: 150_000, stock: 5, tax_class: "alcohol" }] },
        { key: secret },
      );
      assert.equal(variantUnrated.status, 422, variantUnrated.text);
      assert.equal(variantUnrated.body.error.param, "variants[1].tax_class");

      const badName = await t.client.post("/v1/products", { name: "Odd", tax_class: "Not A Class", variants: [{ sku: sku(), price: 100, stock: 1 }] }, { key: secret });
      assert.equal(badName.status, 400, badName.text);
      assert.equal(badName.body.error.param, "tax_class");

      const book = await t.client.post(
        "/v1/products",
        { name: "Swahili Cookbook", tax_class: "reduced", variants: [{ sku: sku(), price: 250_000, stock: 20 }, { sku: sku(), price: 350_000, stock: 20, tax_class: "zero" }] },
        { key: secret },
      );
      assert.equal(book.status, 201, book.text);
      assert.equal(book.body.tax_class, "reduced");
      assert.deepEqual(book.body.variants.map((v: { variant_tax_class: string | null }) => v.variant_tax_class), [null, "zero"]);
      const read = await t.client.get(`/v1/products/${book.body.product_id}`, { key: publishable });
      assert.equal(read.body.tax_class, "reduced");

      const patchUnrated = await t.client.patch(`/v1/products/${book.body.product_id}`, { tax_class: "alcohol" }, { key: secret });
      assert.equal(patchUnrated.status, 422, patchUnrated.text);
      assert.match(patchUnrated.body.error.message, /no rate for tax class alcohol/);
      const variantId = book.body.variants[0].variant_id;
      const variantPatch = await t.client.patch(`/v1/products/${book.body.product_id}/variants/${variantId}`, { tax_class: "alcohol" }, { key: secret });
      assert.equal(variantPatch.status, 422, variantPatch.text);
      const addUnrated = await t.client.post(`/v1/products/${book.body.product_id}/variants`, { sku: sku(), price: 1, stock: 1, tax_class: "alcohol" }, { key: secret });
      assert.equal(addUnrated.status, 422, addUnrated.text);

      // Settings dropping `reduced` from a zone while the cookbook uses it are refused, naming the zone and the class.
      const dropped = await putSettings({ ...EAST_AFRICA, zones: EAST_AFRICA.zones.map((z) => (z.id === "ug" ? { ...z, rates: { standard: "18" } } : z)) });
      assert.equal(dropped.status, 422, dropped.text);
      assert.equal(dropped.body.error.param, "zones[1].rates");
      assert.match(dropped.body.error.message, /tax zone ug has no rate for tax class reduced, which is in use/);

      // Back to standard: the product's class is cleared with null.
      const cleared = await t.client.patch(`/v1/products/${book.body.product_id}`, { tax_class: null }, { key: secret });
      assert.equal(cleared.status, 200, cleared.text);
      assert.equal(cleared.body.tax_class, "standard");
      await t.client.delete(`/v1/products/${book.body.product_id}`, { key: secret });
    });

    it("with prices including tax, a Nairobi order totals its shelf prices less the discount plus shipping, the VAT inside, per line", async () => {
      const lamp = await createProduct(t.client, secret, "Soapstone lamp", { price: 123_457, stock: 50 });
      const book = await t.client.post("/v1/products", { name: "Cookbook", tax_class: "reduced", variants: [{ sku: `BK-${randomUUID().slice(0, 8)}`, price: 99_999, stock: 50 }] }, { key: secret });
      const flour = await t.client.post("/v1/products", { name: "Maize flour", tax_class: "zero", variants: [{ sku: `MF-${randomUUID().slice(0, 8)}`, price: 21_000, stock: 50 }] }, { key: secret });
      assert.equal(book.status, 201, book.text);
      assert.equal(flour.status, 201, flour.text);
      const session = await fillSessionCart(t.client, publishable, [
        { variantId: lamp.variantId, quantity: 3 },
        { variantId: book.body.variant_id, quantity: 1 },
        { variantId: flour.body.variant_id, quantity: 2 },
      ]);
      const order = await checkoutSession(t.client, secret, session);
      // Shelf prices: 370,371 + 99,999 + 42,000 = 512,370 minor units, above the free delivery threshold.
      assert.equal(minor(order.subtotal), 512_370);
      assert.equal(order.shipping_amount, 0);
      assert.equal(minor(order.total_amount), minor(order.subtotal) - minor(order.discount_amount) + minor(order.shipping_amount));
      assert.equal(order.prices_include_tax, true);
      assert.deepEqual(order.tax_zone, { id: "ke", name: "Kenya", matched_by: "country" });
      const [lampLine, bookLine, flourLine] = order.items;
      assert.deepEqual([lampLine.tax_class, lampLine.tax_rate], ["standard", "16"]);
      assert.deepEqual([bookLine.tax_class, bookLine.tax_rate], ["reduced", "8"]);
      assert.deepEqual([flourLine.tax_class, flourLine.tax_rate, minor(flourLine.tax_amount)], ["zero", "0", 0]);
      assert.equal(minor(lampLine.tax_amount), taxInside(370_371, 160_000), "a line of 3 is taxed as one amount, once");
      assert.equal(minor(bookLine.tax_amount), taxInside(99_999, 80_000));
      for (const line of order.items) {
        assert.equal(minor(line.gross_amount), minor(line.line_total) - minor(line.discount_amount));
        assert.equal(minor(line.net_amount) + minor(line.tax_amount), minor(line.gross_amount));
      }
      const lineTax = order.items.reduce((sum: number, line: any) => sum + minor(line.tax_amount), 0) + minor(order.shipping_tax.tax_amount);
      assert.equal(minor(order.tax_amount), lineTax, "the order's tax is the sum of its lines' and shipping's");
      // The admin API shows the same figures in minor units.
      const admin = await t.client.get(`/admin/v1/orders/${order.id}`, { key: secret });
      assert.equal(admin.status, 200, admin.text);
      assert.equal(admin.body.tax_amount, minor(order.tax_amount));
      assert.deepEqual(admin.body.items.map((i: any) => [i.tax_rate, i.tax_amount]), order.items.map((i: any) => [i.tax_rate, minor(i.tax_amount)]));
    });

    it("an address in a region with its own zone is taxed there; elsewhere in the country at the country's rate; nowhere known at the default", async () => {
      const mat = await createProduct(t.client, secret, "Sisal mat", { price: 11_800, stock: 50 });
      const place = async (shipping: Record<string, unknown>): Promise<any> =>
        checkoutSession(t.client, secret, await fillSessionCart(t.client, publishable, [{ variantId: mat.variantId, quantity: 1 }]), { shipping_address: address(shipping) });
      // The delivery tier reaches 10 km from Nairobi: the coordinates stay in Westlands; only country and region choose the tax.
      const zanzibar = await place({ country: "TZ", region: "  zanzibar ", city: "Nairobi" });
      assert.deepEqual(zanzibar.tax_zone, { id: "tz-zanzibar", name: "Zanzibar", matched_by: "region" });
      assert.equal(zanzibar.items[0].tax_rate, "15");
      const dodoma = await place({ country: "TZ", region: "Dodoma", city: "Nairobi" });
      assert.deepEqual([dodoma.tax_zone.id, dodoma.tax_zone.matched_by, dodoma.items[0].tax_rate], ["tz", "country", "18"]);
      const kigali = await place({ country: "RW", city: "Nairobi" });
      assert.deepEqual([kigali.tax_zone.id, kigali.tax_zone.matched_by, kigali.items[0].tax_rate], ["ke", "default", "16"]);
      // Shipping (KES 300.00, below the threshold) is taxed under standard in the zone, inside the fee.
      assert.equal(minor(zanzibar.shipping_tax.tax_amount), taxInside(30_000, 150_000));
      assert.equal(minor(zanzibar.total_amount), 11_800 + 30_000);
    });

    it("with prices excluding tax, tax is added on top per line, and the order's stored figures do not move when the settings change", async () => {
      const put = await putSettings({ ...EAST_AFRICA, prices_include_tax: false });
      assert.equal(put.status, 200, put.text);
      const mug = await createProduct(t.client, secret, "Mug", { price: 33_333, stock: 50 });
      const order = await checkoutSession(t.client, secret, await fillSessionCart(t.client, publishable, [{ variantId: mug.variantId, quantity: 2 }]));
      // 66,666 + 300.00 shipping; 16 % on each: 10,666.56 → 10,667 and 4,800.
      assert.equal(minor(order.items[0].tax_amount), 10_667);
      assert.equal(minor(order.shipping_tax.tax_amount), 4_800);
      assert.equal(minor(order.tax_amount), 15_467);
      assert.equal(minor(order.total_amount), 66_666 + 30_000 + 15_467);
      assert.equal(order.prices_include_tax, false);
      assert.equal((await putSettings(EAST_AFRICA)).status, 200);
      const again = await orderOf(order.id);
      assert.deepEqual([again.tax_amount, again.total_amount, again.items[0].tax_amount], [order.tax_amount, order.total_amount, order.items[0].tax_amount]);
    });

    it("/v1/prices with place_name shows what one unit costs there, its tax and whether it is included", async () => {
      const cushion = await t.client.post(
        "/v1/products",
        { name: `Kuba cushion ${dialect}`, variants: [{ sku: `KC-${randomUUID().slice(0, 8)}`, price: 220_000, stock: 5 }] },
        { key: secret },
      );
      assert.equal(cushion.status, 201, cushion.text);
      const search = encodeURIComponent(`Kuba cushion ${dialect}`);
      const nairobi = await t.client.get(`/v1/prices?search=${search}&place_name=Nairobi`, { key: publishable });
      assert.equal(nairobi.status, 200, nairobi.text);
      const item = nairobi.body.items[0];
      assert.deepEqual(item.tax, {
        prices_include_tax: true,
        tax_zone_id: "ke",
        tax_class: "standard",
        tax_rate: "16",
        tax_amount: taxInside(220_000, 160_000),
        price_with_tax: 220_000,
        price_without_tax: 220_000 - taxInside(220_000, 160_000),
      });
      assert.equal(item.tax.price_with_tax, item.display_price, "with prices including tax, the shopper pays the display price");
      const zanzibar = await t.client.get(`/v1/prices?search=${search}&place_name=Zanzibar`, { key: publishable });
      assert.equal(zanzibar.status, 200, zanzibar.text);
      assert.deepEqual([zanzibar.body.items[0].tax.tax_zone_id, zanzibar.body.items[0].tax.tax_rate], ["tz-zanzibar", "15"]);
      const projected = await t.client.get(`/v1/prices?search=${search}&place_name=Nairobi&fields=display_price,tax.tax_amount`, { key: publishable });
      assert.deepEqual(projected.body.items[0], { display_price: item.display_price, tax: { tax_amount: item.tax.tax_amount } });
    });

    it("a refund returns tax in proportion from the stored line figures; every unit refunded returns exactly the line's tax", async () => {
      const pot = await createProduct(t.client, secret, "Clay pot", { price: 33_333, stock: 50 });
      const order = await checkoutSession(t.client, secret, await fillSessionCart(t.client, publishable, [{ variantId: pot.variantId, quantity: 3 }]), { payment_method: "cash" });
      const paid = await signedRequest(t.client, "PATCH", `/v1/orders/${order.id}`, { payment_status: "paid" }, { key: secret, secret: t.store.store.hmacSecret });
      assert.equal(paid.status, 200, paid.text);
      const line = order.items[0];
      const refund = (body: unknown) => t.client.post(`/admin/v1/orders/${order.id}/refunds`, body, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
      const taxes: number[] = [];
      let amounts = 0;
      for (let unit = 0; unit < 3; unit++) {
        const made = await refund({ lines: [{ line_id: line.id, quantity: 1 }] });
        assert.equal(made.status, 201, made.text);
        assert.equal(made.body.lines[0].tax_amount, made.body.tax_amount);
        taxes.push(made.body.tax_amount);
        amounts += made.body.amount;
      }
      assert.equal(amounts, minor(line.gross_amount), "the units return the line's gross");
      assert.equal(taxes.reduce((a, b) => a + b, 0), minor(line.tax_amount), "and exactly its tax");
      assert.ok(Math.max(...taxes) - Math.min(...taxes) <= 1, `each unit's tax within a minor unit of a third: ${taxes}`);
      // Shipping is refunded by amount; its tax is the order's tax in proportion.
      const rest = await refund({ amount: minor(order.shipping_amount) });
      assert.equal(rest.status, 201, rest.text);
      assert.equal(typeof rest.body.tax_amount, "number");
    });

    it("orders placed before per-line tax keep their figures and today's refund rule (no line figures)", async () => {
      const knex = t.application.database.knex;
      const cup = await createProduct(t.client, secret, "Old cup", { price: 10_000, stock: 10 });
      const order = await checkoutSession(t.client, secret, await fillSessionCart(t.client, publishable, [{ variantId: cup.variantId, quantity: 2 }]), { payment_method: "cash" });
      // As migration 0038 leaves an older order: no line figures, no tax details.
      await knex("order_items").where({ order_id: order.id }).update({ tax_class: null, tax_rate: null, tax_exempt: null, discount_share: null, net_amount: null, tax_amount: null, gross_amount: null });
      await knex("orders").where({ id: order.id }).update({ tax_details: null });
      const old = await orderOf(order.id);
      assert.equal(old.tax_amount, order.tax_amount);
      assert.deepEqual([old.items[0].tax_rate, old.items[0].tax_amount, old.tax_zone, old.shipping_tax, old.prices_include_tax], [null, null, null, null, null]);
      await signedRequest(t.client, "PATCH", `/v1/orders/${order.id}`, { payment_status: "paid" }, { key: secret, secret: t.store.store.hmacSecret });
      const made = await t.client.post(`/admin/v1/orders/${order.id}/refunds`, { lines: [{ line_id: old.items[0].id, quantity: 1 }] }, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.body.tax_amount, null);
      assert.equal(made.body.lines[0].tax_amount, null);
    });
  });
};

suite("sqlite");
suite("mariadb");
