// The email routes (docs/api/emails.md and docs/api/customers.md, "Email preferences"): staff
// with the settings permission list, read, replace (an unknown placeholder is a 422 naming it,
// nothing saved), preview and reset templates and set the logo, and the next email made uses the
// saved template; a customer reads and changes their optional emails, not the ones the order needs.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import { DeliverEmails } from "../../../application/emails/deliver-emails.js";
import { assertError } from "../../support/cart-fixtures.js";
import { registerCustomer, withToken } from "../../support/customer-fixtures.js";
import { linkProblems } from "../../support/email-checks.js";
import type { RequestOptions } from "../../support/http-client.js";
import { checkoutBody, createProduct, fillSessionCart, setUpDelivery } from "../../support/order-fixtures.js";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";
import { asStaff, memberSignedIn } from "../../support/staff-session.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

describe("email routes", function () {
  const put = (path: string, body: unknown, options: RequestOptions) => t.client.request("PUT", path, { ...options, body });
  this.timeout(60_000);
  let t: TestApplication;
  let sink: SmtpSink;
  let secret: string;

  before(async () => {
    sink = await startSmtpSink();
    t = await startTestApplication({ env: { STOREFRONT_SMTP_URL: sink.url } });
    secret = t.store.keys.secretTest;
  });
  after(async () => {
    await t?.close();
    await sink?.close();
  });

  describe("templates on the admin API", () => {
    it("lists every email with its recipients, events, placeholders and the default template", async () => {
      const listed = await t.client.get("/admin/v1/email-templates", { key: secret });
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.body.templates.length, 12);
      const confirmation = listed.body.templates.find((x: any) => x.key === "order_confirmation");
      assert.deepEqual([confirmation.recipients, confirmation.optional, confirmation.customized, confirmation.updated_at], ["customer", false, false, null]);
      assert.ok(confirmation.placeholders.includes("order_total"));
      const staffOrder = listed.body.templates.find((x: any) => x.key === "staff_new_order");
      assert.deepEqual([staffOrder.recipients, staffOrder.permission], ["staff", "orders.fulfil"]);
      // an unknown key is no template, as a malformed id is no record (docs/api/errors.md, "Malformed ids and slugs")
      assertError(await t.client.get("/admin/v1/email-templates/coupon_blast", { key: secret }), 404, "resource_missing", "key");
    });

    it("refuses a template with an unknown placeholder with 422 naming it, and saves nothing", async () => {
      const refused = await put("/admin/v1/email-templates/order_shipped", { subject: "Shipped {{order_number}}", mjml: "<mj-text>Use {{coupon_code}}</mj-text>", text: "Shipped" }, { key: secret });
      assertError(refused, 422, "unknown_placeholder", "mjml");
      assert.match(refused.body.error.message, /\{\{coupon_code\}\}/);
      assertError(await put("/admin/v1/email-templates/order_shipped", { subject: "Shipped {{ Order }}", mjml: "<mj-text>x</mj-text>", text: "x" }, { key: secret }), 422, "malformed_placeholder", "subject");
      assertError(await put("/admin/v1/email-templates/order_shipped", { subject: "Shipped", mjml: "<mj-section><mj-column><mj-text>x</mj-text></mj-column></mj-section>", text: "x" }, { key: secret }), 422, "invalid_template", "mjml");
      const read = await t.client.get("/admin/v1/email-templates/order_shipped", { key: secret });
      assert.equal(read.body.customized, false);
    });

    it("saves a template the next email uses, previews it with sample data, and resets it", async () => {
      const template = { subject: "Karibu! {{order_number}} for {{order_total}}", mjml: "<mj-text>Hi {{customer_name}}, thanks for {{order_number}}.</mj-text><mj-button href=\"https://shop.example.com/orders\">Your orders</mj-button>", text: "Hi {{customer_name}}, thanks for {{order_number}}." };
      const saved = await put("/admin/v1/email-templates/order_confirmation", template, { key: secret });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.body.customized, true);
      assert.equal(saved.body.subject, template.subject);
      const entries = await t.client.get("/admin/v1/audit-log?operation=email_template.update", { key: secret });
      assert.equal(entries.status, 200, entries.text);
      assert.ok(JSON.stringify(entries.body).includes("order_confirmation"), entries.text);

      const logo = await put("/admin/v1/email-settings", { logo_url: "https://cdn.example.com/test/logo.png" }, { key: secret });
      assert.equal(logo.status, 200, logo.text);
      assertError(await put("/admin/v1/email-settings", { logo_url: "javascript:alert(1)" }, { key: secret }), 400, "parameter_invalid", "logo_url");

      const preview = await t.client.post("/admin/v1/email-templates/order_confirmation/preview", {}, { key: secret });
      assert.equal(preview.status, 200, preview.text);
      assert.equal(preview.body.subject, "Karibu! ORD-1042 for KSh 12,450.00");
      assert.match(preview.body.html, /alt="Test Store"/);
      assert.match(preview.body.html, /https:\/\/shop\.example\.com\/orders/);
      assert.deepEqual(linkProblems(preview.body.html), []);
      assert.match(preview.body.text, /Hi Amina Otieno, thanks for ORD-1042\./);
      const unsaved = await t.client.post("/admin/v1/email-templates/order_confirmation/preview", { subject: "Draft {{order_number}}" }, { key: secret });
      assert.equal(unsaved.body.subject, "Draft ORD-1042");
      assertError(await t.client.post("/admin/v1/email-templates/order_confirmation/preview", { text: "{{refund_amount}}" }, { key: secret }), 422, "unknown_placeholder", "text");

      await setUpDelivery(t.client, secret);
      const variant = await createProduct(t.client, secret, "Kikapu basket", { price: 150_000, stock: 5 });
      const session = await fillSessionCart(t.client, t.store.keys.publishableTest, [{ variantId: variant.variantId, quantity: 1 }]);
      const placed = await t.client.post("/v1/orders", checkoutBody({ session_id: session }, { email: "wanjiru@example.com" }), { key: secret });
      assert.equal(placed.status, 201, placed.text);
      await t.application.container.get(DeliverEmails).execute();
      const mail = await sink.waitFor((m) => m.to.includes("wanjiru@example.com"));
      assert.match(mail.raw.replace(/=\r?\n/g, ""), new RegExp(`Karibu! ${placed.body.order_number}`));

      const reset = await t.client.post("/admin/v1/email-templates/order_confirmation/reset", {}, { key: secret });
      assert.equal(reset.status, 200, reset.text);
      assert.equal(reset.body.customized, false);
      assert.equal(reset.body.subject, "{{store_name}}: order {{order_number}} confirmed");
    });

    it("needs the settings permission", async () => {
      const catalog = await memberSignedIn(t.application, t.client, t.store.store.id, "catalog", "catalog.emails@shop.example");
      assertError(await asStaff(t.client, catalog, "GET", "/admin/v1/email-templates"), 403, "permission_denied");
      assertError(await asStaff(t.client, catalog, "PUT", "/admin/v1/email-templates/order_shipped", { subject: "x", mjml: "<mj-text>x</mj-text>", text: "x" }), 403, "permission_denied");
      const owner = await memberSignedIn(t.application, t.client, t.store.store.id, "owner", "owner.emails@shop.example");
      assert.equal((await asStaff(t.client, owner, "GET", "/admin/v1/email-templates/order_shipped")).status, 200);
    });
  });

  describe("a customer's email preferences", () => {
    it("turns optional emails off and on, never the ones the order needs, and only their own", async () => {
      const customer = await registerCustomer(t.client, secret);
      const path = `/v1/customers/${customer.id}/email-preferences`;
      const read = await t.client.get(path, withToken(t.store.keys.publishableTest, customer.accessToken));
      assert.equal(read.status, 200, read.text);
      assert.equal(read.body.email_status, "ok");
      assert.deepEqual(read.body.emails.filter((e: any) => e.optional).map((e: any) => e.key), ["order_delivered", "message_reply"]);
      assert.ok(read.body.emails.every((e: any) => e.enabled));

      const off = await put(path, { turned_off: ["message_reply"] }, withToken(secret, customer.accessToken));
      assert.equal(off.status, 200, off.text);
      assert.deepEqual(off.body.emails.filter((e: any) => !e.enabled).map((e: any) => e.key), ["message_reply"]);
      const seenByStaff = await t.client.get(`/admin/v1/customers/${customer.id}`, { key: secret });
      assert.deepEqual([seenByStaff.body.emails_turned_off, seenByStaff.body.email_status], [["message_reply"], "ok"]);
      const required = await put(path, { turned_off: ["order_confirmation"] }, withToken(secret, customer.accessToken));
      assertError(required, 400, "parameter_invalid", "turned_off[0]");
      assert.match(required.body.error.message, /order_confirmation is needed for the order/);
      assertError(await put(path, { turned_off: [] }, withToken(t.store.keys.publishableTest, customer.accessToken)), 403, "secret_key_required");
      const stranger = await registerCustomer(t.client, secret);
      assertError(await t.client.get(path, withToken(secret, stranger.accessToken)), 403, "forbidden");

      // saving clears a bounce mark
      await t.application.database.knex("customers").where({ id: customer.id }).update({ email_status: "bouncing", email_status_reason: "550 no such user", email_status_at: "2030-01-01T00:00:00.000Z" });
      const marked = await t.client.get(path, withToken(secret, customer.accessToken));
      assert.deepEqual([marked.body.email_status, marked.body.email_status_reason], ["bouncing", "550 no such user"]);
      const cleared = await put(path, { turned_off: [] }, withToken(secret, customer.accessToken));
      assert.equal(cleared.body.email_status, "ok");
      assert.ok(cleared.body.emails.every((e: any) => e.enabled));
    });
  });
});
