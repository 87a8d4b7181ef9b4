// The back office's price rules and shipping pages, in Debian's headless Chromium on a freshly
// seeded demo store (KES, shipping from Nairobi's CBD): the owner is told of a percentage over 100
// (nothing written), adds a volume rule for one product that /v1/prices then applies, changes it
// to a fixed amount (/v1 follows), and deletes it after the second click (the discount is gone);
// adds, changes and deletes an exchange rate; adds a delivery zone and a distance tier that /v1
// quotes then use, changes the tier's fee (the quote follows), and deletes both (the quotes are
// back as before). A catalog member may change price rules but sees shipping read-only; a support
// member sees both read-only; the API refuses each their missing permission (403). Every page is
// scanned (axe) and photographed at 1280 and 390 px.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { Application } from "../../composition/container.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { checkPage } from "../support/back-office-browser.js";
import { backOfficeFixture } from "../support/back-office-fixture.js";
import type { TestClient } from "../support/http-client.js";
import { asStaff, createMember, signIn as signInApi, STAFF_PASSWORD } from "../support/staff-session.js";

/** Money as the page shows it: "KES 2,500.50" (a space or a no-break space after the code). */
const kes = (amount: string): RegExp => new RegExp(`KES\\s?${amount.replace(/[.,]/g, (c) => `\\${c}`)}`);

/** A point inside the zone the owner draws (Karen, south-west of the CBD, about 12 km away: the 0-15 km tier's). */
const IN_ZONE = { latitude: -1.32, longitude: 36.71 };
/** A point 50 km due north of the demo store, beyond every demo tier (they end at 40 km). */
const FAR_NORTH = { latitude: -1.2864 + 0.4497, longitude: 36.8172 };

