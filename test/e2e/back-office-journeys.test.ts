// The back office in Debian's headless Chromium (playwright-core), against the real server
// in-process on a freshly seeded demo store (issue 34's journeys 1, 2, 3, 5 and 6): the owner finds an
// order by the customer's email, fulfils one line with a tracking number and refunds another
// through the card simulator, and /v1 and a webhook receiver see it; a fulfilment member sees no
// refund and the API refuses one they forge; sign-out ends the session for a replayed cookie.
// Every page is scanned with axe-core and photographed at 1280 and 390 px (test-results/).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Application } from "../../composition/container.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { checkPage } from "../support/back-office-browser.js";
import { backOfficeFixture } from "../support/back-office-fixture.js";
import type { TestClient } from "../support/http-client.js";
import { CreateStore } from "../../application/stores/create-store.js";
import { createProduct, fillSessionCart, checkoutSession, setUpDelivery } from "../support/order-fixtures.js";
import { signedRequest } from "../support/signed-request.js";
import { createMember, STAFF_PASSWORD } from "../support/staff-session.js";
import { verifyReceipt, WebhookReceiver } from "../support/webhook-receiver.js";

describe("back office journeys in Chromium", function () {
  this.timeout(240_000);
  const bo = backOfficeFixture({ env: { STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1" } });
  const { newPage, signIn, menuOf } = bo;
  let application: Application;
  let client: TestClient;
  let demo: DemoStoreSummary;
  let receiver: WebhookReceiver;
  let endpointSecret: string;
  /** The journey's order: two lines, paid through the card simulator. */
  let otherOrderNumber: string;
  let order: { id: string; order_number: string; email: string; skuToShip: string; skuToRefund: string };

  before(async () => {
    ({ application, client, demo } = bo);
    receiver = await WebhookReceiver.start();

    const keys = { key: demo.secret_key };
    const hook = await client.post("/v1/webhook_endpoints", { url: receiver.url("/back-office"), events: ["fulfilment.created", "refund.succeeded"] }, keys);
    assert.equal(hook.status, 201, hook.text);
    endpointSecret = hook.body.webhook_endpoint.secret;

    const lamp = await createProduct(client, demo.secret_key, "Journey Lamp", { price: 250_000, stock: 10 });
    const rug = await createProduct(client, demo.secret_key, "Journey Rug", { price: 480_000, stock: 10 });
    const session = await fillSessionCart(client, demo.publishable_key, [
      { variantId: lamp.variantId, quantity: 2 },
      { variantId: rug.variantId, quantity: 1 },
    ]);
    const email = `wanjiru.${randomUUID().slice(0, 8)}@example.com`;
    const placed = await checkoutSession(client, demo.secret_key, session, { email, name: "Wanjiru Kamau", payment_method: "card_popup" });
    const initialised = await signedRequest(
      client,
      "POST",
      "/v1/payments/initialize",
      { provider: "card_popup", amount: placed.amount_due, order_id: placed.id, email, currency: "KES", callback_url: "https://shop.example/cb" },
      { key: demo.secret_key, secret: demo.hmac_secret },
    );
    assert.equal(initialised.status, 201, initialised.text);
    const verified = await client.post("/v1/payments/verify", { reference: initialised.body.reference }, keys);
    assert.equal(verified.body.status, "paid", verified.text);
    order = { id: placed.id, order_number: placed.order_number, email, skuToShip: lamp.sku, skuToRefund: rug.sku };

    // The same shopper in another store: the demo store's staff must never see that order.
    const other = await application.container.get(CreateStore).execute({ name: "Another Shop", baseCurrency: "KES" });
    await setUpDelivery(client, other.keys.secretTest);
    const vase = await createProduct(client, other.keys.secretTest, "Other Vase", { price: 90_000, stock: 5 });
    const otherCart = await fillSessionCart(client, other.keys.publishableTest, [{ variantId: vase.variantId, quantity: 1 }]);
    otherOrderNumber = (await checkoutSession(client, other.keys.secretTest, otherCart, { email, name: "Wanjiru Kamau" })).order_number;
  });

  after(() => receiver?.close());

  const deliverWebhooks = async (until: () => boolean): Promise<void> => {
    const job = application.jobs.find((j) => j.name === "webhook-delivery");
    assert.ok(job, "the webhook delivery job exists");
    const deadline = Date.now() + 30_000;
    while (!until()) {
      assert.ok(Date.now() < deadline, `webhooks not delivered; got ${receiver.receipts.length}`);
      await job.run();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it("1. the owner finds the order by email, fulfils one line with tracking, refunds another through the card simulator; /v1 and the webhook receiver see it", async () => {
    const { context, page } = await newPage();
    try {
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Sign in to the back office" }).waitFor();
      await checkPage(page, "sign-in");
      await page.getByLabel("Email").fill(demo.staff_owner!.email);
      await page.getByLabel("Password").fill("not-the-password-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "do not match" }).waitFor();
      await page.getByLabel("Password").fill(demo.staff_owner!.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Signed in as").waitFor();
      assert.match(await page.locator(".who").innerText(), /owner@example\.com \(owner\)/);

      await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      await page.getByRole("heading", { name: "Last 30 days" }).waitFor();
      const revenue = await page.locator("#period-Today + dl").innerText();
      assert.match(revenue, /KES\s?[\d,]+\.\d{2}/, "money with the currency's two minor digits");
      assert.equal(await page.locator("svg[role=img] rect.bar").count(), 30, "a bar per day of the 30");
      await checkPage(page, "dashboard");

      await page.getByRole("link", { name: "Orders" }).click();
      await page.getByRole("heading", { name: "Orders" }).waitFor();
      // The new page's content takes the focus (after it renders).
      await page.locator("main#main:focus").waitFor({ timeout: 5_000 });
      await page.locator("table.orders tbody tr").first().waitFor();
      await checkPage(page, "orders");
      await page.getByLabel("Search").fill(order.email);
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL((url) => url.searchParams.get("q") === order.email);
      // The last list stays shown while the search loads: wait for the searched one.
      // (Waits use locators: a string predicate would be evaluated in the page, which its CSP refuses.)
      await page.locator("table.orders tbody tr").nth(1).waitFor({ state: "detached" });
      await page.getByRole("link", { name: order.order_number }).waitFor();
      assert.equal(await page.locator("table.orders tbody tr").count(), 1, "only the customer's order of this store");
      assert.equal(await page.getByText(otherOrderNumber).count(), otherOrderNumber === order.order_number ? 1 : 0, "another store's order is not listed");
      const listUrl = page.url();

      await page.getByRole("link", { name: order.order_number }).click();
      await page.getByRole("heading", { name: `Order ${order.order_number}` }).waitFor();
      await page.getByText("Order placed").or(page.locator(".timeline li").first()).first().waitFor();
      await checkPage(page, "order-detail");

      await page.getByLabel(`Units of ${order.skuToShip} to ship`).fill("2");
      await page.getByLabel("Carrier").fill("DHL");
      await page.getByLabel("Tracking number").fill("JD0146000062810");
      await page.getByRole("button", { name: "Record parcel" }).click();
      const shipped = await page.getByRole("status").filter({ hasText: "Parcel recorded" }).innerText();
      assert.match(shipped, /2 units with DHL, tracking JD0146000062810\. The order is now partially fulfilled\./);

      await page.getByLabel(`Units of ${order.skuToRefund} to refund`).fill("1");
      await page.getByRole("button", { name: "Refund", exact: true }).click();
      const refunded = await page.getByRole("status").filter({ hasText: "Refunded" }).innerText();
      assert.match(refunded, /Refunded KES\s?[\d,]+\.\d{2}\./);
      await page.locator('[data-field="payment_status"]').filter({ hasText: "partially refunded" }).waitFor();
      await page.locator(".timeline li").filter({ hasText: /refund/i }).first().waitFor();

      // The back button returns to the list with its search (the URL keeps the filters).
      await page.goBack();
      await page.waitForURL(listUrl);
      await page.locator(`input[name=q][value="${order.email}"]`).waitFor({ timeout: 5_000 });

      // The audit log holds the owner's parcel on the order, with its changes.
      await page.getByRole("link", { name: "Audit log" }).click();
      await page.getByRole("heading", { name: "Audit log" }).waitFor();
      await page.getByLabel("Resource id").fill(order.id);
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL((url) => url.searchParams.get("resource_id") === order.id);
      // The unfiltered log stays shown while the filtered one loads: wait for the filtered one.
      await page.locator("table.audit tbody tr").filter({ hasText: "order.fulfil" }).first().waitFor();
      await page.locator("table.audit tbody tr").filter({ hasNotText: "owner@example.com" }).first().waitFor({ state: "detached" });
      const rows = await page.locator("table.audit tbody tr").allInnerTexts();
      assert.ok(rows.length >= 1 && rows.every((row) => row.includes("owner@example.com")), rows.join("\n"));
      assert.ok(rows.some((row) => row.includes("order.fulfil") && row.includes("unfulfilled → partially_fulfilled")), rows.join("\n"));
      await checkPage(page, "audit-log");
    } finally {
      await context.close();
    }

    // /v1's order shows the new fulfilment and payment statuses and the parcel's tracking number;
    // the admin API shows which lines shipped.
    const read = await client.get(`/v1/orders/${order.id}`, { key: demo.secret_key });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.fulfilment_status, "partially_fulfilled");
    assert.equal(read.body.payment_status, "partially_refunded");
    assert.equal(read.body.tracking_number, "JD0146000062810");
    const admin = await client.get(`/admin/v1/orders/${order.id}`, { key: demo.secret_key });
    assert.equal(admin.body.fulfilment_status, "partially_fulfilled");
    assert.deepEqual(
      admin.body.items.map((line: { sku: string; quantity_fulfilled: number }) => [line.sku, line.quantity_fulfilled]).sort(),
      [[order.skuToShip, 2], [order.skuToRefund, 0]].sort(),
    );

    const about = (type: string) => receiver.of("/back-office").map((r) => verifyReceipt(endpointSecret, r)).filter((e) => e.type === type);
    await deliverWebhooks(() => about("fulfilment.created").length > 0 && about("refund.succeeded").length > 0);
    const [fulfilment] = about("fulfilment.created");
    assert.equal(JSON.stringify(fulfilment.data).includes("JD0146000062810"), true, `the tracking number is in ${JSON.stringify(fulfilment.data)}`);
    assert.equal(JSON.stringify(fulfilment.data).includes(order.id), true, "the fulfilment names the order");
    const [refund] = about("refund.succeeded");
    assert.equal(JSON.stringify(refund.data).includes(order.id), true, `the refund names the order: ${JSON.stringify(refund.data)}`);
    assert.equal(fulfilment.store_id, demo.store_id);
  });

  it("2. a support member answers a customer's thread from the inbox; the customer's /v1 thread read shows the reply, last_message_by store", async () => {
    const amina = demo.customers[0]!;
    const login = await client.post("/v1/auth/login", { email: amina.email, password: amina.password }, { key: demo.secret_key });
    assert.equal(login.status, 200, login.text);
    const customer = { key: demo.secret_key, headers: { "x-auth-token": login.body.session.access_token as string } };
    const subject = `Where is my sofa ${randomUUID().slice(0, 6)}`;
    const opened = await client.post("/v1/messaging/threads", { subject, thread_type: "delivery", message: "It was due yesterday. Can you check?" }, customer);
    assert.equal(opened.status, 201, opened.text);
    const threadId: string = opened.body.id;

    const email = `helper.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(application, demo.store_id, "support", email);
    const { context, page } = await newPage();
    const reply = "Your sofa left our store this morning: it arrives tomorrow.";
    try {
      await signIn(page, email, STAFF_PASSWORD);
      const menu = await menuOf(page);
      assert.ok(menu.includes("Inbox"), menu.join(", "));
      assert.ok(!menu.includes("Audit log"), "support has no audit log");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" }).click();
      await page.getByRole("heading", { name: "Inbox" }).waitFor();
      // Unread first: the new thread (one unread message for the store) leads the list.
      const firstRow = page.getByRole("region", { name: "Threads" }).locator("tbody tr").first();
      await firstRow.getByRole("link", { name: subject }).waitFor();
      assert.match(await firstRow.innerText(), /1 unread/);
      await checkPage(page, "inbox");
      // Filters go into the URL by keyboard, and the filtered list keeps the thread.
      await page.getByLabel("Unread").selectOption("true");
      await page.getByLabel("Type").selectOption("delivery");
      await page.getByLabel("Order id").press("Enter");
      await page.waitForURL(/\/admin\/inbox\?type=delivery&unread=true$/);
      await page.getByRole("region", { name: "Threads" }).getByRole("link", { name: subject }).click();
      await page.getByRole("heading", { name: subject }).waitFor();
      await page.getByText("It was due yesterday. Can you check?").waitFor();

      await page.getByLabel("Reply to Amina Wanjiru").fill(reply);
      await page.getByRole("button", { name: "Send reply" }).click();
      await page.getByRole("status").filter({ hasText: "Reply sent as" }).waitFor();
      await page.getByRole("list", { name: "Messages, oldest first" }).getByText(reply).waitFor();
      await page.getByRole("button", { name: "Assign to me" }).click();
      await page.getByRole("status").filter({ hasText: "assigned to you" }).waitFor();
      await page.locator('[data-field="thread_assignee"]').filter({ hasNot: page.getByText("nobody") }).waitFor();
      await page.getByRole("button", { name: "Mark read" }).click();
      await page.getByRole("status").filter({ hasText: "marked read" }).waitFor();
      await page.locator('[data-field="thread_unread"]').filter({ hasText: /^0$/ }).waitFor();
      await checkPage(page, "inbox-thread");
      await page.getByRole("button", { name: "Close thread" }).click();
      await page.getByRole("status").filter({ hasText: "The thread is closed" }).waitFor();
      await page.getByText("The thread is closed: reopen it to reply.").waitFor();
      assert.equal(await page.getByRole("button", { name: "Send reply" }).count(), 0, "no reply to a closed thread");
      await page.getByRole("button", { name: "Reopen thread" }).click();
      await page.getByRole("status").filter({ hasText: "active again" }).waitFor();
      await page.getByRole("button", { name: "Send reply" }).waitFor();
      // The back button returns to the filtered list.
      await page.goBack();
      await page.waitForURL(/\/admin\/inbox\?type=delivery&unread=true$/);
      assert.equal(await page.getByLabel("Unread").inputValue(), "true");
    } finally {
      await context.close();
    }

    // A fulfilment member (inbox.read, not inbox.reply) reads the thread and is offered no write.
    const packer = `packer.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(application, demo.store_id, "fulfilment", packer);
    const { context: theirs, page: reader } = await newPage();
    try {
      await signIn(reader, packer, STAFF_PASSWORD);
      await reader.goto(`/admin/inbox/${threadId}`);
      await reader.getByRole("list", { name: "Messages, oldest first" }).getByText(reply).waitFor();
      await reader.getByText("Your role may read the inbox but not reply").waitFor();
      for (const name of ["Send reply", "Assign to me", "Close thread", "Mark read"]) assert.equal(await reader.getByRole("button", { name }).count(), 0, `no ${name} for fulfilment`);
    } finally {
      await theirs.close();
    }

    const read = await client.get(`/v1/messaging/threads/${threadId}`, customer);
    assert.equal(read.status, 200, read.text);
    const thread = read.body;
    assert.equal(thread.last_message_by, "store");
    assert.equal(thread.status, "active");
    const messages = await client.get(`/v1/messaging/threads/${threadId}/messages`, customer);
    assert.equal(messages.status, 200, messages.text);
    const fromStore = (messages.body.messages as { sender_type: string; message_content: string }[]).filter((m) => m.sender_type === "store");
    assert.deepEqual(fromStore.map((m) => m.message_content), [reply]);
    const admin = await client.get(`/admin/v1/inbox/threads/${threadId}`, { key: demo.secret_key });
    assert.equal(admin.body.thread.assignee_name !== null, true, "assigned");
    assert.equal(admin.body.thread.unread_count_store, 0);
  });

  it("3. a catalog member changes a variant's price and uploads an image; /v1/prices and the /v1 product show both", async () => {
    const name = `Journey Stool ${randomUUID().slice(0, 6)}`;
    const stool = await createProduct(client, demo.secret_key, name, { price: 300_000, stock: 7 });
    const other = await createProduct(client, demo.secret_key, `${name} Twin`, { price: 310_000, stock: 4 });
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 90, b: 40 } } }).png().toBuffer();
    const email = `catalog.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(application, demo.store_id, "catalog", email);
    const { context, page } = await newPage();
    try {
      await signIn(page, email, STAFF_PASSWORD);
      const menu = await menuOf(page);
      assert.ok(menu.includes("Products"), menu.join(", "));
      assert.ok(!menu.includes("Inbox") && !menu.includes("Returns"), `catalog has no inbox or returns: ${menu.join(", ")}`);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
      await page.getByLabel("Search").fill(name);
      await page.getByLabel("Search").press("Enter");
      await page.waitForURL((url) => url.pathname === "/admin/products" && url.searchParams.get("search") === name);
      const list = page.getByRole("region", { name: "Products" });
      await list.getByRole("link", { name: `${name} Twin` }).waitFor();
      await checkPage(page, "products");

      // Bulk edit: the stock of both rows, through stock adjustments with a reason. The second
      // request is held back until the progress of the first has been seen: a fixed delay (400
      // ms) was too short on a loaded machine (CI run of 2026-11-28 02:40).
      let adjustments = 0;
      let firstSeen!: () => void;
      const progressSeen = new Promise<void>((resolve) => (firstSeen = resolve));
      await context.route("**/admin/v1/variants/*/stock-adjustments", async (route) => {
        adjustments++;
        if (adjustments === 2) await progressSeen;
        await route.continue();
      });
      await page.getByRole("checkbox", { name: "Select every product on this page" }).check();
      await page.getByLabel("Stock change (units, negative to take away)").fill("3");
      await page.getByRole("combobox", { name: /^Reason/ }).selectOption("received");
      await page.getByRole("button", { name: "Adjust stock of selected" }).click();
      // The bar and its words are read in one query: read one after the other, the second request
      // could end between them on a loaded machine, and the bar be gone (CI run of 2026-11-27 21:23).
      try {
        await page
          .getByRole("status")
          .filter({ hasText: "Stock raised by 3 (received): 1 of 2 products done" })
          .filter({ has: page.locator('progress[aria-label="Bulk edit progress"][value="1"]') })
          .waitFor();
      } finally {
        firstSeen();
      }
      await page.getByRole("status").filter({ hasText: "Stock raised by 3 (received) for 2 products." }).waitFor();
      assert.equal(await page.getByRole("progressbar").count(), 0, "the bar goes when the edit is done");
      await context.unroute("**/admin/v1/variants/*/stock-adjustments");

      await list.getByRole("link", { name, exact: true }).click();
      await page.getByRole("heading", { name, exact: true }).waitFor();
      await page.getByLabel(/^New price of .* in KES$/).fill("2750");
      await page.getByRole("button", { name: "Save price" }).click();
      await page.getByRole("status").filter({ hasText: /price set to KES\s?2,750\.00/ }).waitFor();
      await page.locator('[data-field="variant_price"]').filter({ hasText: "2,750.00" }).waitFor();
      await page.locator('[data-field="variant_stock"]').filter({ hasText: /^10$/ }).waitFor();

      await page.getByLabel("Image file").setInputFiles({ name: "stool.png", mimeType: "image/png", buffer: image });
      await page.getByRole("img", { name: "Preview of stool.png" }).waitFor();
      assert.match((await page.getByRole("img", { name: "Preview of stool.png" }).getAttribute("src")) ?? "", /^blob:/);
      await checkPage(page, "product-detail");
      await page.getByRole("button", { name: "Upload image" }).click();
      await page.getByRole("status").filter({ hasText: `Uploaded stool.png (640×480) and added it to ${name}.` }).waitFor();
      await page.getByRole("listitem").filter({ hasText: "main image" }).getByRole("img", { name }).waitFor();
    } finally {
      await context.close();
    }

    const prices = await client.get(`/v1/prices?search=${encodeURIComponent(name)}&limit=10`, { key: demo.publishable_key });
    assert.equal(prices.status, 200, prices.text);
    const priced = (prices.body.items as { product_id: string; price: number; image: string | null }[]).find((item) => item.product_id === stool.productId);
    assert.ok(priced, prices.text);
    assert.equal(priced.price, 275_000, "KES 2,750.00 in minor units");
    assert.match(priced.image ?? "", /\/media\/.+\/600$|\/media\/.+\/original$/);
    const product = await client.get(`/v1/products/${stool.productId}`, { key: demo.publishable_key });
    assert.equal(product.status, 200, product.text);
    assert.equal(product.body.price, 275_000);
    assert.equal(product.body.stock, 10);
    assert.equal(product.body.media.length, 1);
    assert.equal(product.body.media[0].is_primary, true);
    const file = await client.get(new URL(product.body.media[0].url).pathname);
    assert.equal(file.status, 200);
    assert.equal((await client.get(`/v1/products/${other.productId}`, { key: demo.publishable_key })).body.stock, 7, "the bulk edit raised the other row too");
    const ledger = await client.get(`/admin/v1/variants/${stool.variantId}/stock-ledger`, { key: demo.secret_key });
    assert.equal(ledger.status, 200, ledger.text);
    assert.ok(JSON.stringify(ledger.body).includes('"reason":"received"'), ledger.text);
  });

  it("5. a fulfilment member sees no refund or cancel, and the API refuses a refund they forge (403)", async () => {
    const email = `packer.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(application, demo.store_id, "fulfilment", email);
    const { context, page } = await newPage();
    try {
      await signIn(page, email, STAFF_PASSWORD);
      assert.match(await page.locator(".who").innerText(), /\(fulfilment\)/);
      assert.deepEqual(await menuOf(page), ["Dashboard", "Orders", "Returns", "Customers", "Products", "Promotions", "Price rules", "Shipping", "Inbox"], "no audit log in the menu");
      await page.goto("/admin/audit-log");
      await page.getByRole("alert").filter({ hasText: "Your role may not do this" }).waitFor();
      await page.goto(`/admin/customers/${demo.customers[0]!.id}`);
      await page.getByRole("heading", { name: "Recent orders" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Block customer" }).count(), 0, "fulfilment may not block customers");
      await page.goto(`/admin/orders/${order.id}`);
      await page.getByRole("heading", { name: `Order ${order.order_number}` }).waitFor();
      await page.getByRole("heading", { name: "Timeline" }).waitFor();
      assert.equal(await page.getByRole("heading", { name: "Refund" }).count(), 0, "no refund form");
      assert.equal(await page.getByRole("heading", { name: "Cancel" }).count(), 0, "no cancel");
      assert.equal(await page.getByRole("link", { name: "Print packing slip" }).count(), 1, "fulfilment may print the slip");
      await checkPage(page, "order-detail-fulfilment");

      // The same request the owner's form sends, forged from the member's page with their session.
      const csrf = (await context.cookies()).find((c) => c.name === "storefront_csrf")?.value ?? "";
      const forged = await page.evaluate(
        async ({ id, token }) => {
          const response = await fetch(`/admin/v1/orders/${id}/refunds`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-CSRF-Token": token, "Idempotency-Key": crypto.randomUUID() },
            body: JSON.stringify({ amount: 100 }),
          });
          return { status: response.status, body: (await response.json()) as { error: { code: string } } };
        },
        { id: order.id, token: csrf },
      );
      assert.equal(forged.status, 403, JSON.stringify(forged.body));
      assert.equal(forged.body.error.code, "permission_denied");
    } finally {
      await context.close();
    }
    const refunds = await client.get(`/admin/v1/orders/${order.id}/refunds`, { key: demo.secret_key });
    assert.equal(refunds.body.refunds.length, 1, "only the owner's refund");
  });

  it("6. sign-out ends the session: the old cookie replayed is refused", async () => {
    const { context, page } = await newPage();
    try {
      await signIn(page, demo.staff_owner!.email, demo.staff_owner!.password);
      const cookies = await context.cookies();
      const cookie = cookies.filter((c) => c.name.startsWith("storefront_")).map((c) => `${c.name}=${c.value}`).join("; ");
      const csrf = cookies.find((c) => c.name === "storefront_csrf")?.value ?? "";
      assert.equal((await client.get("/admin/v1/me", { headers: { cookie } })).status, 200, "the session works before sign-out");

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "Sign in to the back office" }).waitFor();
      await page.getByRole("status").filter({ hasText: "You are signed out." }).waitFor();
      assert.deepEqual((await context.cookies()).filter((c) => c.name === "storefront_staff" && c.value !== ""), [], "the session cookie is cleared");

      const replayed = await client.get("/admin/v1/me", { headers: { cookie } });
      assert.equal(replayed.status, 401, replayed.text);
      assert.equal(replayed.body.error.code, "staff_session_required");
      const write = await client.request("POST", `/admin/v1/orders/${order.id}/cancel`, { headers: { cookie, "x-csrf-token": csrf }, body: {} });
      assert.equal(write.status, 401, write.text);
      assert.equal((await client.get(`/v1/orders/${order.id}`, { key: demo.secret_key })).body.order_status === "cancelled", false, "nothing was cancelled");
    } finally {
      await context.close();
    }
  });
});
