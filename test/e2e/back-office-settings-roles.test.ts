// The store's time zone, the roles' table and sign-in mistakes in the back office, in Debian's
// headless Chromium on a freshly seeded demo store (its time zone is Africa/Nairobi): an order's
// date is shown in the store's zone, and after the owner chooses Kathmandu in Settings the
// same order shows the Kathmandu time, /v1/store has the new zone and the dashboard counts its
// days in it. The staff page shows GET /admin/v1/roles as a table of ticks, and the invitation
// offers only the roles the member may give (a manager cannot invite an owner). A wrong password
// or authenticator code at sign-in is said as the person's to correct, not as an ended session.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { Totp } from "../../application/ports/totp.js";
import { checkPage } from "../support/back-office-browser.js";
import { backOfficeFixture } from "../support/back-office-fixture.js";
import { asStaff, createMember, memberSignedIn, STAFF_PASSWORD } from "../support/staff-session.js";

interface RoleTable {
  roles: Array<{ role: string; permissions: string[]; grantable: boolean }>;
  permissions: Array<{ permission: string; description: string }>;
}

/** An instant as the app shows it (formatting.ts's options), formatted by the page's own Intl in `zone`. */
const shownIn = (page: Page, iso: string, zone: string): Promise<string> =>
  page.evaluate(([at, timeZone]) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(at)), [iso, zone] as const);

/** GET /admin/v1/roles as the page's signed-in member (their cookie), as the app reads it. */
const rolesAsSeenBy = async (page: Page): Promise<RoleTable> => (await page.evaluate("fetch('/admin/v1/roles').then((r) => r.json())")) as RoleTable;

/** The ticks' accessible names in the roles' table ("owner holds x", "manager does not hold x"). */
const tickNames = async (page: Page): Promise<string[]> =>
  (await page.evaluate("[...document.querySelectorAll('table.permissions td [aria-label]')].map((e) => e.getAttribute('aria-label'))")) as string[];

/** Whether the invitation's role option is disabled. */
const roleOptionDisabled = async (page: Page, role: string): Promise<boolean> =>
  (await page.getByRole("form", { name: "Invite a member" }).locator(`select[name="role"] option[value="${role}"]`).getAttribute("disabled")) !== null;

