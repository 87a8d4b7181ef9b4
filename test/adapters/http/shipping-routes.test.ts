// Shipping over real HTTP on SQLite and MariaDB: tiers and zones written with the secret key and
// read by any key in major units, quotes by zone (priority, border, inactive zones), by distance
// tier from the store's location, free delivery from the threshold on, and 422 outside them all.
import assert from "node:assert/strict";
import { Schema } from "effect";
import { ShippingQuote, ShippingZones } from "../../../adapters/http/schemas/shipping-schemas.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const STORE = { latitude: -1.2864, longitude: 36.8172 };
/** About `km` kilometres due south of the store (a degree of latitude is about 111.2 km). */
const south = (km: number) => ({ latitude: STORE.latitude - km / 111.2, longitude: STORE.longitude });

const CBD = [
  [-1.275, 36.808],
  [-1.275, 36.83],
  [-1.296, 36.83],
  [-1.296, 36.808],
];
const INNER_RING = [
  [-1.26, 36.79],
  [-1.26, 36.85],
  [-1.31, 36.85],
  [-1.31, 36.79],
];

const assertError = (response: { status: number; body: any; text: string }, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.error.code, code, response.text);
  if (param !== undefined) assert.equal(response.body.error.param, param, response.text);
};

const shippingSuite = (title: string, options: () => TestApplicationOptions): void => void describe(title, function () {
  this.timeout(60_000);
  let t: TestApplication;
  let secret: string;
  let publishable: string;
  let cbd: any;
  let ring: any;
  let near: any;
  let far: any;

  const get = (path: string, key = secret) => t.client.get(path, { key });
  const post = (path: string, body: unknown, key = secret) => t.client.post(path, body, { key });
  const patch = (path: string, body: unknown, key = secret) => t.client.patch(path, body, { key });
  const created = async (path: string, body: unknown, key = secret): Promise<any> => {
    const response = await post(path, body, key);
    assert.equal(response.status, 201, response.text);
    return response.body;
  };
  const quote = async (point: { latitude: number; longitude: number }, subtotal?: number, key = publishable) => {
    const response = await post("/v1/shipping/quote", subtotal === undefined ? point : { ...point, subtotal }, key);
    if (response.status === 200) Schema.decodeUnknownSync(ShippingQuote)(response.body);
    return response;
  };

  before(async () => {
    t = await startTestApplication(options());
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    const located = await patch("/v1/store", STORE);
    assert.equal(located.status, 200, located.text);
    cbd = await created("/v1/shipping/zones", { zone_name: "CBD", delivery_fee: 150, free_delivery_threshold: 3000, priority: 20, color: "#2E7D32", polygon: CBD });
    ring = await created("/v1/shipping/zones", { zone_name: "Inner ring", delivery_fee: 250.5, priority: 5, color: "#1565c0", polygon: INNER_RING });
    near = await created("/v1/shipping/tiers", { tier_name: "Up to 10 km", min_distance_meters: 0, max_distance_meters: 10_000, delivery_fee: 400, free_delivery_threshold: 5000 });
    far = await created("/v1/shipping/tiers", { tier_name: "10 to 30 km", min_distance_meters: 10_000, max_distance_meters: 30_000, delivery_fee: 800 });
  });
  after(() => t?.close());

  it("answers the tiers and zones with their spec fields, fees in major units and polygons, to any key", async () => {
    const response = await get("/v1/shipping/zones", publishable);
    assert.equal(response.status, 200, response.text);
    Schema.decodeUnknownSync(ShippingZones)(response.body);
    const zone = response.body.delivery_zones.find((z: any) => z.id === cbd.id);
    assert.deepEqual(zone, {
      id: cbd.id,
      zone_name: "CBD",
      delivery_fee: 150,
      free_delivery_threshold: 3000,
      is_active: true,
      priority: 20,
      color: "#2e7d32",
      polygon: CBD,
    });
    assert.equal(response.body.delivery_zones.find((z: any) => z.id === ring.id).delivery_fee, 250.5);
    assert.equal(response.body.delivery_zones.find((z: any) => z.id === ring.id).free_delivery_threshold, null);
    assert.deepEqual(response.body.pricing_tiers.find((x: any) => x.id === near.id), {
      id: near.id,
      tier_name: "Up to 10 km",
      min_distance_meters: 0,
      max_distance_meters: 10_000,
      delivery_fee: 400,
      free_delivery_threshold: 5000,
      is_active: true,
      priority: 0,
    });
    const stored = await t.application.database.knex("shipping_zones").where({ id: ring.id }).first();
    assert.equal(Number(stored.delivery_fee), 25_050, "stored as integer minor units");
    const other = await get("/v1/shipping/zones", t.otherStore.keys.publishableTest);
    assert.deepEqual(other.body, { pricing_tiers: [], delivery_zones: [] });
  });

  it("quotes by the zone of highest priority holding the point, its border included", async () => {
    const inBoth = await quote(STORE, 100);
    assert.equal(inBoth.status, 200, inBoth.text);
    assert.equal(inBoth.body.method, "zone");
    assert.equal(inBoth.body.zone_id, cbd.id);
    assert.equal(inBoth.body.zone_name, "CBD");
    assert.equal(inBoth.body.tier_id, null);
    assert.equal(inBoth.body.delivery_fee, 150);
    assert.equal(inBoth.body.base_delivery_fee, 150);
    assert.equal(inBoth.body.distance_meters, 0);
    assert.equal(inBoth.body.currency, "KES");
    const ringOnly = await quote({ latitude: -1.3, longitude: 36.84 }, 100);
    assert.equal(ringOnly.body.zone_id, ring.id);
    assert.equal(ringOnly.body.delivery_fee, 250.5);
    const onBorder = await quote({ latitude: -1.275, longitude: 36.82 });
    assert.equal(onBorder.body.zone_id, cbd.id, "a point on the border is inside");
  });

  it("makes delivery free from the threshold on, compared with the subtotal", async () => {
    const below = await quote(STORE, 2999.99);
    assert.deepEqual([below.body.delivery_fee, below.body.free_delivery_applied], [150, false]);
    const at = await quote(STORE, 3000);
    assert.deepEqual([at.body.delivery_fee, at.body.base_delivery_fee, at.body.free_delivery_threshold, at.body.free_delivery_applied], [0, 150, 3000, true]);
    const none = await quote(STORE);
    assert.equal(none.body.delivery_fee, 150, "no subtotal is a subtotal of 0");
    const tierAt = await quote(south(5), 5000);
    assert.deepEqual([tierAt.body.method, tierAt.body.delivery_fee, tierAt.body.free_delivery_applied], ["tier", 0, true]);
    const ringNever = await quote({ latitude: -1.3, longitude: 36.84 }, 1_000_000);
    assert.deepEqual([ringNever.body.delivery_fee, ringNever.body.free_delivery_applied], [250.5, false], "no threshold: never free");
  });

  it("outside every zone, quotes by the distance tier holding the distance from the store", async () => {
    const five = await quote(south(5), 100);
    assert.equal(five.status, 200, five.text);
    assert.equal(five.body.method, "tier");
    assert.equal(five.body.tier_id, near.id);
    assert.equal(five.body.tier_name, "Up to 10 km");
    assert.equal(five.body.zone_id, null);
    assert.ok(Math.abs(five.body.distance_meters - 5000) < 50, `${five.body.distance_meters} m`);
    assert.equal(five.body.delivery_fee, 400);
    const fifteen = await quote(south(15), 100_000);
    assert.equal(fifteen.body.tier_id, far.id);
    assert.equal(fifteen.body.delivery_fee, 800);
    assert.equal(fifteen.body.free_delivery_threshold, null);
  });

  it("answers 422 address_not_deliverable outside every zone and tier", async () => {
    const response = await quote(south(60), 100);
    assertError(response, 422, "address_not_deliverable");
    assert.equal(response.body.error.type, "invalid_request_error");
    assert.match(response.body.error.message, /outside every delivery zone/);
  });

  it("ignores inactive zones and tiers, and follows edits", async () => {
    assert.equal((await patch(`/v1/shipping/zones/${cbd.id}`, { is_active: false })).status, 200);
    assert.equal((await quote(STORE)).body.zone_id, ring.id);
    assert.equal((await patch(`/v1/shipping/zones/${cbd.id}`, { is_active: true })).body.is_active, true);
    assert.equal((await quote(STORE)).body.zone_id, cbd.id);
    assert.equal((await patch(`/v1/shipping/tiers/${far.id}`, { is_active: false })).status, 200);
    assertError(await quote(south(15)), 422, "address_not_deliverable");
    const widened = await patch(`/v1/shipping/tiers/${near.id}`, { max_distance_meters: 20_000, delivery_fee: 420.25 });
    assert.equal(widened.status, 200, widened.text);
    assert.deepEqual([widened.body.max_distance_meters, widened.body.delivery_fee], [20_000, 420.25]);
    assert.equal((await quote(south(15))).body.tier_id, near.id);
    await patch(`/v1/shipping/tiers/${near.id}`, { max_distance_meters: 10_000, delivery_fee: 400 });
    await patch(`/v1/shipping/tiers/${far.id}`, { is_active: true });
    assert.equal((await quote(south(15))).body.tier_id, far.id);
  });

  it("without a store location, only zones price a delivery (distance_meters null)", async () => {
    const other = t.otherStore.keys.secretTest;
    await created("/v1/shipping/tiers", { tier_name: "Anywhere", min_distance_meters: 0, max_distance_meters: 20_000_000, delivery_fee: 9.99 }, other);
    await created("/v1/shipping/zones", { zone_name: "Downtown", delivery_fee: 4.5, free_delivery_threshold: 50, color: "#000000", polygon: CBD }, other);
    const inside = await quote(STORE, 49.99, t.otherStore.keys.publishableTest);
    assert.equal(inside.status, 200, inside.text);
    assert.deepEqual([inside.body.method, inside.body.distance_meters, inside.body.delivery_fee, inside.body.currency], ["zone", null, 4.5, "USD"]);
    assertError(await quote(south(5), 10, t.otherStore.keys.publishableTest), 422, "address_not_deliverable");
  });

  it("refuses malformed tiers, zones and quotes with a 400 naming the parameter", async () => {
    const tier = { tier_name: "T", min_distance_meters: 0, max_distance_meters: 1000, delivery_fee: 100 };
    const tierCases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...tier, min_distance_meters: 1000 }, "parameter_invalid", "max_distance_meters"],
      [{ ...tier, min_distance_meters: 2000 }, "parameter_invalid", "max_distance_meters"],
      [{ ...tier, min_distance_meters: -1 }, "parameter_invalid", "min_distance_meters"],
      [{ ...tier, max_distance_meters: 1000.5 }, "parameter_invalid", "max_distance_meters"],
      [{ ...tier, delivery_fee: 1.005 }, "parameter_invalid", "delivery_fee"],
      [{ ...tier, delivery_fee: -1 }, "parameter_invalid", "delivery_fee"],
      [{ ...tier, free_delivery_threshold: "5000" }, "parameter_invalid", "free_delivery_threshold"],
      [{ ...tier, priority: 1.5 }, "parameter_invalid", "priority"],
      [{ ...tier, tier_name: undefined }, "parameter_missing", "tier_name"],
      [{ ...tier, zone_name: "x" }, "parameter_unknown", "zone_name"],
    ];
    for (const [body, code, param] of tierCases) {
      assertError(await post("/v1/shipping/tiers", JSON.parse(JSON.stringify(body))), 400, code, param);
    }
    const zone = { zone_name: "Z", delivery_fee: 100, color: "#abcdef", polygon: CBD };
    const zoneCases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...zone, polygon: CBD.slice(0, 2) }, "parameter_invalid", /^polygon$/],
      [{ ...zone, polygon: [[-1.28, 36.81], [-1.28, 36.81], [-1.28, 36.81]] }, "parameter_invalid", /^polygon$/],
      [{ ...zone, polygon: [[91, 36.8], ...CBD.slice(1)] }, "parameter_invalid", /^polygon/],
      [{ ...zone, polygon: [[-1.28, 181], ...CBD.slice(1)] }, "parameter_invalid", /^polygon/],
      [{ ...zone, polygon: [[-1.28], ...CBD.slice(1)] }, "parameter_invalid", /^polygon/],
      [{ ...zone, polygon: "POLYGON((0 0))" }, "parameter_invalid", /^polygon/],
      [{ ...zone, color: "red" }, "parameter_invalid", /^color$/],
      [{ ...zone, color: "#abcde" }, "parameter_invalid", /^color$/],
      [{ ...zone, delivery_fee: 0.001 }, "parameter_invalid", /^delivery_fee$/],
      [{ ...zone, polygon: undefined }, "parameter_missing", /^polygon$/],
    ];
    for (const [body, code, param] of zoneCases) {
      const response = await post("/v1/shipping/zones", JSON.parse(JSON.stringify(body)));
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error.code, code, response.text);
      assert.match(response.body.error.param, param, response.text);
    }
    assertError(await post("/v1/shipping/quote", { latitude: 91, longitude: 0 }), 400, "parameter_invalid", "latitude");
    assertError(await post("/v1/shipping/quote", { latitude: 0 }), 400, "parameter_missing", "longitude");
    assertError(await post("/v1/shipping/quote", { ...STORE, subtotal: -1 }), 400, "parameter_invalid", "subtotal");
    assertError(await post("/v1/shipping/quote", { ...STORE, subtotal: 10.001 }), 400, "parameter_invalid", "subtotal");
    assertError(await patch(`/v1/shipping/tiers/${near.id}`, { min_distance_meters: 10_000 }), 400, "parameter_invalid", "max_distance_meters");
    assertError(await patch(`/v1/shipping/zones/${cbd.id}`, { polygon: [] }), 400, "parameter_invalid", "polygon");
  });

  it("writes need a secret key; unknown, malformed and other stores' ids are 404", async () => {
    const body = { tier_name: "T", min_distance_meters: 0, max_distance_meters: 1000, delivery_fee: 100 };
    assertError(await post("/v1/shipping/tiers", body, publishable), 403, "secret_key_required");
    assertError(await post("/v1/shipping/zones", { zone_name: "Z", delivery_fee: 1, color: "#000000", polygon: CBD }, publishable), 403, "secret_key_required");
    assertError(await patch(`/v1/shipping/tiers/${near.id}`, { priority: 1 }, publishable), 403, "secret_key_required");
    assertError(await t.client.delete(`/v1/shipping/zones/${cbd.id}`, { key: publishable }), 403, "secret_key_required");
    assertError(await patch(`/v1/shipping/tiers/${crypto.randomUUID()}`, { priority: 1 }), 404, "resource_missing");
    assertError(await patch(`/v1/shipping/zones/nope`, { priority: 1 }), 404, "resource_missing");
    assertError(await patch(`/v1/shipping/zones/${cbd.id}`, { priority: 1 }, t.otherStore.keys.secretTest), 404, "resource_missing");
    assertError(await t.client.delete(`/v1/shipping/tiers/${near.id}`, { key: t.otherStore.keys.secretTest }), 404, "resource_missing");
  });

  it("DELETE removes a tier or a zone (204); a second DELETE is 404", async () => {
    const tier = await created("/v1/shipping/tiers", { tier_name: "Temp", min_distance_meters: 100_000, max_distance_meters: 200_000, delivery_fee: 5 });
    const zone = await created("/v1/shipping/zones", { zone_name: "Temp", delivery_fee: 5, color: "#ffffff", polygon: [[10, 10], [10, 11], [11, 11]] });
    for (const path of [`/v1/shipping/tiers/${tier.id}`, `/v1/shipping/zones/${zone.id}`]) {
      const deleted = await t.client.delete(path, { key: secret });
      assert.equal(deleted.status, 204, deleted.text);
      assertError(await t.client.delete(path, { key: secret }), 404, "resource_missing");
    }
    const listed = await get("/v1/shipping/zones");
    assert.ok(!listed.body.pricing_tiers.some((x: any) => x.id === tier.id));
    assert.ok(!listed.body.delivery_zones.some((z: any) => z.id === zone.id));
  });
});

shippingSuite("shipping routes on SQLite", () => ({}));
describeMysql("shipping routes on MariaDB", (getDb) => shippingSuite("shipping routes", () => ({ databaseUrl: getDb().url })));
