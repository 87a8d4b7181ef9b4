// Invoices and credit notes (docs/invoices.md; docs/api/orders.md, "Invoices and credit notes"), on
// SQLite and on MariaDB: a paid order's invoice numbered gapless per store, also with 30 payments
// at once (provider verifications and signed order updates mixed) and payments that roll back among
// them, and a checkout paid in full by gift card; its JSON, HTML and PDF; who may read it (the customer's token, the admin API's session,
// another store's or customer's order a 404, an unpaid order a 409); and one credit note per refund
// that succeeded, in its own gapless sequence.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { after, before, describe, it } from "mocha";
import { OrderMoves } from "../../../application/orders/order-moves.js";
import { OrderRepository } from "../../../application/ports/order-repository.js";
import { UnitOfWork } from "../../../application/ports/unit-of-work.js";
import { SettleRefund } from "../../../application/refunds/settle-refund.js";
import { fillCustomerCart, createProduct, placeSimpleOrder, setUpDelivery, checkoutBody, assertErrorType } from "../../support/order-fixtures.js";
import { registerCustomer, withToken } from "../../support/customer-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import { signedOrderPatch, signedRequest } from "../../support/signed-request.js";
import { asStaff, memberSignedIn } from "../../support/staff-session.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

/** The text a pdfkit page shows: its hex strings in TJ arrays, decoded (Helvetica, WinAnsi). */
export const pdfText = (pdf: string): string =>
  [...pdf.matchAll(/\[(.*?)\] TJ/g)]
    .map((m) => [...m[1]!.matchAll(/<([0-9a-f]+)>/g)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1")).join(""))
    .join("\n");

const invoiceRows = async (knex: Knex, storeId: string): Promise<{ number: string; sequence: number; order_id: string }[]> =>
  (await knex("invoices").where({ store_id: storeId }).select("number", "sequence", "order_id").orderBy("sequence")).map((r: any) => ({ ...r, sequence: Number(r.sequence) }));

const suite = (label: string, options: () => { databaseUrl?: string }) =>
  describe(`invoices and credit notes (${label})`, function () {
    this.timeout(180_000);
    let t: TestApplication;
    let secret: string;
    let publishable: string;
    let knex: Knex;

    before(async () => {
      t = await startTestApplication(options());
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      knex = t.application.database.knex;
      await setUpDelivery(t.client, secret);
      await setUpDelivery(t.client, t.otherStore.keys.secretTest);
    });
    after(() => t?.close());

    /** Paid through the payment simulator: initialised, then verified (the provider path, SettlePayment). */
    const initialise = async (order: any): Promise<string> => {
      const initialised = await signedRequest(
        t.client,
        "POST",
        "/v1/payments/initialize",
        { provider: "card_popup", amount: order.amount_due, order_id: order.id, email: "amina@example.com", currency: "KES", callback_url: "https://shop.example/cb" },
        { key: secret, secret: t.store.store.hmacSecret },
      );
      assert.equal(initialised.status, 201, initialised.text);
      return initialised.body.reference;
    };
    const verify = async (reference: string): Promise<void> => {
      const verified = await t.client.post("/v1/payments/verify", { reference }, { key: secret });
      assert.equal(verified.body.status, "paid", verified.text);
    };
    /** Marked paid by a signed order update (money taken off-line). */
    const markPaid = async (orderId: string): Promise<void> => {
      const paid = await signedOrderPatch(t.client, orderId, { payment_status: "paid" }, { key: secret, secret: t.store.store.hmacSecret });
      assert.equal(paid.status, 200, paid.text);
    };
    /** Moves the order to paid inside a unit of work that then fails: nothing of it may stay. */
    const payThenRollBack = async (orderId: string): Promise<void> => {
      const container = t.application.container;
      await assert.rejects(
        container.get(UnitOfWork).run(async () => {
          const order = await container.get(OrderRepository).lock(t.store.store.id, orderId);
          await container.get(OrderMoves).apply(t.store.store.id, order!, { payment_status: "paid" });
          throw new Error("the payment's transaction failed after the invoice was numbered");
        }),
        /failed after the invoice was numbered/,
      );
    };

    it("30 payments at once (provider verifications and signed updates), with 10 that roll back among them: invoices INV-TEST-000001..30, no gap, no duplicate", async () => {
      const before = await invoiceRows(knex, t.store.store.id);
      assert.equal(before.length, 0);
      const orders = [];
      for (let i = 0; i < 40; i++) orders.push((await placeSimpleOrder(t.client, { secret, publishable }, { price: 10_000 + i })).order);
      const paying = orders.slice(0, 30);
      const failing = orders.slice(30);
      const references = new Map<string, string>();
      for (const [i, order] of paying.entries()) if (i % 2 === 0) references.set(order.id, await initialise(order));
      await Promise.all([
        ...paying.map((order, i) => (i % 2 === 0 ? verify(references.get(order.id)!) : markPaid(order.id))),
        ...failing.map((order) => payThenRollBack(order.id)),
      ]);
      const rows = await invoiceRows(knex, t.store.store.id);
      assert.deepEqual(
        rows.map((r) => r.sequence),
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      assert.deepEqual(
        rows.map((r) => r.number),
        Array.from({ length: 30 }, (_, i) => `INV-TEST-${String(i + 1).padStart(6, "0")}`),
      );
      assert.deepEqual(new Set(rows.map((r) => r.order_id)), new Set(paying.map((o) => o.id)), "exactly the paid orders have invoices");
      const counter = await knex("document_sequences").where({ store_id: t.store.store.id, series: "invoice_test" }).first("last_number");
      assert.equal(Number(counter.last_number), 30, "the counter holds the last number issued");
      // The rolled back ones are still unpaid, without an invoice; paid now, they take 31..40.
      for (const order of failing) {
        const read = await t.client.get(`/v1/orders/${order.id}`, { key: secret });
        assert.equal(read.body.payment_status, "pending");
        await markPaid(order.id);
      }
      assert.deepEqual(
        (await invoiceRows(knex, t.store.store.id)).map((r) => r.sequence),
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      // The other store's sequence is its own: its first invoice is number 1.
      const other = await placeSimpleOrder(t.client, { secret: t.otherStore.keys.secretTest, publishable: t.otherStore.keys.publishableTest }, { price: 5_000 });
      const paid = await signedOrderPatch(t.client, other.order.id, { payment_status: "paid" }, { key: t.otherStore.keys.secretTest, secret: t.otherStore.store.hmacSecret });
      assert.equal(paid.status, 200, paid.text);
      assert.deepEqual((await invoiceRows(knex, t.otherStore.store.id)).map((r) => r.number), ["INV-TEST-000001"]);
    });

    it("the invoice as JSON, HTML and PDF: seller, buyer, lines with rate and tax, totals by rate, escaped", async () => {
      // The seller's details, as the store sets them (PATCH /v1/store): a wrong one is refused first.
      const blank = await t.client.patch("/v1/store", { tax_number: "   " }, { key: secret });
      assertErrorType(blank, 400, "invalid_request_error", "parameter_invalid");
      const noCountry = await t.client.patch("/v1/store", { address: { name: "Test Store Ltd", line1: "Ngong Road 1", city: "Nairobi" } }, { key: secret });
      assertErrorType(noCountry, 400, "invalid_request_error", "parameter_missing");
      const seller = await t.client.patch("/v1/store", { address: { name: "Test Store Ltd", line1: "Ngong Road 1", city: "Nairobi", country: "KE" }, tax_number: " P051111111Z " }, { key: secret });
      assert.equal(seller.status, 200, seller.text);
      assert.deepEqual([seller.body.address.line1, seller.body.tax_number], ["Ngong Road 1", "P051111111Z"]);
      assert.deepEqual((await t.client.get("/v1/store", { key: secret })).body.address, seller.body.address, "the store reads back what was set");
      const customer = await registerCustomer(t.client, secret, { name: "Wanjiku <b>Kamau</b>" });
      const sofa = await createProduct(t.client, secret, `Sofa & <i>Co</i> ${randomUUID().slice(0, 6)}`, { price: 1_000_000, stock: 5 });
      await fillCustomerCart(t.client, publishable, customer, [{ variantId: sofa.variantId, quantity: 2 }]);
      const placed = await t.client.post("/v1/orders", checkoutBody({ customer_id: customer.id }, { name: "Wanjiku <b>Kamau</b>" }), withToken(secret, customer.accessToken));
      assert.equal(placed.status, 201, placed.text);
      const order = placed.body;

      const unpaid = await t.client.get(`/v1/orders/${order.id}/invoice`, withToken(publishable, customer.accessToken));
      assertErrorType(unpaid, 409, "conflict_error", "order_not_paid");
      await markPaid(order.id);

      const json = await t.client.get(`/v1/orders/${order.id}/invoice`, withToken(publishable, customer.accessToken));
      assert.equal(json.status, 200, json.text);
      const invoice = json.body;
      assert.match(invoice.number, /^INV-TEST-\d{6}$/);
      assert.equal(invoice.order_id, order.id);
      assert.equal(invoice.currency, "KES");
      assert.equal(invoice.seller.name, "Test Store");
      assert.equal(invoice.seller.address.line1, "Ngong Road 1");
      assert.equal(invoice.seller.tax_number, "P051111111Z");
      assert.equal(invoice.buyer.name, "Wanjiku <b>Kamau</b>");
      assert.equal(invoice.buyer.email, "amina@example.com");
      assert.equal(invoice.lines.length, 1);
      assert.deepEqual([invoice.lines[0].sku, invoice.lines[0].quantity, invoice.lines[0].unit_price, invoice.lines[0].tax_rate], [sofa.sku, 2, 10_000, "16"]);
      // /v1 answers decimal major units; the totals by rate add up to the order's.
      assert.equal(invoice.total_amount, order.total_amount);
      assert.equal(invoice.tax_amount, order.tax_amount);
      const sum = (key: string) => Math.round(invoice.totals_by_rate.reduce((s: number, g: any) => s + g[key] * 100, 0)) / 100;
      assert.equal(sum("tax_amount"), order.tax_amount);
      assert.equal(sum("gross_amount"), order.total_amount);
      const fields = await t.client.get(`/v1/orders/${order.id}/invoice?fields=number,total_amount`, withToken(publishable, customer.accessToken));
      assert.deepEqual(fields.body, { number: invoice.number, total_amount: invoice.total_amount });

      const admin = await t.client.get(`/admin/v1/orders/${order.id}/invoice`, { key: secret });
      assert.equal(admin.status, 200, admin.text);
      assert.equal(admin.body.number, invoice.number);
      assert.equal(admin.body.total_amount, Math.round(order.total_amount * 100), "the admin API answers integer minor units");

      const html = await t.client.get(`/v1/orders/${order.id}/invoice?format=html`, withToken(publishable, customer.accessToken));
      assert.equal(html.status, 200, html.text);
      assert.match(html.headers.get("content-type") ?? "", /^text\/html; charset=utf-8/);
      assert.match(html.headers.get("content-security-policy") ?? "", /default-src 'none'/);
      for (const text of [invoice.number, "Test Store", "Ngong Road 1", "Tax number: P051111111Z", "Wanjiku &lt;b&gt;Kamau&lt;/b&gt;", "Sofa &amp; &lt;i&gt;Co&lt;/i&gt;", sofa.sku, "16 %", "Totals by tax rate", "20,000.00", "Amounts in KES"]) {
        assert.ok(html.text.includes(text), `the page shows ${text}`);
      }
      assert.ok(!html.text.includes("<b>Kamau") && !html.text.includes("<i>Co"), "what the shopper typed is escaped");
      assert.ok(!/<script/i.test(html.text) && !/\ssrc=/.test(html.text), "no script, nothing fetched");
      const byAccept = await t.client.get(`/v1/orders/${order.id}/invoice`, withToken(publishable, customer.accessToken, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } }));
      assert.match(byAccept.headers.get("content-type") ?? "", /^text\/html/);

      const pdf = await t.client.get(`/admin/v1/orders/${order.id}/invoice?format=pdf`, { key: secret });
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get("content-type"), "application/pdf");
      assert.equal(pdf.headers.get("content-disposition"), `attachment; filename="${invoice.number}.pdf"`);
      assert.ok(pdf.text.startsWith("%PDF-"), pdf.text.slice(0, 20));
      const shown = pdfText(pdf.text);
      // A long value may wrap inside its column: compared without the line breaks.
      const flat = shown.replace(/\n/g, "");
      for (const text of [invoice.number, "Test Store", "Tax number: P051111111Z", "Wanjiku <b>Kamau</b>", sofa.sku, "16 %", "20,000.00"]) assert.ok(flat.includes(text), `the PDF shows ${text}`);
      const byAcceptPdf = await t.client.get(`/v1/orders/${order.id}/invoice`, withToken(publishable, customer.accessToken, { headers: { accept: "application/pdf" } }));
      assert.ok(byAcceptPdf.text.startsWith("%PDF-"));
      const noFields = await t.client.get(`/v1/orders/${order.id}/invoice?format=pdf&fields=number`, withToken(publishable, customer.accessToken));
      assertErrorType(noFields, 400, "invalid_request_error", "parameter_invalid");

      // Issued once: the store renamed, its tax number cleared, the invoice says what it said.
      await knex("stores").where({ id: t.store.store.id }).update({ name: "Renamed Store" });
      const cleared = await t.client.patch("/v1/store", { tax_number: null }, { key: secret });
      assert.equal(cleared.body.tax_number, null, "null clears it");
      const again = await t.client.get(`/admin/v1/orders/${order.id}/invoice`, { key: secret });
      assert.equal(again.body.seller.name, "Test Store");
      assert.equal(again.body.seller.tax_number, "P051111111Z");
      assert.deepEqual(again.body, admin.body);
      await knex("stores").where({ id: t.store.store.id }).update({ name: "Test Store" });
    });

    it("a checkout paid in full by gift card is paid at once: its invoice is issued in the checkout's transaction", async () => {
      const issued = await t.client.post("/v1/gift-cards", { initial_balance: 100_000 }, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
      assert.equal(issued.status, 201, issued.text);
      const { order } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000, overrides: { gift_card_code: issued.body.code } });
      assert.equal(order.payment_status, "paid");
      assert.equal(order.amount_due, 0);
      const invoice = await t.client.get(`/v1/orders/${order.id}/invoice`, { key: secret });
      assert.equal(invoice.status, 200, invoice.text);
      assert.equal(invoice.body.gift_card_amount, order.total_amount);
      const html = await t.client.get(`/v1/orders/${order.id}/invoice?format=html`, { key: secret });
      assert.ok(html.text.includes("Paid by gift card"), "the page says the gift card paid");
      assert.ok(!html.text.includes("Paid by mobile money"), "and nothing else");
    });

    it("who may read it: the customer with their token, the store's staff; another customer's or store's order is a 404", async () => {
      const owner = await registerCustomer(t.client, secret);
      const stranger = await registerCustomer(t.client, secret);
      const product = await createProduct(t.client, secret, `Lamp ${randomUUID().slice(0, 6)}`, { price: 50_000, stock: 5 });
      await fillCustomerCart(t.client, publishable, owner, [{ variantId: product.variantId, quantity: 1 }]);
      const placed = await t.client.post("/v1/orders", checkoutBody({ customer_id: owner.id }), withToken(secret, owner.accessToken));
      assert.equal(placed.status, 201, placed.text);
      const orderId = placed.body.id;
      await markPaid(orderId);
      const path = `/v1/orders/${orderId}/invoice`;

      assert.equal((await t.client.get(path, withToken(publishable, owner.accessToken))).status, 200);
      assert.equal((await t.client.get(path, { key: secret })).status, 200, "a secret key reads any order's");
      assertErrorType(await t.client.get(path, { key: publishable }), 401, "authentication_error", "invalid_token");
      assertErrorType(await t.client.get(path, withToken(publishable, stranger.accessToken)), 404, "not_found_error", "resource_missing");
      assertErrorType(await t.client.get(`/v1/orders/${orderId}/credit-notes`, withToken(publishable, stranger.accessToken)), 404, "not_found_error", "resource_missing");
      assertErrorType(await t.client.get(path, { key: t.otherStore.keys.secretTest }), 404, "not_found_error", "resource_missing");
      assertErrorType(await t.client.get(`/admin/v1/orders/${orderId}/invoice`, { key: t.otherStore.keys.secretTest }), 404, "not_found_error", "resource_missing");
      assertErrorType(await t.client.get(`/v1/orders/${randomUUID()}/invoice`, { key: secret }), 404, "not_found_error", "resource_missing");

      // The admin API: a signed-in member whose role reads orders; none without a session; another store's member a 404.
      const member = await memberSignedIn(t.application, t.client, t.store.store.id, "fulfilment", `packer.${randomUUID().slice(0, 6)}@example.com`);
      const read = await asStaff(t.client, member, "GET", `/admin/v1/orders/${orderId}/invoice?format=html`);
      assert.equal(read.status, 200, read.text);
      assert.equal((await t.client.get(`/admin/v1/orders/${orderId}/invoice`)).status, 401);
      const outsider = await memberSignedIn(t.application, t.client, t.otherStore.store.id, "owner", `owner.${randomUUID().slice(0, 6)}@example.com`);
      assertErrorType(await asStaff(t.client, outsider, "GET", `/admin/v1/orders/${orderId}/invoice`), 404, "not_found_error", "resource_missing");
    });

    it("a credit note for each refund that succeeded, numbered CN-TEST-... gapless; a failed refund has none", async () => {
      const { order } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000, quantity: 2 });
      await markPaid(order.id);
      const refund = (body: Record<string, unknown>) => t.client.post(`/admin/v1/orders/${order.id}/refunds`, body, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
      const before = await knex("document_sequences").where({ store_id: t.store.store.id, series: "credit_note_test" }).first("last_number");
      const start = Number(before.last_number);
      const full = await t.client.get(`/admin/v1/orders/${order.id}`, { key: secret });
      const lineId = full.body.items[0].id;
      const byLine = await refund({ lines: [{ line_id: lineId, quantity: 1 }], reason: "Scratched" });
      assert.equal(byLine.status, 201, byLine.text);
      assert.equal(byLine.body.status, "succeeded");
      const byAmount = await refund({ amount: 1_000 });
      assert.equal(byAmount.status, 201, byAmount.text);

      const listed = await t.client.get(`/v1/orders/${order.id}/credit-notes`, { key: secret });
      assert.equal(listed.status, 200, listed.text);
      const numbers = listed.body.credit_notes.map((n: any) => n.number);
      assert.deepEqual(numbers, [1, 2].map((i) => `CN-TEST-${String(start + i).padStart(6, "0")}`));
      assert.deepEqual(listed.body.credit_notes.map((n: any) => n.refund_id), [byLine.body.id, byAmount.body.id]);
      const invoice = await t.client.get(`/admin/v1/orders/${order.id}/invoice`, { key: secret });
      assert.equal(listed.body.credit_notes[0].invoice_number, invoice.body.number);

      const note = await t.client.get(`/admin/v1/orders/${order.id}/credit-notes/${numbers[0]}`, { key: secret });
      assert.equal(note.status, 200, note.text);
      assert.equal(note.body.total_amount, byLine.body.amount);
      assert.equal(note.body.tax_amount, byLine.body.tax_amount);
      assert.equal(note.body.lines[0].quantity, 1);
      assert.equal(note.body.lines[0].tax_rate, "16");
      assert.equal(note.body.reason, "Scratched");
      assert.equal(note.body.totals_by_rate.reduce((s: number, g: any) => s + g.gross_amount, 0), byLine.body.amount);
      const html = await t.client.get(`/v1/orders/${order.id}/credit-notes/${numbers[1]}?format=html`, { key: secret });
      assert.ok(html.text.includes(numbers[1]) && html.text.includes(invoice.body.number) && html.text.includes("Credit note"), html.text.slice(0, 300));
      const pdf = await t.client.get(`/v1/orders/${order.id}/credit-notes/${numbers[0]}?format=pdf`, { key: secret });
      assert.ok(pdf.text.startsWith("%PDF-") && pdfText(pdf.text).includes(numbers[0]));
      assertErrorType(await t.client.get(`/v1/orders/${order.id}/credit-notes/CN-TEST-999999`, { key: secret }), 404, "not_found_error", "resource_missing");
      assertErrorType(await t.client.get(`/v1/orders/${order.id}/credit-notes/not-a-number`, { key: secret }), 404, "not_found_error", "resource_missing");

      // Through the simulated provider: a refused refund is settled failed (no credit note, no number
      // taken); a pending one gets its credit note only when it succeeds.
      const { order: card } = await placeSimpleOrder(t.client, { secret, publishable }, { price: 100_000 });
      await verify(await initialise(card));
      const cardRefund = (body: Record<string, unknown>) => t.client.post(`/admin/v1/orders/${card.id}/refunds`, body, { key: secret, headers: { "Idempotency-Key": randomUUID() } });
      const failed = await cardRefund({ amount: 5_000, reason: "declined +fail" });
      assert.equal(failed.body.status, "failed", failed.text);
      const pending = await cardRefund({ amount: 5_000, reason: "slow +pending" });
      assert.equal(pending.body.status, "pending", pending.text);
      assert.deepEqual((await t.client.get(`/v1/orders/${card.id}/credit-notes`, { key: secret })).body, { credit_notes: [] });
      const checked = await t.client.get(`/admin/v1/refunds/${pending.body.id}`, { key: secret });
      assert.equal(checked.status, 200);
      await t.application.container.get(SettleRefund).execute(t.store.store.id, pending.body.id, { status: "succeeded" });
      const cardNotes = (await t.client.get(`/v1/orders/${card.id}/credit-notes`, { key: secret })).body.credit_notes;
      assert.deepEqual(
        cardNotes.map((n: any) => [n.number, n.refund_id, n.total_amount]),
        [[`CN-TEST-${String(start + 3).padStart(6, "0")}`, pending.body.id, 50]],
        "the pending refund's credit note, issued when it succeeded, takes the next number: the failed one took none",
      );
      const after = await knex("document_sequences").where({ store_id: t.store.store.id, series: "credit_note_test" }).first("last_number");
      assert.equal(Number(after.last_number), start + 3, "three refunds succeeded, three numbers");
    });
  });

suite("SQLite", () => ({}));
describeMysql("on MariaDB", (getDb) => suite("MariaDB", () => ({ databaseUrl: getDb().url })));
