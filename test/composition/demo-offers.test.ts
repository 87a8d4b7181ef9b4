// The demo store's promotions, gift cards and shipping (docs/api/demo-store.md, "What the demo
// store holds"), checked over HTTP: promotions of all four types, active, scheduled and expired;
// the printed gift card codes in their four states; two distance tiers and two delivery zones
// around the store in Nairobi.
import assert from "node:assert/strict";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import type { TestClient } from "../support/http-client.js";
import { openDemoStore, type DemoStore } from "../support/demo-store.js";

describe("demo store promotions, gift cards and shipping", function () {
  this.timeout(120_000);
  let client: TestClient;
  let summary: DemoStoreSummary;

  let demo: DemoStore | undefined;

  before(async () => {
    demo = await openDemoStore();
    ({ client, summary } = demo);
  });

  after(() => demo?.close());

  const get = (path: string, key = summary.secret_key) => client.get(path, { key });

  it("has promotions of all four types, and promotions active, scheduled and expired", async () => {
    const all = (await get("/v1/promotions?status=all&limit=200")).body.promotions as any[];
    assert.deepEqual(new Set(all.map((p) => p.type)), new Set(["fixed", "discount", "bundle", "bogo"]));
    for (const status of ["active", "scheduled", "expired"]) assert.ok(all.some((p) => p.status === status), status);
    const active = (await get("/v1/promotions", summary.publishable_key)).body.promotions as any[];
    assert.deepEqual(new Set(active.map((p) => p.type)), new Set(["fixed", "discount", "bundle", "bogo"]), "every type is active now");
    assert.ok(active.every((p) => p.status === "active"));
  });

  it("prints gift card codes in the states active, expired, redeemed and inactive", async () => {
    assert.deepEqual(Object.keys(summary.gift_cards).sort(), ["active", "expired", "inactive", "redeemed"]);
    const expected: Record<string, [boolean, string, string | null]> = {
      active: [true, "active", null],
      expired: [false, "active", "expired"],
      redeemed: [false, "full_redeemed", "fully_redeemed"],
      inactive: [false, "inactive", "inactive"],
    };
    for (const [state, code] of Object.entries(summary.gift_cards)) {
      const response = await get(`/v1/gift-cards/check?code=${code}`, summary.publishable_key);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual([response.body.valid, response.body.status, response.body.reason], expected[state], state);
    }
    const active = await get(`/v1/gift-cards/check?code=${summary.gift_cards.active}`);
    assert.ok(active.body.balance > 0);
  });

  it("ships from Nairobi CBD with 16% tax, through two zones and two distance tiers", async () => {
    const store = await get("/v1/store");
    assert.deepEqual([store.body.latitude, store.body.longitude, store.body.tax_rate_percent], [-1.2864, 36.8172, 16]);
    const shipping = await get("/v1/shipping/zones", summary.publishable_key);
    assert.equal(shipping.body.pricing_tiers.length, 2);
    assert.equal(shipping.body.delivery_zones.length, 2);
    const cbd = await client.post("/v1/shipping/quote", { latitude: -1.2864, longitude: 36.8172, subtotal: 100 }, { key: summary.publishable_key });
    assert.equal(cbd.body.method, "zone");
    const karen = await client.post("/v1/shipping/quote", { latitude: -1.3197, longitude: 36.7076, subtotal: 100 }, { key: summary.publishable_key });
    assert.deepEqual([karen.status, karen.body.method], [200, "tier"]);
  });
});
