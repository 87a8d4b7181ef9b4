// The emails the worker sends from the outbox (docs/emails.md), through the real application and
// a local SMTP server: every customer and staff email once per event to the right recipients; a
// mail server down (stopped, or answering 421) for ten minutes of test-clock time loses no email
// and doubles none, and an order placed meanwhile succeeds at once; optional emails a customer
// turned off are not sent, the others are; a bounce and a malformed address are marked on the
// customer and block nothing else. On SQLite and on MariaDB.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import { DeliverEmails } from "../../../application/emails/deliver-emails.js";
import { CustomerEmailPreferences } from "../../../application/ports/customer-email-preferences.js";
import { EmailQueue } from "../../../application/ports/email-queue.js";
import { EmailTemplateRepository } from "../../../application/ports/email-template-repository.js";
import { EventOutbox, type NewEvent } from "../../../application/ports/event-outbox.js";
import { ManualClock, registerCustomer, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import { linkProblems } from "../../support/email-checks.js";
import { checkoutBody, createProduct, eventsOf, fillCustomerCart, fillSessionCart, setUpDelivery } from "../../support/order-fixtures.js";
import { signedOrderPatch } from "../../support/signed-request.js";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../support/smtp-sink.js";
import { createMember } from "../../support/staff-session.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const MINUTE = 60_000;

/** A header's value, unfolded, with RFC 2047 words decoded. */
const headerOf = (mail: ReceivedMail, name: string): string => {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return "";
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
      kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
};
const subjectOf = (mail: ReceivedMail): string => headerOf(mail, "subject");
/** The message's bodies with quoted-printable undone. */
const bodyOf = (mail: ReceivedMail): string => {
  const qp = mail.raw.replace(/=\r?\n/g, "");
  const bytes = Buffer.from(qp.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1");
  return bytes.toString("utf8");
};
/** The HTML part of a message. */
const htmlOf = (mail: ReceivedMail): string => {
  const body = bodyOf(mail);
  const start = body.search(/<!doctype html>/i);
  return start < 0 ? "" : body.slice(start, body.indexOf("</html>", start) + "</html>".length);
};

const emailSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let sink: SmtpSink;
    let clock: ManualClock;
    let secret: string;
    let publishable: string;
    const staff = { owner: "owner@shop.example", manager: "manager@shop.example", catalog: "catalog@shop.example", support: "support@shop.example", fulfilment: "fulfilment@shop.example", away: "away@shop.example" };

    before(async () => {
      sink = await startSmtpSink();
      clock = new ManualClock(new Date("2030-03-02T09:00:00.000Z"));
      t = await startTestApplication({ ...options(), clock, env: { STOREFRONT_SMTP_URL: sink.url } });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      await setUpDelivery(t.client, secret);
      const storeId = t.store.store.id;
      await createMember(t.application, storeId, "owner", staff.owner);
      await createMember(t.application, storeId, "manager", staff.manager);
      await createMember(t.application, storeId, "catalog", staff.catalog);
      await createMember(t.application, storeId, "support", staff.support);
      await createMember(t.application, storeId, "fulfilment", staff.fulfilment);
      await createMember(t.application, storeId, "fulfilment", staff.away);
      await t.application.database.knex("staff_members").where({ email: staff.away }).update({ status: "disabled" });
      await t.application.container.get(EmailTemplateRepository).setLogoUrl(storeId, "https://cdn.example.com/test-store/logo.png", clock.now().toISOString());
      // the events of the set-up (products created) are not the tests'
      await deliver();
    });
    after(async () => {
      await t?.close();
      await sink?.close();
    });

    const deliver = () => t.application.container.get(DeliverEmails).execute();
    const record = (event: Omit<NewEvent, "storeId" | "livemode">) => t.application.container.get(EventOutbox).record({ storeId: t.store.store.id, livemode: false, ...event });
    const mailsTo = (sinkNow: SmtpSink, address: string): ReceivedMail[] => sinkNow.received.filter((m) => m.to.includes(address));
    const sendsOf = (eventId: string) => t.application.container.get(EmailQueue).sendsOfEvent(t.store.store.id, eventId);
    const lastEventId = async (type: string): Promise<string> => {
      const row = await t.application.database.knex("events").where({ store_id: t.store.store.id, type }).orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }]).first("id");
      return row.id;
    };

    /** A customer's order of one product, placed with their token; answers the order. */
    const customerOrder = async (customer: SignedInCustomer, price = 250_000): Promise<any> => {
      const variant = await createProduct(t.client, secret, `Lamp ${Math.random().toString(36).slice(2, 8)}`, { price, stock: 20 });
      await fillCustomerCart(t.client, publishable, customer, [{ variantId: variant.variantId, quantity: 1 }]);
      const placed = await t.client.post("/v1/orders", checkoutBody({ customer_id: customer.id }, { email: customer.email, name: "Amina Otieno" }), withToken(secret, customer.accessToken));
      assert.equal(placed.status, 201, placed.text);
      return placed.body;
    };
    const guestOrder = async (email: string): Promise<any> => {
      const variant = await createProduct(t.client, secret, `Mat ${Math.random().toString(36).slice(2, 8)}`, { price: 80_000, stock: 20 });
      const session = await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 1 }]);
      const placed = await t.client.post("/v1/orders", checkoutBody({ session_id: session }, { email }), { key: secret });
      assert.equal(placed.status, 201, placed.text);
      return placed.body;
    };
    const orderRecordOf = async (orderId: string): Promise<any> => (await eventsOf(t.application.database.knex, t.store.store.id, "order.created")).find((e) => e.data.order.id === orderId)!.data.order;

    it("sends every customer and staff email once per event, to the order's customer and to the staff whose role needs it", async () => {
      const customer = await registerCustomer(t.client, secret);
      const order = await customerOrder(customer);
      const cancelled = await guestOrder("guest.buyer@example.com");
      const record0 = await orderRecordOf(order.id);
      const n = order.order_number;
      await record({ type: "order.paid", data: { order: { ...record0, payment_status: "paid" } } });
      await record({ type: "fulfilment.created", data: { fulfilment: { id: "f1", order_id: order.id, carrier: "G4S Courier", tracking_number: "G4S-777", tracking_url: null, note: null, lines: [{ order_item_id: "i1", sku: "LAMP-1", quantity: 1 }], created_at: clock.now().toISOString() }, order: record0 } });
      await record({ type: "order.delivered", data: { order: { ...record0, order_status: "delivered", delivered_at: clock.now().toISOString() } } });
      await record({ type: "refund.succeeded", data: { refund: { id: "r1", order_id: order.id, status: "succeeded", amount: 50_000, currency: "KES" } } });
      await record({ type: "return.approved", data: { return: { id: "x1", order_id: order.id, customer_id: customer.id, status: "approved", staff_note: "Bring it in its box." } } });
      const cancel = await t.client.post(`/admin/v1/orders/${cancelled.id}/cancel`, { reason: "customer asked" }, { key: secret });
      assert.ok(cancel.status === 200 || cancel.status === 201, cancel.text);
      // a message each way, through the API
      const thread = await t.client.post("/v1/messaging/threads", { subject: "Colours", thread_type: "general", message: "Is it in green?" }, withToken(secret, customer.accessToken));
      assert.equal(thread.status, 201, thread.text);
      const reply = await t.client.post(`/admin/v1/inbox/threads/${thread.body.id}/messages`, { message_content: "Yes, in green <and> grey." }, { key: secret });
      assert.equal(reply.status, 201, reply.text);
      await record({ type: "product.stock_low", data: { product_id: "p1", variant_id: "v1", sku: "LAMP-1", stock: 2, threshold: 5 } });
      await record({ type: "webhook_endpoint.disabled", data: { webhook_endpoint: { id: "w1", url: "https://hooks.example.com/orders" }, reason: "gone" } });

      const before = sink.received.length;
      await deliver();
      await deliver();
      clock.advance(10 * MINUTE);
      await deliver();
      const mails = sink.received.slice(before);

      const expected: Array<[string, string]> = [
        [customer.email, `Test Store: order ${n} confirmed`],
        [customer.email, `Test Store: payment received for order ${n}`],
        [customer.email, `Test Store: order ${n} has shipped`],
        [customer.email, `Test Store: order ${n} was delivered`],
        [customer.email, `Test Store: a refund of KSh 500.00 for order ${n}`],
        [customer.email, `Test Store: your return for order ${n} is approved`],
        [customer.email, "Test Store replied: Colours"],
        ["guest.buyer@example.com", `Test Store: order ${cancelled.order_number} confirmed`],
        ["guest.buyer@example.com", `Test Store: order ${cancelled.order_number} was cancelled`],
        ...[staff.owner, staff.manager, staff.fulfilment].flatMap((to): Array<[string, string]> => [
          [to, `New order ${n}: ${mailsTotal(order)}`],
          [to, `New order ${cancelled.order_number}: ${mailsTotal(cancelled)}`],
        ]),
        ...[staff.owner, staff.manager, staff.support].map((to): [string, string] => [to, "New message from Test Customer: Colours"]),
        ...[staff.owner, staff.manager, staff.catalog, staff.fulfilment].map((to): [string, string] => [to, "Low stock: LAMP-1 has 2 left"]),
        ...[staff.owner, staff.manager].map((to): [string, string] => [to, "A webhook endpoint was switched off"]),
      ];
      const got = mails.map((m) => [m.to.join(","), subjectOf(m)] as [string, string]);
      const key = (pair: [string, string]) => pair.join(" | ");
      assert.deepEqual(got.map(key).sort(), expected.map(key).sort(), "each email once, to exactly these recipients");
      assert.equal(mailsTo(sink, staff.away).length, 0, "a disabled member gets nothing");

      const shipped = mails.find((m) => subjectOf(m).endsWith("has shipped"))!;
      assert.ok(bodyOf(shipped).includes("G4S Courier") && bodyOf(shipped).includes("G4S-777"), "carrier and tracking number");
      assert.match(headerOf(shipped, "from"), /Test Store/);
      for (const mail of mails) {
        const html = htmlOf(mail);
        assert.ok(html.length > 0, `an HTML part in ${subjectOf(mail)}`);
        assert.deepEqual(linkProblems(html), [], subjectOf(mail));
        assert.match(html, /<img\b[^>]*alt="Test Store"/, "the store's logo with its name as alt text");
        assert.ok(bodyOf(mail).includes("Test Store"));
      }
      const confirmation = mails.find((m) => subjectOf(m) === `Test Store: order ${n} confirmed`)!;
      assert.ok(bodyOf(confirmation).includes("KSh "), "amounts in the store's currency");
      const replied = mails.find((m) => subjectOf(m) === "Test Store replied: Colours")!;
      assert.ok(htmlOf(replied).includes("Yes, in green &lt;and&gt; grey."), "the message escaped in HTML");
      assert.ok(bodyOf(replied).includes("Yes, in green <and> grey."), "and as it is in the text body");
      for (const send of await sendsOf(await lastEventId("order.paid"))) assert.equal(send.state, "sent");
    });

    it("sends the shipped email, with the tracking number, when the shop's server marks the order shipped without recording a parcel", async () => {
      const customer = await registerCustomer(t.client, secret);
      const order = await customerOrder(customer);
      const signed = (body: Record<string, unknown>) => signedOrderPatch(t.client, order.id, body, { key: secret, secret: t.store.store.hmacSecret, timestamp: Math.floor(clock.now().getTime() / 1000) });
      assert.equal((await signed({ payment_status: "paid" })).status, 200);
      assert.equal((await signed({ order_status: "processing" })).status, 200);
      const shippedNow = await signed({ order_status: "shipped", tracking_number: "KE-SIGNED-4411" });
      assert.equal(shippedNow.status, 200, shippedNow.text);
      const before = sink.received.length;
      await deliver();
      await deliver();
      const shipped = sink.received.slice(before).filter((m) => m.to.includes(customer.email) && subjectOf(m) === `Test Store: order ${order.order_number} has shipped`);
      assert.equal(shipped.length, 1, "one shipped email");
      assert.ok(bodyOf(shipped[0]!).includes("KE-SIGNED-4411"), "with the tracking number the update gave");
    });

    it("attaches the order's invoice, as a PDF, to the payment email", async () => {
      const customer = await registerCustomer(t.client, secret);
      const order = await customerOrder(customer);
      const paid = await signedOrderPatch(t.client, order.id, { payment_status: "paid" }, { key: secret, secret: t.store.store.hmacSecret, timestamp: Math.floor(clock.now().getTime() / 1000) });
      assert.equal(paid.status, 200, paid.text);
      const invoice = await t.client.get(`/v1/orders/${order.id}/invoice`, { key: secret });
      assert.equal(invoice.status, 200, invoice.text);
      const before = sink.received.length;
      await deliver();
      const mail = sink.received.slice(before).find((m) => m.to.includes(customer.email) && subjectOf(m) === `Test Store: payment received for order ${order.order_number}`);
      assert.ok(mail !== undefined, "the payment email");
      const raw = mail.raw.replace(/\r?\n[ \t]+/g, " ");
      assert.match(raw, /Content-Type: application\/pdf/i);
      assert.match(raw, new RegExp(`filename="?${invoice.body.number}\\.pdf`));
      const part = raw.split(/Content-Type: application\/pdf/i)[1]!;
      const base64 = part.split(/\r?\n\r?\n/)[1]!.split(/\r?\n--/)[0]!.replace(/\s+/g, "");
      assert.equal(Buffer.from(base64, "base64").subarray(0, 5).toString("latin1"), "%PDF-");
      const confirmation = sink.received.slice(before).find((m) => subjectOf(m) === `Test Store: order ${order.order_number} confirmed`)!;
      assert.doesNotMatch(confirmation.raw, /application\/pdf/i, "the order had no invoice when it was placed");
    });

    const mailsTotal = (order: any): string => `KSh ${Number(order.total_amount).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    for (const outage of ["stopped", "answering 421"] as const) {
      it(`loses no email and doubles none when the mail server is ${outage} for ten minutes; an order placed meanwhile succeeds at once`, async () => {
        const customer = await registerCustomer(t.client, secret);
        let server = sink;
        if (outage === "stopped") await sink.close();
        else sink.unavailable = true;
        const started = Date.now();
        const order = await customerOrder(customer);
        assert.ok(Date.now() - started < 5_000, "checkout does not wait for mail");
        const eventId = await lastEventId("order.created");
        const expected = [customer.email, staff.owner, staff.manager, staff.fulfilment].sort();

        await deliver();
        for (let minute = 1; minute <= 10; minute++) {
          clock.advance(MINUTE);
          await deliver();
        }
        const during = await sendsOf(eventId);
        assert.deepEqual(during.map((s) => s.recipient).sort(), expected);
        for (const send of during) {
          assert.equal(send.state, "pending", "still to send, not lost");
          assert.ok(send.attempts >= 2 && send.attempts <= 3, `attempts at 0, 1 and 6 minutes: ${send.attempts}`);
          assert.ok(send.lastError !== null);
        }

        if (outage === "stopped") server = sink = await startSmtpSink({ port: sink.port });
        else sink.unavailable = false;
        const before = server.received.length;
        for (let minute = 0; minute < 30; minute++) {
          clock.advance(MINUTE);
          await deliver();
        }
        const after = await sendsOf(eventId);
        for (const send of after) assert.equal(send.state, "sent", `${send.recipient}: ${send.lastError}`);
        const subject = `Test Store: order ${order.order_number} confirmed`;
        const arrived = server.received.slice(before).filter((m) => m.to.includes(customer.email) || subjectOf(m).startsWith(`New order ${order.order_number}`));
        assert.deepEqual(arrived.map((m) => m.to.join(",")).sort(), expected, "each recipient exactly once");
        assert.equal(arrived.filter((m) => subjectOf(m) === subject).length, 1);
        const read = await t.client.get(`/v1/orders/${order.id}`, { key: secret });
        assert.equal(read.status, 200);
      });
    }

    it("does not send optional emails a customer turned off, and sends the ones the order needs", async () => {
      const customer = await registerCustomer(t.client, secret);
      await t.application.container.get(CustomerEmailPreferences).save(t.store.store.id, customer.id, ["order_delivered", "message_reply"], clock.now().toISOString());
      const order = await customerOrder(customer);
      const record0 = await orderRecordOf(order.id);
      await record({ type: "order.delivered", data: { order: { ...record0, order_status: "delivered" } } });
      const delivered = await lastEventId("order.delivered");
      await record({ type: "order.cancelled", data: { order: { ...record0, order_status: "cancelled" } } });
      const before = sink.received.length;
      await deliver();
      const subjects = sink.received.slice(before).filter((m) => m.to.includes(customer.email)).map(subjectOf).sort();
      assert.deepEqual(subjects, [`Test Store: order ${order.order_number} confirmed`, `Test Store: order ${order.order_number} was cancelled`].sort());
      const [skipped] = await sendsOf(delivered);
      assert.equal(skipped!.state, "skipped");
      assert.match(skipped!.lastError!, /turned this email off/);
    });

    it("marks a bouncing address on the customer and goes on with everything else", async () => {
      const customer = await registerCustomer(t.client, secret);
      sink.rejected.add(customer.email.toLowerCase());
      const order = await customerOrder(customer);
      const eventId = await lastEventId("order.created");
      const before = sink.received.length;
      await deliver();
      const sends = await sendsOf(eventId);
      const mine = sends.find((s) => s.recipient === customer.email)!;
      assert.equal(mine.state, "bounced");
      assert.equal(mine.attempts, 1, "a refusal for good is not retried");
      assert.match(mine.lastError!, /No such user/);
      assert.ok(sends.filter((s) => s.recipient !== customer.email).every((s) => s.state === "sent"), "the staff got theirs");
      assert.equal(sink.received.slice(before).filter((m) => subjectOf(m).startsWith(`New order ${order.order_number}`)).length, 3);
      const state = await t.application.container.get(CustomerEmailPreferences).find(t.store.store.id, customer.id);
      assert.equal(state!.emailStatus, "bouncing");
      assert.match(state!.emailStatusReason!, /No such user/);
      // the staff see the mark on the customer's record (docs/staff.md, "Customers and the inbox")
      const record_ = await t.client.get(`/admin/v1/customers/${customer.id}`, { key: secret });
      assert.equal(record_.status, 200, record_.text);
      assert.deepEqual([record_.body.email_status, record_.body.email_status_at], ["bouncing", state!.emailStatusAt]);
      assert.match(record_.body.email_status_reason, /No such user/);
      assert.equal((await t.client.get(`/v1/orders/${order.id}`, { key: secret })).status, 200, "the order is untouched");
      // no more mail to the marked address, until the customer saves their preferences again
      await record({ type: "order.cancelled", data: { order: await orderRecordOf(order.id) } });
      await deliver();
      const [skipped] = await sendsOf(await lastEventId("order.cancelled"));
      assert.equal(skipped!.state, "skipped");
      sink.rejected.clear();
    });

    it("marks a malformed address on the customer without sending to it", async () => {
      const customer = await registerCustomer(t.client, secret);
      const order = await customerOrder(customer);
      await deliver();
      await t.application.database.knex("customers").where({ id: customer.id }).update({ email: "amina.at.example" });
      const before = sink.received.length;
      await record({ type: "order.cancelled", data: { order: { ...(await orderRecordOf(order.id)), customer_email: "amina.at.example" } } });
      await deliver();
      const [send] = await sendsOf(await lastEventId("order.cancelled"));
      assert.equal(send!.state, "bounced");
      assert.equal(send!.attempts, 0, "never handed to the mail server");
      assert.equal(sink.received.length, before);
      const state = await t.application.container.get(CustomerEmailPreferences).find(t.store.store.id, customer.id);
      assert.equal(state!.emailStatus, "malformed");
      assert.equal((await t.client.get(`/admin/v1/customers/${customer.id}`, { key: secret })).body.email_status, "malformed");
    });
  });

emailSuite("emails from the outbox, through SMTP, on SQLite", () => ({}));
describeMysql("emails on MariaDB", (getDb) => emailSuite("emails from the outbox, through SMTP", () => ({ databaseUrl: getDb().url })));
