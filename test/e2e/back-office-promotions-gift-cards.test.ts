// The back office's promotions and gift cards pages, in Debian's headless Chromium on a freshly
// seeded demo store: the owner filters the promotions by state, is told of a percentage over 100
// (nothing written), creates a promotion that a /v1 checkout then applies, changes it, switches it
// off (the next checkout gets nothing from it) and deletes it after the second click; issues a gift
// card, sees its code, its balance after a /v1 order paid with it and the order in its history,
// changes its expiry and cap, and deactivates it (the /v1 check says inactive, a checkout refuses
// it). A fulfilment member sees promotions read-only and no gift cards; a catalog member may
// create promotions but has no gift cards; the API refuses what each lacks (403). Every page is
// scanned (axe) and photographed at 1280 and 390 px.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import type { Application } from "../../composition/container.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { checkPage } from "../support/back-office-browser.js";
import { backOfficeFixture } from "../support/back-office-fixture.js";
import type { TestClient } from "../support/http-client.js";
import { checkoutBody, createProduct, fillSessionCart } from "../support/order-fixtures.js";
import { asStaff, createMember, signIn as signInApi, STAFF_PASSWORD } from "../support/staff-session.js";

/** Money as the page shows it: "KES 2,500.50" (a space or a no-break space after the code). */
const kes = (amount: string): RegExp => new RegExp(`KES\\s?${amount.replace(/[.,]/g, (c) => `\\${c}`)}`);

/** An instant as a `datetime-local` value of the demo store's time zone (Africa/Nairobi, in which the page reads what is typed), to the minute. */
const nairobiInput = (at: Date): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Nairobi", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
};

/** A `datetime-local` value `days` from now in the demo store's time zone, to the minute. */
const localInput = (days: number): string => nairobiInput(new Date(Date.now() + days * 86_400_000));