describe("back office price rules and shipping pages in Chromium", function () {
  this.timeout(240_000);
  const bo = backOfficeFixture();
  let application: Application;
  let client: TestClient;
  let demo: DemoStoreSummary;
  before(() => ({ application, client, demo } = bo));

  const open = async (page: Page, label: "Price rules" | "Shipping", heading: string): Promise<void> => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label }).click();
    await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
  };
  const signInAs = async (page: Page, email: string): Promise<void> => bo.signIn(page, email, STAFF_PASSWORD);

  /** One product's default variant priced for `quantity` on /v1 with the demo's publishable key. */
  const breakdown = async (productId: string, quantity: number): Promise<{ base_price: number; volume_discount: number; final_price: number }> => {
    const answer = await client.get(`/v1/prices/products/${productId}?quantity=${quantity}`, { key: demo.publishable_key });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.pricing_context.display_currency, "KES");
    return answer.body.variants[0].price_breakdown;
  };
  const rules = async (): Promise<Array<{ id: string; name: string; kind: string; discount_type: string; value: number; min_quantity: number | null; product_ids: string[] | null }>> => {
    const answer = await client.get("/v1/price-rules", { key: demo.secret_key });
    assert.equal(answer.status, 200, answer.text);
    return answer.body.price_rules;
  };
  const quote = (point: { latitude: number; longitude: number }, subtotal = 0) => client.post("/v1/shipping/quote", { ...point, subtotal }, { key: demo.publishable_key });

  it("the owner adds a volume rule /v1/prices applies, changes it, deletes it (gone from prices); a percentage over 100 writes nothing; exchange rates too", async () => {
    const list = await client.get("/v1/prices?limit=1", { key: demo.publishable_key });
    assert.equal(list.status, 200, list.text);
    const product: { product_id: string; name: string } = list.body.items[0];
    // The demo's volume rules start at 5 units: at 3, nothing comes off.
    const before = await breakdown(product.product_id, 3);
    assert.equal(before.volume_discount, 0);
    const rulesBefore = await rules();

    const { context, page } = await bo.newPage();
    try {
      await bo.signInAsOwner(page);
      await open(page, "Price rules", "Price rules");
      const table = page.getByRole("region", { name: "Price rules" });
      await table.getByRole("row", { name: /Buy 10 or more/ }).waitFor();
      assert.match(await table.getByRole("row", { name: /Gold tier/ }).innerText(), new RegExp(`Tier "gold": customers who spent ${kes("200,000.00").source} or more[\\s\\S]*${kes("100.00").source} off each unit[\\s\\S]*every product[\\s\\S]*on`));
      await checkPage(page, "price-rules");

      // A percentage over 100 is said before any request: nothing is written.
      const add = page.getByRole("form", { name: "Add a price rule" });
      await add.getByLabel("Name", { exact: true }).fill("Three or more");
      await add.getByLabel("Rewards").selectOption("volume");
      await add.getByLabel("From this many units of a product").fill("3");
      await add.getByLabel("Percent off (0 to 100)").fill("150");
      await add.getByLabel(/^Product ids/).fill(product.product_id);
      await add.getByRole("button", { name: "Add rule" }).click();
      await add.getByRole("alert").getByText("A percentage discount is a number from 0 to 100.").waitFor();
      assert.equal((await rules()).length, rulesBefore.length, "nothing written");

      // Corrected: 20 % off from 3 units of this one product.
      await add.getByLabel("Percent off (0 to 100)").fill("20");
      await add.getByRole("button", { name: "Add rule" }).click();
      await add.getByRole("status").getByText("Rule added. Three or more: 20 % off, for 3 units or more of a product. Prices follow at once.").waitFor();
      const row = table.getByRole("row", { name: /Three or more/ });
      await row.waitFor();
      assert.match(await row.innerText(), /Volume: 3 units or more of a product[\s\S]*20 % off[\s\S]*products:/);
      await row.getByRole("link", { name: product.name }).waitFor();
      const created = (await rules()).find((r) => r.name === "Three or more");
      assert.deepEqual(
        created && { kind: created.kind, min_quantity: created.min_quantity, discount_type: created.discount_type, value: created.value, product_ids: created.product_ids },
        { kind: "volume", min_quantity: 3, discount_type: "percentage", value: 20, product_ids: [product.product_id] },
      );
      const discounted = await breakdown(product.product_id, 3);
      assert.ok(Math.abs(discounted.volume_discount - before.final_price * 0.2) <= 1, `20 % of ${before.final_price}, got ${discounted.volume_discount}`);
      assert.equal(discounted.final_price, before.final_price - discounted.volume_discount);
      assert.equal((await breakdown(product.product_id, 2)).volume_discount, 0, "below 3 units nothing comes off");

      // Changed in the panel to a fixed KES 100.00 off each unit: /v1 takes exactly 10,000 minor units off.
      await row.getByRole("button", { name: "Change Three or more" }).click();
      const edit = page.getByRole("region", { name: "Change the rule “Three or more”" });
      assert.equal(await edit.getByLabel("Percent off (0 to 100)").inputValue(), "20");
      await edit.getByLabel("Discount").selectOption("fixed");
      await edit.getByLabel("Amount off each unit, in KES").fill("100");
      await edit.getByRole("button", { name: "Save rule" }).click();
      await page.getByRole("status").getByText(/^Saved\. Three or more: KES\s?100\.00 off each unit, for 3 units or more of a product\. Prices follow at once\.$/).waitFor();
      await row.getByText(kes("100.00")).waitFor();
      const fixed = await breakdown(product.product_id, 3);
      assert.equal(fixed.volume_discount, 10_000);
      assert.equal(fixed.final_price, before.final_price - 10_000);

      // Delete: the first click only asks; the second deletes, and /v1 prices lose the discount.
      await row.getByRole("button", { name: "Delete the rule Three or more" }).click();
      await row.getByRole("button", { name: "Confirm: delete the rule Three or more" }).waitFor();
      assert.ok((await rules()).some((r) => r.name === "Three or more"), "one click deletes nothing");
      await row.getByRole("button", { name: "Confirm: delete the rule Three or more" }).click();
      await page.getByRole("status").getByText("Deleted the rule “Three or more”: prices no longer use it.").waitFor();
      await row.waitFor({ state: "detached" });
      assert.equal((await rules()).length, rulesBefore.length);
      assert.deepEqual(await breakdown(product.product_id, 3), before);

      // Exchange rates: add one, change it, delete it; /v1 lists each state.
      const ratesOf = async (): Promise<Array<{ currency: string; rate: number }>> => (await client.get("/v1/exchange-rates", { key: demo.secret_key })).body.exchange_rates;
      const addRate = page.getByRole("form", { name: "Add a currency" });
      await addRate.getByLabel("Currency (ISO code)").fill("chf");
      await addRate.getByLabel("Units of it per 1 KES").fill("0.0069");
      // Typed in the zone the page names, shown back as the same wall-clock time.
      await addRate.getByLabel(/^Holds from/).fill("2026-11-20T08:30");
      await addRate.getByRole("button", { name: "Add rate" }).click();
      await addRate.getByRole("status").getByText(/^Rate of CHF added: 1 KES = 0\.0069 CHF, from Nov 20, 2026, 8:30\s?AM\.$/).waitFor();
      assert.equal((await ratesOf()).find((r) => r.currency === "CHF")?.rate, 0.0069);
      const rates = page.getByRole("region", { name: "Exchange rates" });
      const chf = rates.getByRole("row", { name: /^CHF/ });
      await chf.getByText("1 KES = 0.0069 CHF").waitFor();
      await chf.getByLabel("New rate of CHF").fill("0.007");
      await chf.getByRole("button", { name: "Save rate" }).click();
      await page.getByRole("status").getByText(/^Rate of CHF set: 1 KES = 0\.007 CHF/).waitFor();
      assert.equal((await ratesOf()).find((r) => r.currency === "CHF")?.rate, 0.007);
      await chf.getByRole("button", { name: "Delete the rate of CHF" }).click();
      await chf.getByRole("button", { name: "Confirm: delete the rate of CHF" }).click();
      await page.getByRole("status").getByText("Deleted the rate of CHF: prices asked in CHF are now shown in KES.").waitFor();
      assert.equal((await ratesOf()).some((r) => r.currency === "CHF"), false);
      await checkPage(page, "price-rules-after");
    } finally {
      await context.close();
    }
  });

  it("the owner adds a delivery zone and a distance tier that /v1 quotes use, changes the tier's fee, and deletes both", async () => {
    // Before: the point in Karen is priced by the 0-15 km demo tier, the one 50 km north is refused.
    const inZoneBefore = await quote(IN_ZONE);
    assert.equal(inZoneBefore.status, 200, inZoneBefore.text);
    assert.deepEqual([inZoneBefore.body.method, inZoneBefore.body.tier_name, inZoneBefore.body.delivery_fee], ["tier", "Greater Nairobi (up to 15 km)", 450]);
    const farBefore = await quote(FAR_NORTH);
    assert.equal(farBefore.status, 422, farBefore.text);
    assert.equal(farBefore.body.error.code, "address_not_deliverable");

    const { context, page } = await bo.newPage();
    try {
      await bo.signInAsOwner(page);
      await open(page, "Shipping", "Shipping");
      const zones = page.getByRole("region", { name: "Delivery zones" });
      const tiers = page.getByRole("region", { name: "Distance tiers" });
      assert.match(await zones.getByRole("row", { name: /Nairobi CBD/ }).innerText(), new RegExp(`${kes("150.00").source}[\\s\\S]*orders of ${kes("3,000.00").source} or more[\\s\\S]*20[\\s\\S]*4 points[\\s\\S]*on`));
      assert.match(await tiers.getByRole("row", { name: /Outskirts/ }).innerText(), new RegExp(`15 km to 40 km[\\s\\S]*${kes("900.00").source}[\\s\\S]*never`));
      await checkPage(page, "shipping");

      // A zone whose outline has two points is said before any request.
      const addZone = page.getByRole("region", { name: "Add a delivery zone" });
      await addZone.getByLabel("Zone name").fill("Karen");
      await addZone.getByLabel("Delivery fee in KES").fill("275.50");
      await addZone.getByLabel(/^Free delivery from/).fill("6000");
      await addZone.getByLabel(/^Priority/).fill("30");
      await addZone.getByLabel(/^Outline/).fill("-1.30, 36.69\n-1.30, 36.73");
      await addZone.getByRole("button", { name: "Add zone" }).click();
      await addZone.getByRole("alert").getByText("The outline needs 3 to 1000 points, one a line: latitude, longitude.").waitFor();
      assert.equal((await client.get("/v1/shipping/zones", { key: demo.publishable_key })).body.delivery_zones.length, 2, "nothing written");

      await addZone.getByLabel(/^Outline/).fill("-1.30, 36.69\n-1.30, 36.73\n-1.34, 36.73\n-1.34, 36.69");
      await addZone.getByRole("button", { name: "Add zone" }).click();
      await addZone.getByRole("status").getByText(/^Zone added\. Karen: KES\s?275\.50 a delivery, free for orders of KES\s?6,000\.00 or more, priority 30, 4 points\.$/).waitFor();
      await zones.getByRole("row", { name: /Karen/ }).waitFor();
      const inZone = await quote(IN_ZONE);
      assert.equal(inZone.status, 200, inZone.text);
      assert.deepEqual([inZone.body.method, inZone.body.zone_name, inZone.body.delivery_fee, inZone.body.free_delivery_threshold], ["zone", "Karen", 275.5, 6000]);
      assert.equal((await quote(IN_ZONE, 6000)).body.delivery_fee, 0, "free from 6000");

      // A tier from 40 to 60 km, KES 1,250.00.
      const addTier = page.getByRole("region", { name: "Add a distance tier" });
      await addTier.getByLabel("Tier name").fill("Far north (40-60 km)");
      await addTier.getByLabel(/^From/).fill("40");
      await addTier.getByLabel(/^To/).fill("60");
      await addTier.getByLabel("Delivery fee in KES").fill("1250");
      await addTier.getByRole("button", { name: "Add tier" }).click();
      await addTier.getByRole("status").getByText(/^Tier added\. Far north \(40-60 km\): 40 km to 60 km, KES\s?1,250\.00 a delivery, never free\.$/).waitFor();
      const farRow = tiers.getByRole("row", { name: /Far north/ });
      assert.match(await farRow.innerText(), new RegExp(`40 km to 60 km[\\s\\S]*${kes("1,250.00").source}[\\s\\S]*never`));
      const listed = (await client.get("/v1/shipping/zones", { key: demo.publishable_key })).body;
      assert.deepEqual(
        listed.pricing_tiers.filter((t: { tier_name: string }) => t.tier_name.startsWith("Far north")).map((t: any) => [t.min_distance_meters, t.max_distance_meters, t.delivery_fee, t.free_delivery_threshold, t.is_active]),
        [[40_000, 60_000, 1250, null, true]],
      );
      assert.deepEqual(listed.delivery_zones.find((z: { zone_name: string }) => z.zone_name === "Karen")?.polygon, [[-1.3, 36.69], [-1.3, 36.73], [-1.34, 36.73], [-1.34, 36.69]]);
      const far = await quote(FAR_NORTH);
      assert.equal(far.status, 200, far.text);
      assert.deepEqual([far.body.method, far.body.tier_name, far.body.delivery_fee, far.body.currency], ["tier", "Far north (40-60 km)", 1250, "KES"]);

      // The tier's fee changed in its panel: the quote follows.
      // From the keyboard: Enter on Change moves the focus to the panel's heading.
      await farRow.getByRole("button", { name: "Change Far north (40-60 km)" }).focus();
      await page.keyboard.press("Enter");
      const editTier = page.getByRole("region", { name: "Change the tier “Far north (40-60 km)”" });
      await editTier.waitFor();
      assert.equal(await page.evaluate("document.activeElement?.textContent"), "Change the tier “Far north (40-60 km)”");
      assert.equal(await editTier.getByLabel("Delivery fee in KES").inputValue(), "1250.00");
      await editTier.getByLabel("Delivery fee in KES").fill("1,400");
      await editTier.getByRole("button", { name: "Save tier" }).click();
      await page.getByRole("status").getByText(/^Saved\. Far north \(40-60 km\): 40 km to 60 km, KES\s?1,400\.00 a delivery/).waitFor();
      await farRow.getByText(kes("1,400.00")).waitFor();
      assert.equal((await quote(FAR_NORTH)).body.delivery_fee, 1400);
      await checkPage(page, "shipping-editing");
      // Close gives the focus back to the row's Change button.
      await editTier.getByRole("button", { name: "Close" }).focus();
      await page.keyboard.press("Enter");
      await editTier.waitFor({ state: "detached" });
      await page.waitForFunction("document.activeElement?.getAttribute('aria-label') === 'Change Far north (40-60 km)'");

      // Delete the tier, then the zone, each after a second click; the quotes are back as before.
      await farRow.getByRole("button", { name: "Delete the tier Far north (40-60 km)" }).click();
      assert.equal((await quote(FAR_NORTH)).status, 200, "one click deletes nothing");
      await farRow.getByRole("button", { name: "Confirm: delete the tier Far north (40-60 km)" }).click();
      await page.getByRole("status").getByText(/^Deleted the tier “Far north \(40-60 km\)”/).waitFor();
      await farRow.waitFor({ state: "detached" });
      assert.equal((await quote(FAR_NORTH)).status, 422);
      const karen = zones.getByRole("row", { name: /Karen/ });
      // The zone from the keyboard: Enter asks, Enter again deletes.
      await karen.getByRole("button", { name: "Delete the zone Karen" }).focus();
      await page.keyboard.press("Enter");
      await karen.getByRole("button", { name: "Confirm: delete the zone Karen" }).waitFor();
      await page.keyboard.press("Enter");
      await page.getByRole("status").getByText(/^Deleted the zone “Karen”/).waitFor();
      await karen.waitFor({ state: "detached" });
      assert.deepEqual((await quote(IN_ZONE)).body, inZoneBefore.body);
    } finally {
      await context.close();
    }
  });

  it("a catalog member changes price rules but sees shipping read-only; a support member sees both read-only; the API refuses their writes (403)", async () => {
    const catalogEmail = "pricing.catalog@example.com";
    const supportEmail = "pricing.support@example.com";
    await createMember(application, demo.store_id, "catalog", catalogEmail);
    await createMember(application, demo.store_id, "support", supportEmail);
    const zonesBefore = (await client.get("/v1/shipping/zones", { key: demo.publishable_key })).body;
    const someTier = zonesBefore.pricing_tiers[0];
    const someZone = zonesBefore.delivery_zones[0];
    const someRule = (await rules())[0]!;

    const noWriteControls = async (page: Page): Promise<void> => {
      assert.equal(await page.locator("main form, main input, main select, main textarea").count(), 0, "no form or field");
      assert.equal(await page.getByRole("button", { name: /^(Change|Delete|Confirm)/ }).count(), 0, "no change or delete");
      await page.getByText(/^Your role may read these; changing them needs/).waitFor();
    };

    // Catalog: price rules with their forms (pricing.manage), shipping without any.
    {
      const { context, page } = await bo.newPage();
      try {
        await signInAs(page, catalogEmail);
        const menu = await bo.menuOf(page);
        assert.ok(menu.includes("Price rules") && menu.includes("Shipping"), menu.join(", "));
        await open(page, "Price rules", "Price rules");
        await page.getByRole("form", { name: "Add a price rule" }).waitFor();
        await page.getByRole("form", { name: "Add a currency" }).waitFor();
        await page.getByRole("button", { name: `Change ${someRule.name}` }).waitFor();
        await open(page, "Shipping", "Shipping");
        await page.getByRole("region", { name: "Delivery zones" }).getByRole("row", { name: /Nairobi CBD/ }).waitFor();
        await page.getByRole("region", { name: "Distance tiers" }).getByRole("row", { name: /Outskirts/ }).waitFor();
        await noWriteControls(page);
        await checkPage(page, "shipping-read-only");
      } finally {
        await context.close();
      }
      const session = await signInApi(client, catalogEmail);
      const zone = await asStaff(client, session, "POST", "/admin/v1/shipping/zones", { zone_name: "Forged", delivery_fee: 1, color: "#000000", polygon: [[0, 0], [0, 1], [1, 1]] });
      assert.equal(zone.status, 403, zone.text);
      assert.equal(zone.body.error.code, "permission_denied");
      const tier = await asStaff(client, session, "PATCH", `/admin/v1/shipping/tiers/${someTier.id}`, { delivery_fee: 1 });
      assert.equal(tier.status, 403, tier.text);
      assert.equal((await asStaff(client, session, "DELETE", `/admin/v1/shipping/zones/${someZone.id}`)).status, 403);
      // What the page offered them, the API allows: a rule changed and put back.
      const renamed = await asStaff(client, session, "PATCH", `/admin/v1/price-rules/${someRule.id}`, { name: `${someRule.name} (checked)` });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal((await asStaff(client, session, "PATCH", `/admin/v1/price-rules/${someRule.id}`, { name: someRule.name })).status, 200);
    }

    // Support: both pages read-only.
    {
      const { context, page } = await bo.newPage();
      try {
        await signInAs(page, supportEmail);
        await open(page, "Price rules", "Price rules");
        await page.getByRole("region", { name: "Price rules" }).getByRole("row", { name: new RegExp(someRule.name) }).waitFor();
        await page.getByRole("region", { name: "Exchange rates" }).getByRole("row", { name: /^USD/ }).waitFor();
        await noWriteControls(page);
        assert.equal(await page.getByRole("button", { name: "Save rate" }).count(), 0);
        await checkPage(page, "price-rules-read-only");
        await open(page, "Shipping", "Shipping");
        await page.getByRole("region", { name: "Delivery zones" }).getByRole("row", { name: /Nairobi CBD/ }).waitFor();
        await noWriteControls(page);
      } finally {
        await context.close();
      }
      const session = await signInApi(client, supportEmail);
      const rule = await asStaff(client, session, "POST", "/admin/v1/price-rules", { name: "Forged", kind: "volume", min_quantity: 2, discount_type: "percentage", value: 50 });
      assert.equal(rule.status, 403, rule.text);
      assert.equal(rule.body.error.code, "permission_denied");
      assert.equal((await asStaff(client, session, "DELETE", `/admin/v1/price-rules/${someRule.id}`)).status, 403);
      assert.equal((await asStaff(client, session, "PATCH", "/admin/v1/exchange-rates/USD", { rate: 1 })).status, 403);
      assert.equal((await asStaff(client, session, "POST", "/admin/v1/shipping/tiers", { tier_name: "Forged", min_distance_meters: 0, max_distance_meters: 1, delivery_fee: 1 })).status, 403);
    }
    // Nothing of theirs was written.
    assert.deepEqual((await client.get("/v1/shipping/zones", { key: demo.publishable_key })).body, zonesBefore);
    assert.equal((await rules()).find((r) => r.id === someRule.id)?.name, someRule.name);
    assert.equal((await client.get("/v1/exchange-rates", { key: demo.secret_key })).body.exchange_rates.find((r: { currency: string }) => r.currency === "USD")?.rate, 0.0077);
  });
});
