// The back office's pages for the shop's people and plumbing, in Debian's headless Chromium on a
// freshly seeded demo store: webhooks (an endpoint to a local receiver, a test, its delivery
// resent), API keys (created, revoked, the revoked key refused), and a catalog member who sees
// none of these pages and is refused them by the API. Each page is scanned and photographed.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Totp } from "../../application/ports/totp.js";
import type { Application } from "../../composition/container.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { checkPage } from "../support/back-office-browser.js";
import { backOfficeFixture } from "../support/back-office-fixture.js";
import type { TestClient } from "../support/http-client.js";
import { asStaff, createMember, memberSignedIn, STAFF_PASSWORD } from "../support/staff-session.js";
import { verifyReceipt, WebhookReceiver } from "../support/webhook-receiver.js";

describe("back office admin pages in Chromium (webhooks, API keys, staff)", function () {
  this.timeout(240_000);
  const bo = backOfficeFixture({ env: { STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1" } });
  const { newPage, signIn: signInAs, signInAsOwner, menuOf } = bo;
  let application: Application;
  let client: TestClient;
  let demo: DemoStoreSummary;
  let receiver: WebhookReceiver;
  before(async () => {
    ({ application, client, demo } = bo);
    receiver = await WebhookReceiver.start();
  });
  after(() => receiver?.close());

  it("an owner creates a webhook endpoint, sends a test, sees its delivery and resends it (the receiver gets it twice)", async () => {
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
      await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
      await page.getByText("No endpoint yet").waitFor();
      await checkPage(page, "webhooks-empty");

      // Create: no event chosen is said before any request, then the secret is shown once.
      await page.getByLabel("Receiver's address").fill(receiver.url("/admin-pages"));
      await page.getByRole("button", { name: "Create endpoint" }).click();
      await page.getByText("Choose at least one event to send.").waitFor();
      await page.getByLabel("order.created").check();
      await page.getByLabel("refund.succeeded").check();
      await page.getByRole("button", { name: "Create endpoint" }).click();
      await page.getByText(/Endpoint created for http:\/\/127\.0\.0\.1:\d+\/admin-pages, receiving 2 event types\./).waitFor();
      await page.getByText("It is shown only now").waitFor();
      const secret = (await page.getByTestId("secret").innerText()).trim();
      assert.match(secret, /^whsec_/);
      await page.getByRole("region", { name: "Webhook endpoints" }).getByRole("link", { name: receiver.url("/admin-pages") }).waitFor();
      await checkPage(page, "webhooks");

      // The endpoint's page: send a test, whose delivery shows in the list.
      await page.getByRole("link", { name: "Open the new endpoint" }).click();
      await page.getByRole("heading", { name: "Webhook endpoint" }).waitFor();
      await page.getByText("Nothing sent to this endpoint yet").waitFor();
      await page.getByRole("button", { name: "Send a test" }).click();
      await page.getByText(/Test order\.created sent \(evt_[^)]+\)\. The receiver answered 200 in \d+ ms: delivered\./).waitFor();
      await receiver.waitFor((all) => all.filter((r) => r.path === "/admin-pages").length === 1, 10_000, "the test delivery");
      const first = receiver.of("/admin-pages")[0]!;
      verifyReceipt(secret, first);
      const deliveries = page.getByRole("region", { name: "Deliveries" });
      await deliveries.getByRole("row").nth(1).waitFor();
      assert.equal(await deliveries.getByRole("row").count(), 2, "one delivery row under the header");
      const row = deliveries.getByRole("row").nth(1);
      assert.match(await row.innerText(), /order\.created[\s\S]*\b1\b[\s\S]*200[\s\S]*ms[\s\S]*delivered/);

      // Resend: the receiver gets the same event again (same webhook-id), as attempt 2.
      await row.getByRole("button", { name: /^Resend order\.created evt_/ }).click();
      await page.getByText(/Sent again as attempt 2\. The receiver answered 200 in \d+ ms: delivered\./).waitFor();
      await receiver.waitFor((all) => all.filter((r) => r.path === "/admin-pages").length === 2, 10_000, "the resent delivery");
      const [a, b] = receiver.of("/admin-pages");
      assert.equal(b!.id, a!.id, "the resend carries the same webhook-id");
      verifyReceipt(secret, b!);
      await deliveries.getByRole("row").nth(2).waitFor();
      assert.equal(await deliveries.getByRole("row").count(), 3, "both attempts listed");

      // Switch off, rotate the secret (shown once), and the page says each.
      await page.getByRole("button", { name: "Switch off" }).click();
      await page.getByText("Switched off: no event is sent to it").waitFor();
      await page.getByRole("button", { name: "Switch on" }).waitFor();
      await page.getByRole("button", { name: "Rotate secret" }).click();
      await page.getByText("New signing secret made.").waitFor();
      const rotated = (await page.getByTestId("secret").innerText()).trim();
      assert.match(rotated, /^whsec_/);
      assert.notEqual(rotated, secret);
      await checkPage(page, "webhook-endpoint");
    } finally {
      await context.close();
    }
  });

  it("an owner creates an API key (shown once), rolls it (the old one gets 401) and revokes the new one with a second click; the revoked key gets 401", async () => {
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
      await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
      await page.getByRole("region", { name: "API keys" }).waitFor();
      await page.getByLabel("Type").selectOption("secret");
      await page.getByLabel("Mode").selectOption("live");
      await page.getByRole("button", { name: "Create key" }).click();
      await page.getByText(/^Created a live secret key, /).waitFor();
      const key = (await page.getByTestId("secret").innerText()).trim();
      const prefix = (await page.getByText(/^Created a live secret key, /).innerText()).replace(/^Created a live secret key, (.*)\.$/, "$1");
      assert.ok(key.startsWith(prefix.replace(/\.+$/, "").slice(0, 8)), `${key} vs ${prefix}`);
      assert.equal((await client.get("/v1/products", { key })).status, 200, "the new key works");
      await checkPage(page, "api-keys");

      // Roll: the old key stops now, the new one (shown once) works.
      await page.getByRole("button", { name: `Roll live secret key ${prefix}` }).click();
      const rolled = page.getByText(new RegExp(`^Rolled live secret key ${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: it stopped working now; its replacement is `));
      await rolled.waitFor();
      const nextPrefix = (await rolled.innerText()).replace(/^.*its replacement is (.*)\.$/, "$1");
      const nextKey = (await page.getByTestId("secret").innerText()).trim();
      assert.notEqual(nextKey, key);
      assert.equal((await client.get("/v1/products", { key })).status, 401, "the rolled key is refused");
      assert.equal((await client.get("/v1/products", { key: nextKey })).status, 200, "its replacement works");

      const revoke = page.getByRole("button", { name: `Revoke live secret key ${nextPrefix}` });
      await revoke.click();
      const confirm = page.getByRole("button", { name: `Confirm: revoke live secret key ${nextPrefix}` });
      await confirm.waitFor();
      assert.equal((await client.get("/v1/products", { key: nextKey })).status, 200, "one click revokes nothing");
      await confirm.click();
      await page.getByText(`Revoked live secret key ${nextPrefix}: every request with it is now refused.`).waitFor();
      assert.equal((await client.get("/v1/products", { key: nextKey })).status, 401, "the revoked key is refused");
    } finally {
      await context.close();
    }
  });

  it("an owner invites a support member (the sign-in link shown) and changes their role; a manager is refused making an owner and told why", async () => {
    const email = `helper.${randomUUID().slice(0, 8)}@example.com`;
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" }).click();
      await page.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
      const invite = page.getByRole("form", { name: "Invite a member" });
      await invite.getByLabel("Email").fill(email);
      await invite.getByLabel("Role").selectOption("support");
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await page.getByText(`Invited ${email} as support.`).waitFor();
      const link = (await page.getByTestId("sign-in-link").innerText()).trim();
      assert.match(link, /\/admin\/sign-in\?link=/);
      const members = page.getByRole("region", { name: "Members" });
      await members.getByRole("link", { name: email }).waitFor();
      assert.match(await members.getByRole("row").filter({ hasText: email }).innerText(), /support\s+invited\s+off/);
      // The filter is kept in the URL.
      await page.getByLabel("Status").selectOption("invited");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/\/admin\/staff\?status=invited$/);
      // The list keeps the previous answer on screen while the filtered one loads (keepPreviousData),
      // so wait for the owner's row to go rather than read the region at once; a filter that
      // ignored the status would leave it there and time out.
      await members.getByRole("link", { name: demo.staff_owner!.email }).waitFor({ state: "detached" });
      await members.getByRole("link", { name: email }).waitFor();
      assert.ok(!(await members.innerText()).includes(demo.staff_owner!.email), "the active owner is not listed among the invited");
      const roles = page.getByRole("region", { name: "Roles and permissions" });
      await roles.getByLabel("owner holds api_keys.manage").waitFor();
      assert.equal(await roles.getByLabel("manager does not hold api_keys.manage").count(), 1);
      await checkPage(page, "staff");

      await members.getByRole("link", { name: email }).click();
      await page.getByRole("heading", { name: "Staff member" }).waitFor();
      await page.getByLabel("New role").selectOption("catalog");
      await page.getByRole("button", { name: "Change role" }).click();
      await page.getByText(`${email} is now catalog.`).waitFor();
      await page.getByRole("button", { name: "Send a new sign-in link" }).click();
      await page.getByText(`A new sign-in link was sent to ${email}; any earlier link stopped working.`).waitFor();
      assert.notEqual((await page.getByTestId("sign-in-link").innerText()).trim(), link);
      await page.getByText("Not signed in anywhere.").waitFor();
      await checkPage(page, "staff-member");

      // Nobody changes themself: the owner's own page says so, and the API's refusal is shown.
      await page.getByRole("link", { name: "All members" }).click();
      await page.getByRole("region", { name: "Members" }).getByRole("link", { name: demo.staff_owner!.email }).click();
      await page.getByText("This is you: nobody changes their own role").waitFor();
      await page.getByLabel("New role").selectOption("manager");
      await page.getByRole("button", { name: "Change role" }).click();
      await page.getByRole("alert").filter({ hasText: "Nobody changes their own role or disables themself: ask another owner or manager." }).waitFor();
    } finally {
      await context.close();
    }
    const session = await asStaff(client, await memberSignedIn(application, client, demo.store_id, "owner", `owner2.${randomUUID().slice(0, 8)}@example.com`), "GET", `/admin/v1/staff?status=invited`);
    assert.equal(session.body.data.find((m: { email: string }) => m.email === email)?.role, "catalog", "the API has the new role");

    // A manager: making an owner is refused by the API, and the page says why.
    const managerEmail = `manager.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(application, demo.store_id, "manager", managerEmail);
    const theirs = await newPage();
    try {
      await signInAs(theirs.page, managerEmail, STAFF_PASSWORD);
      await theirs.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" }).click();
      await theirs.page.getByRole("region", { name: "Members" }).getByRole("link", { name: email }).click();
      await theirs.page.getByRole("heading", { name: "Staff member" }).waitFor();
      await theirs.page.getByLabel("New role").selectOption("owner");
      await theirs.page.getByRole("button", { name: "Change role" }).click();
      await theirs.page.getByRole("alert").filter({ hasText: "A manager may not make an owner nor change one: ask an owner." }).waitFor();
      assert.match(await theirs.page.locator(".facts").innerText(), /Role\s+catalog/, "the role is unchanged");
    } finally {
      await theirs.context.close();
    }
  });

  it("an owner changes the store's settings, a wrong value is said beside its field", async () => {
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      await page.getByLabel("Latitude").fill("140");
      await page.getByLabel("Longitude").fill("36.8219");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Latitude is a number from -90 to 90.").waitFor();
      assert.equal(await page.getByLabel("Latitude").getAttribute("aria-invalid"), "true");
      await checkPage(page, "settings-invalid");
      await page.getByLabel("Latitude").fill("-1.2921");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText(/^Saved latitude, longitude for /).waitFor();
      let store = await client.get("/v1/store", { key: demo.secret_key });
      assert.equal(store.status, 200, store.text);

      // The seller's details on invoices: an address without its city is said beside it; then saved.
      await page.getByLabel("Address, first line").fill("Biashara Street 7");
      await page.getByLabel("City", { exact: true }).fill("");
      await page.getByLabel("Tax number (a VAT number or KRA PIN)").fill("P051999999A");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText(/^An address needs the registered name, the first line, the city and the country \(missing: city\)/).waitFor();
      assert.equal(await page.getByLabel("City", { exact: true }).getAttribute("aria-invalid"), "true");
      await page.getByLabel("City", { exact: true }).fill("Mombasa");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText(/^Saved address, tax number for /).waitFor();
      store = await client.get("/v1/store", { key: demo.secret_key });
      assert.deepEqual([store.body.address.line1, store.body.address.city, store.body.tax_number], ["Biashara Street 7", "Mombasa", "P051999999A"]);
      assert.equal(store.body.latitude, -1.2921);
      await checkPage(page, "settings");
    } finally {
      await context.close();
    }
  });

  it("a member turns the second factor on (secret as text, code, recovery codes) and off, then signs out everywhere", async () => {
    const email = `support.${randomUUID().slice(0, 8)}@example.com`;
    const elsewhere = await memberSignedIn(application, client, demo.store_id, "support", email);
    const { context, page } = await newPage();
    try {
      await signInAs(page, email, STAFF_PASSWORD);
      await page.getByRole("link", { name: "My account" }).click();
      await page.getByRole("heading", { name: "My account", level: 1 }).waitFor();
      await page.getByRole("region", { name: "My sessions" }).getByText("(this one)").waitFor();
      await page.getByRole("button", { name: "Turn the second factor on" }).click();
      const secret = (await page.getByTestId("totp-secret").innerText()).trim();
      assert.match(await page.getByTestId("otpauth-uri").innerText(), /^otpauth:\/\/totp\//);
      await page.getByLabel("Code from the app").fill("000");
      await page.getByRole("button", { name: "Confirm and turn on" }).click();
      await page.getByText("Type the 6 digits your authenticator app shows now.").waitFor();
      await page.getByLabel("Code from the app").fill(application.container.get(Totp).codeAt(secret, new Date()));
      await page.getByRole("button", { name: "Confirm and turn on" }).click();
      await page.getByText("The second factor is on: sign-in now asks for a code of your app.").waitFor();
      assert.equal(await page.getByTestId("recovery-codes").getByRole("listitem").count(), 10);
      assert.equal((await asStaff(client, elsewhere, "GET", "/admin/v1/me")).body.member.totp_enabled, true);
      await checkPage(page, "account");

      await page.getByLabel("Password").fill("not my password at all");
      await page.getByRole("button", { name: "Turn the second factor off" }).click();
      await page.getByRole("alert").filter({ hasText: "That is not your password: type it again." }).waitFor();
      await page.getByLabel("Password").fill(STAFF_PASSWORD);
      await page.getByRole("button", { name: "Turn the second factor off" }).click();
      await page.getByText(/^The second factor is off: sign-in asks for your password only/).waitFor();
      assert.equal((await asStaff(client, elsewhere, "GET", "/admin/v1/me")).body.member.totp_enabled, false);

      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      assert.equal((await asStaff(client, elsewhere, "GET", "/admin/v1/me")).status, 200, "one click ends nothing");
      await page.getByRole("button", { name: "Click again to sign out on every device" }).click();
      await page.getByText("You are signed out.").waitFor();
      assert.equal((await asStaff(client, elsewhere, "GET", "/admin/v1/me")).status, 401, "the other device's session ended too");
    } finally {
      await context.close();
    }
  });

  it("a catalog member sees none of these pages in the menu, and the API refuses them", async () => {
    const email = `catalog.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(application, demo.store_id, "catalog", email);
    const { context, page } = await newPage();
    try {
      await signInAs(page, email, STAFF_PASSWORD);
      const menu = await menuOf(page);
      for (const hidden of ["Webhooks", "API keys", "Staff", "Settings"]) assert.ok(!menu.includes(hidden), `catalog sees ${hidden}: ${menu.join(", ")}`);
      await page.goto("/admin/webhooks");
      await page.getByRole("alert").filter({ hasText: "Your role may not do this" }).waitFor();
    } finally {
      await context.close();
    }
    const session = await memberSignedIn(application, client, demo.store_id, "catalog", `catalog.${randomUUID().slice(0, 8)}@example.com`);
    for (const path of ["/admin/v1/webhook_endpoints", "/admin/v1/api-keys", "/admin/v1/staff", "/admin/v1/store"]) {
      const refused = await asStaff(client, session, "GET", path);
      assert.equal(refused.status, 403, `${path}: ${refused.text}`);
      assert.equal(refused.body.error.code, "permission_denied");
    }
  });
});
