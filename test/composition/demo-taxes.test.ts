// The demo store sells as a Kenyan shop does (docs/taxes.md): shelf prices include 16 % VAT, its
// coffee beans (the demo's food) are zero-rated, and it has zones for Uganda and Tanzania at 18 %.
// An order to Nairobi totals exactly its shelf prices less discounts plus shipping, VAT inside.
import assert from "node:assert/strict";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import type { TestClient } from "../support/http-client.js";
import { openDemoStore, type DemoStore } from "../support/demo-store.js";
import { newSession } from "../support/cart-fixtures.js";

const minor = (major: number): number => Math.round(major * 100);
/** The VAT inside a shelf price at a rate in ppm: gross - round(gross / (1 + rate)), half to even. */
const vatInside = (gross: number, ppm: number): number => {
  const numerator = gross * 1_000_000;
  const denominator = 1_000_000 + ppm;
  const quotient = Math.floor(numerator / denominator);
  const twice = 2 * (numerator - quotient * denominator);
  const net = twice > denominator || (twice === denominator && quotient % 2 === 1) ? quotient + 1 : quotient;
  return gross - net;
};

describe("demo store taxes: a Kenyan shop", function () {
  this.timeout(120_000);
  let client: TestClient;
  let summary: DemoStoreSummary;
  let demo: DemoStore | undefined;

  before(async () => {
    demo = await openDemoStore();
    ({ client, summary } = demo);
  });
  after(() => demo?.close());

  const productNamed = async (name: string): Promise<any> => {
    const found = await client.get(`/v1/products?search=${encodeURIComponent(name)}&limit=5`, { key: summary.publishable_key });
    const product = found.body.products.find((p: { name: string }) => p.name === name);
    assert.ok(product !== undefined, name);
    return product;
  };

  it("states prices with 16 % VAT inside, zones for Kenya, Uganda and Tanzania, food zero-rated", async () => {
    const settings = await client.get("/v1/store/tax-settings", { key: summary.secret_key });
    assert.equal(settings.status, 200, settings.text);
    assert.equal(settings.body.prices_include_tax, true);
    assert.deepEqual(
      settings.body.zones.map((z: { country: string; rates: Record<string, string> }) => [z.country, z.rates.standard]),
      [["KE", "16"], ["UG", "18"], ["TZ", "18"]],
    );
    assert.equal(settings.body.shipping_tax_class, "standard");
    assert.equal((await client.get("/v1/store", { key: summary.secret_key })).body.prices_include_tax, true);
    assert.equal((await productNamed("Kenyan AA Coffee Beans")).tax_class, "zero");
    assert.equal((await productNamed("Enamel Dinner Plate")).tax_class, "standard");
  });

  it("an order to Nairobi totals its shelf prices less discounts plus shipping, and shows the VAT inside", async () => {
    const coffee = await productNamed("Kenyan AA Coffee Beans");
    const plate = await productNamed("Enamel Dinner Plate");
    const session = newSession();
    for (const [product, quantity] of [[coffee, 1], [plate, 2]] as const) {
      const added = await client.post("/v1/cart/items", { variant_id: product.variant_id, quantity }, { key: summary.publishable_key, headers: { "x-session-id": session } });
      assert.equal(added.status, 200, added.text);
    }
    // What the shelf says for a shopper in Nairobi, per unit.
    const shelf = async (product: any): Promise<number> => {
      const prices = await client.get(`/v1/prices/products/${product.product_id}?place_name=Nairobi`, { key: summary.publishable_key });
      const item = prices.body.variants.find((v: { variant_id: string }) => v.variant_id === product.variant_id);
      assert.equal(item.tax.prices_include_tax, true);
      assert.equal(item.tax.price_with_tax, item.display_price, "the shelf price is what the shopper pays");
      return item.display_price;
    };
    const shelfTotal = (await shelf(coffee)) * 1 + (await shelf(plate)) * 2;

    const placed = await client.post(
      "/v1/orders",
      {
        session_id: session,
        email: "wanjiku@example.com",
        name: "Wanjiku Kamau",
        phone: "+254711000222",
        shipping_address: { name: "Wanjiku Kamau", line1: "Moi Avenue 40", city: "Nairobi", region: "Nairobi", country: "KE", latitude: -1.2833, longitude: 36.8219 },
        payment_method: "mobile_stk",
      },
      { key: summary.secret_key },
    );
    assert.equal(placed.status, 201, placed.text);
    const order = placed.body;
    assert.equal(minor(order.subtotal), shelfTotal);
    assert.ok(order.shipping_amount > 0, "below the free delivery threshold, the CBD's fee applies");
    assert.equal(minor(order.total_amount), shelfTotal - minor(order.discount_amount) + minor(order.shipping_amount), "exactly the shelf prices, less discounts, plus shipping");
    assert.equal(order.prices_include_tax, true);
    assert.deepEqual(order.tax_zone, { id: "ke", name: "Kenya", matched_by: "country" });

    const [coffeeLine, plateLine] = order.items;
    assert.deepEqual([coffeeLine.tax_class, coffeeLine.tax_rate, coffeeLine.tax_amount], ["zero", "0", 0]);
    assert.deepEqual([plateLine.tax_class, plateLine.tax_rate], ["standard", "16"]);
    assert.equal(minor(plateLine.tax_amount), vatInside(minor(plateLine.gross_amount), 160_000));
    assert.equal(minor(order.shipping_tax.tax_amount), vatInside(minor(order.shipping_amount), 160_000), "the delivery fee holds VAT too");
    assert.ok(order.tax_amount > 0);
    assert.equal(minor(order.tax_amount), minor(plateLine.tax_amount) + minor(order.shipping_tax.tax_amount), "the VAT inside is the lines' and shipping's");
  });
});