describe("back office store time zone, roles' table and sign-in mistakes in Chromium", function () {
  this.timeout(240_000);
  const bo = backOfficeFixture();

  it("an order's date is shown in the store's zone (Africa/Nairobi), and in Kathmandu's once the owner chooses it in Settings; /v1/store and the dashboard follow", async () => {
    const listed = await bo.client.get("/v1/orders?limit=1", { key: bo.demo.secret_key });
    assert.equal(listed.status, 200, listed.text);
    const order = listed.body.orders[0] as { id: string; order_number: string; created_at: string };
    assert.ok(order !== undefined, "the demo store has orders");
    const before = await bo.client.get("/v1/store", { key: bo.demo.secret_key });
    assert.equal(before.body.time_zone, "Africa/Nairobi", "the demo seed sets the store's zone");

    const { context, page } = await bo.newPage();
    try {
      await bo.signInAsOwner(page);
      await page.getByText("Days of Africa/Nairobi;").waitFor();

      const placed = page.locator('dl.facts > dt:text-is("Placed") + dd');
      const nairobi = await shownIn(page, order.created_at, "Africa/Nairobi");
      const kathmandu = await shownIn(page, order.created_at, "Asia/Kathmandu");
      assert.notEqual(nairobi, kathmandu, "a +05:45 zone shows another time than a +03:00 one");
      await page.goto(`/admin/orders/${order.id}`);
      await page.getByRole("heading", { name: `Order ${order.order_number}` }).waitFor();
      assert.equal((await placed.innerText()).trim(), nairobi, "the order's date in the store's zone");

      // Settings: the zone is chosen by its label and saved.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      const zone = page.getByLabel(/^Time zone/);
      assert.equal(await zone.inputValue(), "Africa/Nairobi");
      // The select offers the zones the browser's Intl knows, by today's IANA names: Chromium's
      // ICU still calls Kathmandu Asia/Katmandu and Kyiv Europe/Kiev; the page renames them.
      const offered = await zone.locator("option").allInnerTexts();
      assert.ok(offered.includes("Asia/Kathmandu") && offered.includes("Europe/Kyiv"), `today's names are offered (${offered.length} zones)`);
      assert.ok(!offered.includes("Asia/Katmandu") && !offered.includes("Europe/Kiev"), "the old names are not offered beside them");
      const kathmanduLabel = "Asia/Kathmandu";
      await zone.selectOption({ label: kathmanduLabel });
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByRole("status").filter({ hasText: /^Saved time zone for .+\.$/ }).waitFor();
      await checkPage(page, "settings-time-zone");

      // The same order, reached by the back button (no reload), now shows Kathmandu's time.
      await page.goBack();
      await page.getByRole("heading", { name: `Order ${order.order_number}` }).waitFor();
      await placed.filter({ hasText: kathmandu }).waitFor();
      assert.equal((await placed.innerText()).trim(), kathmandu, "the order's date in the newly chosen zone");

      const after = await bo.client.get("/v1/store", { key: bo.demo.secret_key });
      assert.equal(after.status, 200, after.text);
      assert.equal(after.body.time_zone, kathmanduLabel, "the zone as chosen");

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
      await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      await page.getByText(`Days of ${kathmanduLabel};`).waitFor();
    } finally {
      await context.close();
    }
  });

  it("the staff page shows the roles' table of GET /admin/v1/roles; a manager's invitation does not offer owner, an owner's does", async () => {
    const { context, page } = await bo.newPage();
    try {
      await bo.signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" }).click();
      await page.getByRole("heading", { name: "Roles and what they may do" }).waitFor();
      const table = page.getByRole("region", { name: "Roles and permissions" });
      const row = table.getByRole("row").filter({ hasText: "api_keys.manage" });
      await row.getByLabel("owner holds api_keys.manage", { exact: true }).waitFor();
      for (const role of ["manager", "catalog", "support", "fulfilment"]) {
        assert.equal(await row.getByLabel(`${role} does not hold api_keys.manage`, { exact: true }).count(), 1, `${role} has no tick for api_keys.manage`);
      }
      assert.equal(await row.getByLabel(/ holds api_keys\.manage$/).count(), 1, "only the owner holds api_keys.manage");

      // Every tick is the API's: each role's permissions, and nothing else.
      const roles = await rolesAsSeenBy(page);
      assert.ok(roles.permissions.length > 5 && roles.roles.length === 5, JSON.stringify(roles).slice(0, 200));
      const expected = roles.permissions.flatMap(({ permission }) =>
        roles.roles.map((r) => `${r.role} ${r.permissions.includes(permission) ? "holds" : "does not hold"} ${permission}`),
      );
      assert.deepEqual((await tickNames(page)).sort(), expected.sort());

      assert.equal(await roleOptionDisabled(page, "owner"), false, "an owner may invite an owner");
      assert.ok(roles.roles.every((r) => r.grantable), "the API lets an owner give every role");
      await checkPage(page, "staff-roles");
    } finally {
      await context.close();
    }

    const managerEmail = `manager.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(bo.application, bo.demo.store_id, "manager", managerEmail, STAFF_PASSWORD);
    const theirs = await bo.newPage();
    try {
      await bo.signIn(theirs.page, managerEmail, STAFF_PASSWORD);
      await theirs.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" }).click();
      await theirs.page.getByRole("heading", { name: "Roles and what they may do" }).waitFor();
      await theirs.page.getByText("You are manager.").waitFor();
      const roles = await rolesAsSeenBy(theirs.page);
      assert.deepEqual(
        roles.roles.filter((r) => !r.grantable).map((r) => r.role),
        ["owner"],
        "the API lets a manager give every role but owner",
      );
      assert.equal(await roleOptionDisabled(theirs.page, "owner"), true, "a manager is not offered owner");
      for (const role of ["manager", "catalog", "support", "fulfilment"]) assert.equal(await roleOptionDisabled(theirs.page, role), false, `a manager may invite ${role}`);
    } finally {
      await theirs.context.close();
    }
  });

  it("Taxes: the demo's Kenyan VAT is shown; an owner adds a Rwandan zone that /v1/prices then charges, and a zone without a rate for a class in use is refused beside it", async () => {
    const publishable = bo.demo.publishable_key;
    const { context, page } = await bo.newPage();
    try {
      await bo.signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Taxes" }).click();
      await page.getByRole("heading", { name: "Taxes", level: 1 }).waitFor();
      assert.equal(await page.getByRole("radio", { name: /Include tax/ }).isChecked(), true, "the demo's shelf prices include VAT");
      const zones = page.getByRole("region", { name: "Tax zones" });
      assert.equal(await page.getByLabel("Zone 1 name").inputValue(), "Kenya", "the demo's first zone");
      assert.equal(await page.getByLabel("Zone 1 standard rate").inputValue(), "16", "Kenya's standard rate");

      await page.getByRole("button", { name: "Add a zone" }).click();
      const index = await zones.getByRole("row").count() - 1; // the header row is one of them
      await page.getByLabel(`Zone ${index} id`).fill("rw");
      await page.getByLabel(`Zone ${index} name`).fill("Rwanda");
      await page.getByLabel(`Zone ${index} country`).fill("rw");
      await page.getByLabel(`Zone ${index} standard rate`).fill("18");
      await page.getByRole("button", { name: "Save tax settings" }).click();
      await page.getByRole("status").filter({ hasText: /^Saved the tax settings: \d+ zones, prices include tax\.$/ }).waitFor();
      const saved = await bo.client.get("/v1/store/tax-settings", { key: bo.demo.secret_key });
      assert.equal(saved.status, 200, saved.text);
      const rwanda = (saved.body.zones as Array<{ id: string; country: string; region: string | null; rates: Record<string, string> }>).find((zone) => zone.id === "rw");
      assert.deepEqual(rwanda && { country: rwanda.country, region: rwanda.region, rates: rwanda.rates }, { country: "RW", region: null, rates: { standard: "18" } });
      const kigali = await bo.client.get("/v1/prices?limit=20&place_name=Kigali", { key: publishable });
      assert.equal(kigali.status, 200, kigali.text);
      const standard = (kigali.body.items as Array<{ tax: { tax_zone_id: string; tax_class: string; tax_rate: string } }>).find((item) => item.tax.tax_class === "standard");
      assert.deepEqual(standard && [standard.tax.tax_zone_id, standard.tax.tax_rate], ["rw", "18"], "a shopper in Kigali is charged the new zone's rate");
      await checkPage(page, "taxes");

      // The catalog's products are standard-rated: a zone without that rate is refused, beside it.
      const row = zones.getByRole("row").filter({ hasText: "rw" });
      await row.getByLabel(/standard rate$/).fill("");
      await page.getByRole("button", { name: "Save tax settings" }).click();
      await page.getByRole("alert").filter({ hasText: /refused zone \d+/ }).waitFor();
      const said = await row.locator(".field-error").innerText();
      assert.match(said, /rw/, `the refusal names the zone: ${said}`);
      assert.match(said, /standard/, `the refusal names the class: ${said}`);
      assert.equal(await row.getByLabel("Zone " + index + " name").getAttribute("aria-invalid"), "true");
      const unchanged = await bo.client.get("/v1/store/tax-settings", { key: bo.demo.secret_key });
      assert.deepEqual(unchanged.body, saved.body, "nothing was saved");
      await checkPage(page, "taxes-refused");
    } finally {
      await context.close();
    }
  });

  it("a wrong password or authenticator code at sign-in is said as the person's to correct, never as 'Sign in again.'", async () => {
    const email = `wrong.code.${randomUUID().slice(0, 8)}@example.com`;
    const member = await memberSignedIn(bo.application, bo.client, bo.demo.store_id, "support", email);
    const totp = bo.application.container.get(Totp);
    const started = await asStaff(bo.client, member, "POST", "/admin/v1/me/second-factor");
    assert.equal(started.status, 200, started.text);
    const confirmed = await asStaff(bo.client, member, "POST", "/admin/v1/me/second-factor/confirm", { code: totp.codeAt(started.body.secret, new Date()) });
    assert.equal(confirmed.status, 200, confirmed.text);

    const { context, page } = await bo.newPage();
    try {
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Sign in to the back office" }).waitFor();
      await page.getByLabel("Email").fill(bo.demo.staff_owner!.email);
      await page.getByLabel("Password").fill("not-the-password-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      const alert = page.getByRole("alert");
      await alert.waitFor();
      const said = (await alert.innerText()).trim();
      assert.equal(said, "That email and password do not match a member of this store. Check both and try again.");
      assert.ok(!said.includes("Sign in again."), said);

      // A wrong authenticator code: the API's message, then explain()'s advice for it.
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(STAFF_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByLabel("Authenticator code").waitFor();
      const now = Date.now();
      const valid = new Set([-1, 0, 1, 2].map((step) => totp.codeAt(started.body.secret, new Date(now + step * 30_000))));
      const wrong = ["000000", "111111", "222222", "333333", "444444", "555555"].find((code) => !valid.has(code))!;
      await page.getByLabel("Authenticator code").fill(wrong);
      await page.getByRole("button", { name: "Sign in" }).click();
      const codeAlert = page.getByRole("alert").filter({ hasText: "authenticator code is wrong" });
      await codeAlert.waitFor();
      const codeSaid = (await codeAlert.innerText()).trim();
      assert.equal(codeSaid, "The authenticator code is wrong or was used already; wait for the next one. Check it and try again.");
      assert.ok(!codeSaid.includes("Sign in again."), codeSaid);
      await page.getByRole("heading", { name: "Sign in to the back office" }).waitFor();
      assert.equal(await page.getByText("Signed in as").count(), 0, "not signed in");
    } finally {
      await context.close();
    }
  });
});
