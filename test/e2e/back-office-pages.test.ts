// The back office's pages beyond the main journeys, in Debian's headless Chromium on a freshly
// seeded demo store: sign-in with the second factor using the keyboard only; the orders list's
// filters and cursor kept in the URL (a bookmark, Next page, the back button); cancel, a refused
// refund and the packing slip, each saying what happened or what to do.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Totp } from "../../application/ports/totp.js";
import type { Application } from "../../composition/container.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { checkPage, focusedName } from "../support/back-office-browser.js";
import { backOfficeFixture } from "../support/back-office-fixture.js";
import type { TestClient } from "../support/http-client.js";
import { checkoutSession, createProduct, fillSessionCart } from "../support/order-fixtures.js";
import { signedRequest } from "../support/signed-request.js";
import { asStaff, createMember, memberSignedIn, STAFF_PASSWORD } from "../support/staff-session.js";

describe("back office pages in Chromium", function () {
  this.timeout(240_000);
  const bo = backOfficeFixture();
  const { newPage, signInAsOwner } = bo;
  let application: Application;
  let client: TestClient;
  let demo: DemoStoreSummary;
  before(() => ({ application, client, demo } = bo));

  const placeOrder = async (paid: boolean): Promise<{ id: string; order_number: string }> => {
    const variant = await createProduct(client, demo.secret_key, `Basket ${randomUUID().slice(0, 6)}`, { price: 120_000, stock: 5 });
    const session = await fillSessionCart(client, demo.publishable_key, [{ variantId: variant.variantId, quantity: 1 }]);
    const order = await checkoutSession(client, demo.secret_key, session, { payment_method: "card_popup" });
    if (paid) {
      const started = await signedRequest(
        client,
        "POST",
        "/v1/payments/initialize",
        { provider: "card_popup", amount: order.amount_due, order_id: order.id, email: "amina@example.com", currency: "KES", callback_url: "https://shop.example/cb" },
        { key: demo.secret_key, secret: demo.hmac_secret },
      );
      assert.equal(started.status, 201, started.text);
      assert.equal((await client.post("/v1/payments/verify", { reference: started.body.reference }, { key: demo.secret_key })).body.status, "paid");
    }
    return order;
  };


  it("a member with the second factor signs in with the keyboard only, giving the code when asked", async () => {
    const email = `helpdesk.${randomUUID().slice(0, 8)}@example.com`;
    const member = await memberSignedIn(application, client, demo.store_id, "support", email);
    const totp = application.container.get(Totp);
    const started = await asStaff(client, member, "POST", "/admin/v1/me/second-factor");
    assert.equal(started.status, 200, started.text);
    const confirmed = await asStaff(client, member, "POST", "/admin/v1/me/second-factor/confirm", { code: totp.codeAt(started.body.secret, new Date()) });
    assert.equal(confirmed.status, 200, confirmed.text);

    const { context, page } = await newPage();
    try {
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Sign in to the back office" }).waitFor();
      await page.keyboard.press("Tab");
      assert.equal(await focusedName(page), "email", "Tab reaches the email first");
      await page.keyboard.type(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type(STAFF_PASSWORD);
      await page.keyboard.press("Enter");
      await page.getByLabel("Authenticator code").waitFor();
      assert.equal(await focusedName(page), "code", "the code field takes the focus");
      await checkPage(page, "sign-in-code");
      // The enrolment spent this step's code: the next step's is accepted (one step either side).
      await page.keyboard.type(totp.codeAt(started.body.secret, new Date(Date.now() + 30_000)));
      await page.keyboard.press("Enter");
      await page.getByText("Signed in as").waitFor();
      assert.match(await page.locator(".who").innerText(), /\(support\)/);
      assert.deepEqual(await bo.menuOf(page), ["Dashboard", "Orders", "Returns", "Customers", "Products", "Promotions", "Gift cards", "Price rules", "Shipping", "Inbox"], "support may not read the audit log");
    } finally {
      await context.close();
    }
  });

  it("an invitation's one-time link lets the member choose a password and signs them in, once", async () => {
    const email = `new.packer.${randomUUID().slice(0, 8)}@example.com`;
    const invited = await client.post("/admin/v1/staff", { email, role: "fulfilment", name: "New Packer" }, { key: demo.secret_key });
    assert.equal(invited.status, 201, invited.text);
    const link = new URL(invited.body.sign_in_link);
    assert.equal(link.pathname, "/admin/sign-in");
    const { context, page } = await newPage();
    try {
      await page.goto(link.pathname + link.search);
      await page.getByRole("heading", { name: "Choose your password" }).waitFor();
      await checkPage(page, "sign-in-link");
      await page.getByLabel("New password", { exact: true }).fill("password1");
      await page.getByLabel("The same password again").fill("password2");
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "The two passwords differ" }).waitFor();
      await page.getByLabel("The same password again").fill("password1");
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "Choose a longer password" }).waitFor();
      await page.getByLabel("New password", { exact: true }).fill(STAFF_PASSWORD);
      await page.getByLabel("The same password again").fill(STAFF_PASSWORD);
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await page.getByText("Signed in as").waitFor();
      assert.match(await page.locator(".who").innerText(), new RegExp(`${email.replace(/[.]/g, "\\.")} \\(fulfilment\\)`));
      await page.waitForURL((url) => url.pathname === "/admin" && url.search === "", { timeout: 5_000 });
    } finally {
      await context.close();
    }
    const { context: again, page: second } = await newPage();
    try {
      await second.goto(link.pathname + link.search);
      await second.getByLabel("New password", { exact: true }).fill(STAFF_PASSWORD);
      await second.getByLabel("The same password again").fill(STAFF_PASSWORD);
      await second.getByRole("button", { name: "Set password and sign in" }).click();
      await second.getByRole("alert").filter({ hasText: "This link was used already" }).waitFor();
    } finally {
      await again.close();
    }
  });

  it("the orders list keeps its filters and page in the URL: a bookmark, Next page and the back button", async () => {
    await placeOrder(false);
    await placeOrder(false);
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.goto("/admin/orders?limit=2");
      await page.locator("table.orders tbody tr").first().waitFor();
      const first = await page.locator("table.orders tbody tr td:first-child").allInnerTexts();
      assert.equal(first.length, 2);
      await page.getByRole("link", { name: "Next page" }).click();
      await page.waitForURL((url) => url.searchParams.has("cursor") && url.searchParams.get("limit") === "2");
      await page.locator("table.orders tbody tr td").first().filter({ hasNotText: first[0]! }).waitFor();
      const second = await page.locator("table.orders tbody tr td:first-child").allInnerTexts();
      assert.equal(second.filter((n) => first.includes(n)).length, 0, `pages overlap: ${first} / ${second}`);
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has("cursor"));
      await page.locator("table.orders tbody tr td").first().filter({ hasText: first[0]! }).waitFor();

      // A bookmarked filter opens filtered, with the form showing it.
      await page.goto("/admin/orders?status=cancelled");
      await page.locator("table.orders tbody tr").first().waitFor();
      assert.equal(await page.getByLabel("Status").inputValue(), "cancelled");
      const statuses = await page.locator("table.orders tbody tr td:nth-child(4)").allInnerTexts();
      assert.ok(statuses.length > 0 && statuses.every((s) => s === "cancelled"), statuses.join(","));
      await page.getByLabel("Search").fill("nobody-at-all@example.com");
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByText("No order matches these filters.").waitFor();
      assert.equal(new URL(page.url()).searchParams.get("status"), "cancelled", "the other filters stay");
    } finally {
      await context.close();
    }
  });

  it("a session ended elsewhere brings the sign-in back at the next write, and the write is not made", async () => {
    const order = await placeOrder(false);
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.goto(`/admin/orders/${order.id}`);
      await page.getByRole("heading", { name: `Order ${order.order_number}` }).waitFor();
      // Sign-out from elsewhere (another tab or device) with this session's cookies.
      const cookies = await context.cookies();
      const cookie = cookies.filter((c) => c.name.startsWith("storefront_")).map((c) => `${c.name}=${c.value}`).join("; ");
      const csrf = cookies.find((c) => c.name === "storefront_csrf")?.value ?? "";
      const out = await client.request("POST", "/admin/v1/auth/sign-out", { headers: { cookie, "x-csrf-token": csrf }, body: {} });
      assert.equal(out.status, 200, out.text);

      const line = await page.getByLabel(/^Units of .* to ship$/).first();
      await line.fill("1");
      await page.getByLabel("Carrier").fill("Store rider");
      await page.getByRole("button", { name: "Record parcel" }).click();
      await page.getByRole("heading", { name: "Sign in to the back office" }).waitFor();
      await page.getByRole("status").filter({ hasText: "Your session has ended" }).waitFor();
      const read = await client.get(`/admin/v1/orders/${order.id}`, { key: demo.secret_key });
      assert.equal(read.body.fulfilment_status, "unfulfilled");
    } finally {
      await context.close();
    }
  });

  it("customers: search kept in the URL, a customer's page with their orders, block and unblock saying what happened", async () => {
    const customer = demo.customers[0]!;
    const login = () => client.post("/v1/auth/login", { email: customer.email, password: customer.password }, { key: demo.secret_key });
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.getByRole("link", { name: "Customers" }).click();
      await page.getByRole("heading", { name: "Customers" }).waitFor();
      await page.locator("table.customers tbody tr").first().waitFor();
      await checkPage(page, "customers");
      await page.getByLabel("Search").fill("a");
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("alert").filter({ hasText: "at least 2 characters" }).waitFor();
      await page.getByLabel("Search").fill(customer.email.slice(0, 6));
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL((url) => url.searchParams.get("q") === customer.email.slice(0, 6));
      const row = page.locator("table.customers tbody tr").filter({ hasText: customer.email });
      await row.waitFor();
      await row.getByRole("link").click();
      await page.locator('[data-field="customer_state"]').waitFor();
      assert.equal(await page.locator('[data-field="email_status"]').innerText(), "sent", "the customer's address is not marked");
      assert.ok((await page.getByRole("heading", { level: 1 }).innerText()).length > 0);
      await page.getByRole("heading", { name: "Recent orders" }).waitFor();
      assert.ok((await page.locator("a[href^='/admin/orders/']").count()) > 0, "the demo customer's orders are linked");
      await checkPage(page, "customer-detail");

      await page.getByLabel(/^Reason/).fill("Chargebacks on three orders");
      await page.getByRole("button", { name: "Block customer" }).click();
      await page.getByRole("status").filter({ hasText: "is blocked: they cannot sign in" }).waitFor();
      await page.locator('[data-field="customer_state"]').filter({ hasText: "Chargebacks on three orders" }).waitFor();
      assert.equal((await login()).status, 403, "a blocked customer cannot sign in");
      await page.getByRole("button", { name: "Unblock customer" }).click();
      await page.getByRole("status").filter({ hasText: "is unblocked: they can sign in again." }).waitFor();
      assert.equal((await login()).status, 200);
    } finally {
      await context.close();
    }
  });

  it("returns: a refused return with its note; an approved one received without restock and refunded, each step saying what happened; support sees Returns, catalog does not", async () => {
    const amina = demo.customers[0]!;
    const login = await client.post("/v1/auth/login", { email: amina.email, password: amina.password }, { key: demo.secret_key });
    assert.equal(login.status, 200, login.text);
    const token = { key: demo.secret_key, headers: { "x-auth-token": login.body.session.access_token as string } };
    const delivered = (await client.get(`/v1/orders?customer_id=${amina.id}&order_status=delivered&limit=20`, { key: demo.secret_key })).body.orders.find(
      (o: { payment_status: string }) => o.payment_status === "paid",
    );
    assert.ok(delivered, "the demo store has a paid, delivered order of Amina's");
    const line = delivered.items[0];
    const ask = async (reason: string): Promise<string> => {
      const asked = await client.post(`/v1/orders/${delivered.id}/returns`, { lines: [{ line_id: line.id, quantity: 1 }], reason }, token);
      assert.equal(asked.status, 201, asked.text);
      return asked.body.id;
    };
    const stockOf = async (): Promise<number> => {
      const product = await client.get(`/v1/products/${line.product_id}`, { key: demo.secret_key });
      return (product.body.variants as { variant_id: string; stock: number }[]).find((v) => v.variant_id === line.variant_id)?.stock ?? Number.NaN;
    };

    const refused = await ask("Wrong colour");
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Returns" }).click();
      await page.getByRole("heading", { name: "Returns" }).waitFor();
      await page.getByLabel("Status").selectOption("requested");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/\/admin\/returns\?status=requested$/);
      const row = page.getByRole("region", { name: "Returns" }).locator("tbody tr").filter({ hasText: "Wrong colour" });
      await row.waitFor();
      await checkPage(page, "returns");
      await row.getByRole("link").first().click();
      await page.getByRole("heading", { name: /^Return of / }).waitFor();
      await page.getByText(delivered.order_number).waitFor();
      await page.getByRole("button", { name: "Refuse return" }).click();
      await page.getByRole("alert").filter({ hasText: "Write why the return is refused" }).waitFor();
      await page.getByLabel(/^Note/).fill("Colours are as pictured; we cannot take it back.");
      await page.getByRole("button", { name: "Refuse return" }).click();
      await page.getByRole("status").filter({ hasText: "The return is refused" }).waitFor();
      await page.locator('[data-field="return_status"]').filter({ hasText: "refused" }).waitFor();
      assert.equal((await client.get(`/admin/v1/returns/${refused}`, { key: demo.secret_key })).body.staff_note, "Colours are as pictured; we cannot take it back.");

      const approved = await ask("Too big");
      const before = await stockOf();
      await page.goto(`/admin/returns/${approved}`);
      await page.getByRole("button", { name: "Approve return" }).click();
      await page.getByRole("status").filter({ hasText: "The return is approved" }).waitFor();
      await page.getByRole("heading", { name: "Receive" }).waitFor();
      await page.getByRole("checkbox", { name: /Back in stock/ }).uncheck();
      await page.getByRole("button", { name: "Record receipt" }).click();
      await page.getByRole("status").filter({ hasText: "Received 1 unit; none went back in stock" }).waitFor();
      await page.locator('[data-field="return_status"]').filter({ hasText: "received" }).waitFor();
      assert.equal(await stockOf(), before, "received without restock: the stock is unchanged");
      await checkPage(page, "return-detail");
      await page.getByRole("button", { name: "Refund return" }).click();
      await page.getByRole("status").filter({ hasText: /^Refunded .*the return is refunded\.$/ }).waitFor();
      await page.locator('[data-field="return_status"]').filter({ hasText: "refunded" }).waitFor();
      const done = await client.get(`/admin/v1/returns/${approved}`, { key: demo.secret_key });
      assert.equal(done.body.status, "refunded");
      assert.notEqual(done.body.refund_id, null);
      assert.deepEqual(done.body.lines.map((l: { received_quantity: number; restocked_quantity: number }) => [l.received_quantity, l.restocked_quantity]), [[1, 0]]);
    } finally {
      await context.close();
    }

    for (const [role, sees] of [["support", true], ["catalog", false]] as const) {
      const email = `${role}.${randomUUID().slice(0, 8)}@example.com`;
      await createMember(application, demo.store_id, role, email);
      const { context: other, page: theirs } = await newPage();
      try {
        await theirs.goto("/admin");
        await theirs.getByLabel("Email").fill(email);
        await theirs.getByLabel("Password").fill(STAFF_PASSWORD);
        await theirs.getByRole("button", { name: "Sign in" }).click();
        await theirs.getByText("Signed in as").waitFor();
        const menu = await theirs.getByRole("navigation", { name: "Main" }).getByRole("link").allInnerTexts();
        assert.equal(menu.includes("Returns"), sees, `${role}: ${menu.join(", ")}`);
        assert.equal(menu.includes("Inbox"), sees, `${role}: ${menu.join(", ")}`);
      } finally {
        await other.close();
      }
    }
  });

  it("cancel says what happened; a refused refund says what to do; the packing slip and a paid order's invoice open with the session", async () => {
    const unpaid = await placeOrder(false);
    const paid = await placeOrder(true);
    const { context, page } = await newPage();
    try {
      await signInAsOwner(page);
      await page.goto(`/admin/orders/${unpaid.id}`);
      await page.getByRole("heading", { name: `Order ${unpaid.order_number}` }).waitFor();
      await page.getByText("Only a paid order can be refunded; this one is pending.").waitFor();
      await page.getByRole("button", { name: "Cancel order…" }).click();
      await page.getByLabel("Reason (for the audit log)").fill("Out of stock at the supplier");
      await page.getByRole("button", { name: `Yes, cancel ${unpaid.order_number}` }).click();
      await page.locator('[data-field="order_status"]').filter({ hasText: "cancelled" }).waitFor();
      await page.getByText(`Order ${unpaid.order_number} cancelled.`).or(page.getByText("This order is cancelled.")).first().waitFor();
      assert.equal((await client.get(`/v1/orders/${unpaid.id}`, { key: demo.secret_key })).body.order_status, "cancelled");

      await page.goto(`/admin/orders/${paid.id}`);
      await page.getByRole("heading", { name: `Order ${paid.order_number}` }).waitFor();
      await page.getByLabel("amount").check();
      await page.getByLabel("Amount (KES)").fill("12.345");
      await page.getByRole("button", { name: "Refund", exact: true }).click();
      await page.getByRole("alert").filter({ hasText: "Enter an amount in KES" }).waitFor();
      await page.getByLabel("Amount (KES)").fill("999999");
      await page.getByRole("button", { name: "Refund", exact: true }).click();
      const refused = await page.getByRole("alert").filter({ hasText: "try again" }).innerText();
      assert.match(refused, /Correct it and try again\./, refused);
      const refunds = await client.get(`/admin/v1/orders/${paid.id}/refunds`, { key: demo.secret_key });
      assert.equal(refunds.body.refunds.length, 0, "nothing was refunded");

      const [slip] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Print packing slip" }).click()]);
      await slip.waitForLoadState();
      assert.match(await slip.title(), new RegExp(`Packing slip ${paid.order_number}`));
      await slip.close();

      // The paid order's invoice (issued when it was paid), in a page of its own with the session.
      const invoice = await client.get(`/admin/v1/orders/${paid.id}/invoice`, { key: demo.secret_key });
      assert.equal(invoice.status, 200, invoice.text);
      const [opened] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Invoice", exact: true }).click()]);
      await opened.waitForLoadState();
      assert.match(await opened.title(), new RegExp(`${invoice.body.number}$`));
      assert.match(await opened.locator("body").innerText(), new RegExp(paid.order_number));
      await opened.close();
      await page.goto(`/admin/orders/${unpaid.id}`);
      await page.getByRole("heading", { name: `Order ${unpaid.order_number}` }).waitFor();
      assert.equal(await page.getByRole("link", { name: "Invoice", exact: true }).count(), 0, "an unpaid order has no invoice to open");
    } finally {
      await context.close();
    }
  });
});