/** A UTC calendar day `days` from today (YYYY-MM-DD). */
const day = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("back office promotions and gift cards pages in Chromium", function () {
  this.timeout(240_000);
  const bo = backOfficeFixture();
  let application: Application;
  let client: TestClient;
  let demo: DemoStoreSummary;
  before(() => ({ application, client, demo } = bo));

  const secret = () => ({ key: demo.secret_key });

  /** Every promotion of the store in any state, through /v1 with the demo's secret key. */
  const allPromotions = async (): Promise<Array<{ id: string; name: string }>> => {
    const list = await client.get("/v1/promotions?status=all&limit=200", secret());
    assert.equal(list.status, 200, list.text);
    return list.body.promotions;
  };

  /** A cart of one new product (KES 2,000.00, no category) checked out on /v1; the 201 order, or the refusal. */
  const checkout = async (overrides: Record<string, unknown> = {}) => {
    const variant = await createProduct(client, demo.secret_key, `Promo check ${randomUUID().slice(0, 8)}`, { price: 200_000, stock: 5 });
    const session = await fillSessionCart(client, demo.publishable_key, [{ variantId: variant.variantId, quantity: 1 }]);
    return client.post("/v1/orders", checkoutBody({ session_id: session }, overrides), secret());
  };

  /** The POST, PATCH and DELETE requests the page sends to the admin API from now on. */
  const recordWrites = (page: Page): string[] => {
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/admin/v1/") && !request.url().includes("/auth/")) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    return writes;
  };

  it("the owner filters promotions, is told of a percentage over 100 (nothing written), creates one that a /v1 checkout applies, changes it, switches it off and deletes it", async () => {
    const { context, page } = await bo.newPage();
    try {
      await bo.signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Promotions" }).click();
      await page.getByRole("heading", { name: "Promotions", level: 1 }).waitFor();
      const table = page.getByRole("region", { name: "Promotions" });
      const karibu = table.getByRole("row").filter({ hasText: "Karibu: 10% off decor" });
      await karibu.waitFor();
      assert.match(await karibu.innerText(), /discount on items[\s\S]*10 % off[\s\S]*no minimum, at most KES\s?2,500\.00 off[\s\S]*active now/);
      const thousand = table.getByRole("row").filter({ hasText: "KES 1,000 off orders over KES 15,000" });
      assert.match(await thousand.innerText(), /amount off the order[\s\S]*KES\s?1,000\.00 off[\s\S]*from KES\s?15,000\.00[\s\S]*500 uses in all, 1 per customer/);
      assert.match(await table.getByRole("row").filter({ hasText: "Madaraka Day" }).innerText(), /expired/);
      await checkPage(page, "promotions");

      // The state filter lives in the URL: only the switched-off one.
      await page.getByLabel("State now").selectOption("inactive");
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await page.waitForURL(/\/admin\/promotions\?status=inactive$/);
      await table.getByRole("row").filter({ hasText: "Karibu" }).waitFor({ state: "detached" });
      assert.equal(await table.getByRole("row").count(), 2, "a header and one promotion");
      assert.match(await table.getByRole("row").nth(1).innerText(), /Staff discount: 20% off[\s\S]*20 % off[\s\S]*switched off/);
      assert.equal(await page.getByLabel("State now").inputValue(), "inactive", "the form shows the URL's filter");
      await page.getByRole("link", { name: "Show all" }).click();
      await table.getByRole("row").filter({ hasText: "Karibu" }).waitFor();

      // A percentage over 100 is said beside its field, and nothing is sent.
      const name = `Page promotion ${randomUUID().slice(0, 6)}`;
      const writes = recordWrites(page);
      const form = page.getByRole("form", { name: "Create a promotion" });
      await form.getByLabel("Name", { exact: true }).fill(name);
      await form.getByLabel("Value is").selectOption("percentage");
      await form.getByLabel(/^Percentage off/).fill("150");
      const ends = localInput(30);
      await form.getByLabel(/^Ends, excluded/).fill(ends);
      await form.getByRole("button", { name: "Create promotion" }).click();
      await form.getByText("A percentage is a number from 0 to 100, for example 15.").waitFor();
      await form.getByText("Some values need correcting: see beside each field. Nothing was created.").waitFor();
      assert.equal(await form.getByLabel(/^Percentage off/).getAttribute("aria-invalid"), "true");
      await checkPage(page, "promotions-invalid");
      assert.deepEqual(writes, [], "no request was sent");
      assert.ok(!(await allPromotions()).some((p) => p.name === name), "no promotion was written");

      // Corrected: created, said, listed.
      await form.getByLabel(/^Percentage off/).fill("12");
      await form.getByLabel(/^Uses in all/).fill("100");
      await form.getByRole("button", { name: "Create promotion" }).click();
      await form.getByText(new RegExp(`^Created ${name}: 12 % off, active now, until `)).waitFor();
      assert.deepEqual(writes, ["POST /admin/v1/promotions"]);
      await table.getByRole("row").filter({ hasText: name }).waitFor();
      assert.match(await table.getByRole("row").filter({ hasText: name }).innerText(), /discount on items[\s\S]*12 % off[\s\S]*100 uses in all, no limit per customer[\s\S]*active now/);

      // /v1 has it, and a checkout applies it: 12 % of KES 2,000.00.
      const created = (await allPromotions()).find((p) => p.name === name);
      assert.ok(created !== undefined, "the promotion is on /v1");
      const read = await client.get(`/v1/promotions/${created.id}`, secret());
      assert.equal(read.status, 200, read.text);
      assert.equal(read.body.status, "active");
      assert.equal(read.body.discount_type, "percentage");
      assert.equal(read.body.discount_value, 12);
      assert.equal(nairobiInput(new Date(read.body.end_date)), ends, "the end was read in the store's zone");
      assert.equal(read.body.usage_limit, 100);
      const first = await checkout();
      assert.equal(first.status, 201, first.text);
      assert.deepEqual(
        first.body.promotions.filter((p: { promotion_id: string }) => p.promotion_id === created.id),
        [{ promotion_id: created.id, name, discount: 240 }],
        "the page's promotion took 12 % off KES 2,000.00",
      );

      // Its page: change the percentage and the uses per customer.
      await form.getByRole("link", { name: "Open the new promotion" }).click();
      await page.getByRole("heading", { name, level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, `/admin/promotions/${created.id}`);
      assert.equal(await page.locator('[data-field="promotion_value"]').innerText(), "12 % off");
      await checkPage(page, "promotion-detail");
      const edit = page.getByRole("form", { name: "Change the promotion" });
      assert.equal(await edit.getByLabel(/^Percentage off/).inputValue(), "12");
      await edit.getByLabel(/^Percentage off/).fill("20");
      await edit.getByLabel(/^Uses per customer/).fill("2");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await edit.getByText(`Saved discount value, usage per customer: ${name} is 20 % off, active now.`).waitFor();
      await page.locator('[data-field="promotion_value"]').filter({ hasText: "20 % off" }).waitFor();
      const changed = await client.get(`/v1/promotions/${created.id}`, secret());
      assert.equal(changed.body.discount_value, 20);
      assert.equal(changed.body.usage_per_customer, 2);
      assert.equal(changed.body.usage_limit, 100, "what was not changed stays");

      // Switched off: the next checkout gets nothing from it.
      await page.getByRole("button", { name: "Switch off" }).click();
      await page.getByText(`Switched off: ${name} no longer applies at checkout.`).waitFor();
      await page.locator('[data-field="promotion_state"]').filter({ hasText: "switched off" }).waitFor();
      assert.equal((await client.get(`/v1/promotions/${created.id}`, secret())).body.status, "inactive");
      const second = await checkout();
      assert.equal(second.status, 201, second.text);
      assert.deepEqual(second.body.promotions.filter((p: { promotion_id: string }) => p.promotion_id === created.id), [], "a switched-off promotion does not apply");

      // Delete: the first click only asks; the second deletes.
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await page.getByRole("button", { name: `Confirm: delete ${name}` }).waitFor();
      assert.equal((await client.get(`/v1/promotions/${created.id}`, secret())).status, 200, "one click deletes nothing");
      await page.getByRole("button", { name: `Confirm: delete ${name}` }).click();
      await page.getByText(`Deleted ${name}: it no longer applies; orders keep the discounts it gave.`).waitFor();
      assert.equal((await client.get(`/v1/promotions/${created.id}`, secret())).status, 404);
      await checkPage(page, "promotion-deleted");
      await page.getByRole("link", { name: "← Promotions" }).click();
      await table.getByRole("row").filter({ hasText: "Karibu" }).waitFor();
      assert.equal(await table.getByRole("row").filter({ hasText: name }).count(), 0, "the deleted promotion is not listed");
    } finally {
      await context.close();
    }
  });

  it("the owner issues a gift card (its code shown), sees its balance and history after a /v1 order it paid, changes its expiry and cap, and deactivates it: /v1 then refuses it", async () => {
    const { context, page } = await bo.newPage();
    try {
      await bo.signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gift cards" }).click();
      await page.getByRole("heading", { name: "Gift cards", level: 1 }).waitFor();
      const table = page.getByRole("region", { name: "Gift cards" });
      await table.getByRole("row").filter({ hasText: demo.gift_cards.active! }).waitFor();
      assert.match(await table.getByRole("row").filter({ hasText: demo.gift_cards.inactive! }).innerText(), /deactivated/);
      await checkPage(page, "gift-cards");

      // An amount with more decimals than KES has is said, and nothing is sent.
      const writes = recordWrites(page);
      const form = page.getByRole("form", { name: "Issue a gift card" });
      await form.getByLabel("Amount it holds").fill("12.345");
      await form.getByRole("button", { name: "Issue gift card" }).click();
      await form.getByText("Enter the amount the card holds in KES, for example 2500.50.").waitFor();
      assert.deepEqual(writes, [], "no request was sent");

      await form.getByLabel("Amount it holds").fill("5000.50");
      await form.getByRole("button", { name: "Issue gift card" }).click();
      await form.getByText(/^Issued a gift card holding KES\s?5,000\.50, never expiring\.$/).waitFor();
      const code = (await form.getByTestId("gift-card-code").innerText()).trim();
      assert.match(code, /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      assert.deepEqual(writes, ["POST /admin/v1/gift-cards"]);
      const row = table.getByRole("row").filter({ hasText: code });
      await row.waitFor();
      assert.match(await row.innerText(), /KES\s?5,000\.50[\s\S]*KES\s?5,000\.50[\s\S]*active[\s\S]*never/);
      const check = await client.get(`/v1/gift-cards/check?code=${code}`, secret());
      assert.equal(check.status, 200, check.text);
      assert.equal(check.body.valid, true);
      assert.equal(check.body.balance, 5000.5);

      // A /v1 order paid partly with it: its page shows the new balance and the order in its history.
      const order = await checkout({ gift_card_code: code });
      assert.equal(order.status, 201, order.text);
      const paid: number = order.body.gift_card_amount;
      assert.ok(paid > 0 && paid < 5000.5, `the card paid ${paid}`);
      const left = Math.round((5000.5 - paid) * 100) / 100;
      const money = (n: number) => kes(n.toLocaleString("en-US", { minimumFractionDigits: 2 })).source;
      await form.getByRole("link", { name: "Open the new card" }).click();
      await page.getByRole("heading", { name: `Gift card ${code}`, level: 1 }).waitFor();
      const balance = (await page.locator('[data-field="gift_card_balance"]').innerText()).replace(/\s/g, " ");
      assert.match(balance, new RegExp(money(left)), `balance ${balance} is 5,000.50 - ${paid}`);
      const history = page.getByRole("region", { name: "Gift card history" });
      assert.equal(await history.getByRole("row").count(), 3, "issued, then the order it paid");
      assert.match(await history.getByRole("row").nth(1).innerText(), /issued[\s\S]*KES\s?5,000\.50[\s\S]*KES\s?5,000\.50/);
      assert.match(await history.getByRole("row").nth(2).innerText(), new RegExp(`paid an order[\\s\\S]*${money(paid)}[\\s\\S]*${money(left)}[\\s\\S]*order ${order.body.id.slice(0, 8)}`));
      await checkPage(page, "gift-card-detail");

      // Expiry and cap.
      const edit = page.getByRole("form", { name: "Expiry and usage cap" });
      await edit.getByLabel(/^Last day of use/).fill(day(90));
      await edit.getByLabel(/^Most of an order it may pay/).fill("50");
      await edit.getByRole("button", { name: "Save expiry and cap" }).click();
      await edit.getByText(`Saved: the card is usable until the end of ${day(90)} and may pay 50 % of an order; it is active.`).waitFor();
      const edited = (await client.get(`/v1/gift-cards/check?code=${code}`, secret())).body;
      assert.equal(edited.expiry_date, day(90));
      assert.equal(edited.maximum_usage_percentage, 50);

      // Deactivate from the keyboard: the first Enter only asks, Tab away cancels, then Enter twice
      // switches it off, and /v1 refuses the card.
      await page.getByRole("button", { name: `Deactivate ${code}` }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: `Confirm: deactivate ${code}` }).waitFor();
      assert.equal((await client.get(`/v1/gift-cards/check?code=${code}`, secret())).body.valid, true, "one press changes nothing");
      await page.keyboard.press("Tab");
      await page.getByRole("button", { name: `Deactivate ${code}` }).waitFor();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: `Confirm: deactivate ${code}` }).waitFor();
      await page.keyboard.press("Enter");
      await page.getByText(new RegExp(`^Deactivated ${code}: it no longer pays for orders\\.`)).waitFor();
      await page.locator('[data-field="gift_card_state"]').filter({ hasText: "deactivated" }).waitFor();
      await page.getByRole("button", { name: "Switch the card on again" }).waitFor();
      const after = await client.get(`/v1/gift-cards/check?code=${code}`, secret());
      assert.equal(after.body.valid, false);
      assert.equal(after.body.reason, "inactive");
      assert.equal(after.body.status, "inactive");
      const refused = await checkout({ gift_card_code: code });
      assert.equal(refused.status, 422, refused.text);
      assert.equal(refused.body.error.code, "gift_card_not_usable");
      await checkPage(page, "gift-card-deactivated");
    } finally {
      await context.close();
    }
  });

  it("a fulfilment member sees promotions read-only and no gift cards, a catalog member may create promotions but has no gift cards, and the API refuses each what they lack (403)", async () => {
    const fulfilment = `fulfil.${randomUUID().slice(0, 8)}@example.com`;
    const catalog = `catalog.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(application, demo.store_id, "fulfilment", fulfilment);
    await createMember(application, demo.store_id, "catalog", catalog);
    const { context, page } = await bo.newPage();
    try {
      await bo.signIn(page, fulfilment, STAFF_PASSWORD);
      const menu = await bo.menuOf(page);
      assert.ok(menu.includes("Promotions"), menu.join(", "));
      assert.ok(!menu.includes("Gift cards"), menu.join(", "));
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Promotions" }).click();
      await page.getByRole("region", { name: "Promotions" }).getByRole("row").filter({ hasText: "Karibu" }).waitFor();
      assert.equal(await page.getByRole("form", { name: "Create a promotion" }).count(), 0, "no create form");
      await checkPage(page, "promotions-read-only");
      await page.getByRole("region", { name: "Promotions" }).getByRole("link", { name: "Mugs: buy one, get one free" }).click();
      await page.getByRole("heading", { name: "Mugs: buy one, get one free", level: 1 }).waitFor();
      await page.getByText("Changing promotions needs the pricing permission").waitFor();
      // The bogo's sets name their products.
      await page.getByRole("link", { name: "Stoneware Mug" }).first().waitFor();
      assert.equal(await page.getByRole("button").filter({ hasText: /Switch off|Delete|Save changes/ }).count(), 0, "no write buttons");
      assert.equal(await page.getByRole("form", { name: "Change the promotion" }).count(), 0);
      await checkPage(page, "promotion-read-only");
      await page.goto("/admin/gift-cards");
      await page.getByText("Your role may not do this: ask an owner or a manager.").waitFor();
      assert.equal(await page.getByRole("form", { name: "Issue a gift card" }).count(), 0);
      await context.clearCookies();

      await bo.signIn(page, catalog, STAFF_PASSWORD);
      const catalogMenu = await bo.menuOf(page);
      assert.ok(catalogMenu.includes("Promotions") && !catalogMenu.includes("Gift cards"), catalogMenu.join(", "));
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Promotions" }).click();
      await page.getByRole("form", { name: "Create a promotion" }).waitFor();
    } finally {
      await context.close();
    }

    const someId = (await allPromotions())[0]!.id;
    const before = await client.get(`/v1/promotions/${someId}`, secret());
    const asFulfilment = await signInApi(client, fulfilment);
    const created = await asStaff(client, asFulfilment, "POST", "/admin/v1/promotions", { name: "Not allowed", type: "fixed", discount_value: 100, end_date: new Date(Date.now() + 86_400_000).toISOString() });
    assert.equal(created.status, 403, created.text);
    assert.equal(created.body.error.code, "permission_denied");
    assert.equal((await asStaff(client, asFulfilment, "PATCH", `/admin/v1/promotions/${someId}`, { status: "inactive" })).status, 403);
    assert.equal((await asStaff(client, asFulfilment, "DELETE", `/admin/v1/promotions/${someId}`)).status, 403);
    assert.equal((await asStaff(client, asFulfilment, "GET", `/admin/v1/promotions/${someId}`)).status, 200, "reading is allowed");
    assert.equal((await asStaff(client, asFulfilment, "GET", "/admin/v1/gift-cards")).status, 403);
    const asCatalog = await signInApi(client, catalog);
    const cards = await asStaff(client, asCatalog, "GET", "/admin/v1/gift-cards");
    assert.equal(cards.status, 403, cards.text);
    assert.equal(cards.body.error.code, "permission_denied");
    assert.equal((await asStaff(client, asCatalog, "POST", "/admin/v1/gift-cards", { initial_balance: 100 })).status, 403);
    assert.deepEqual((await client.get(`/v1/promotions/${someId}`, secret())).body, before.body, "the refused writes changed nothing");
  });
});
