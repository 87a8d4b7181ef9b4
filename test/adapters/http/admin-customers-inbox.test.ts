// Customers and the messaging inbox on the admin API (docs/staff.md, "Customers and the inbox"),
// with the secret key, on SQLite and MariaDB: the customer list and search against the fixtures'
// ground truth, the detail, block (sign-in, codes, refresh and tokens answer 403
// `customer_blocked`, sessions end at once) and unblock; the inbox's filters and order, a reply
// the customer reads through /v1 with the right counters, assign, close, reopen, mark read; audit
// records; and another store's ids answer 404.
import { ReplyToThread } from "../../../application/messaging/reply-to-thread.js";
import assert from "node:assert/strict";
import { CreateStaffMember } from "../../../application/staff/create-staff-member.js";
import { assertError } from "../../support/cart-fixtures.js";
import { ManualClock, registerCustomer, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import type { TestClient } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import { checkoutBody, createProduct, fillCustomerCart, setUpDelivery, type Variant } from "../../support/order-fixtures.js";
import { codeIn, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const START = new Date("2030-05-01T08:00:00.000Z");

const suite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(180_000);
    let t: TestApplication;
    let admin: TestClient;
    let smtp: SmtpSink;
    let clock: ManualClock;
    let secret: string;
    let publishable: string;
    let otherSecret: string;
    let storeId: string;
    let product: Variant;
    // The fixtures, registered one second apart in this order (newest last).
    let amina: SignedInCustomer;
    let brian: SignedInCustomer;
    let grace: SignedInCustomer;
    let amani: SignedInCustomer;
    let elsewhere: SignedInCustomer;
    /** Grace's thread about her order, opened by the customer detail's test. */
    let graceThread: string;

    const tick = (): void => clock.advance(1_000);
    const register = async (key: string, body: Record<string, unknown>): Promise<SignedInCustomer> => {
      tick();
      return registerCustomer(t.client, key, { password: "Kilimanjaro-Sunrise-4821", ...body });
    };
    const ok = async (response: Promise<{ status: number; text: string; body: any }>, status = 200): Promise<any> => {
      const answer = await response;
      assert.equal(answer.status, status, answer.text);
      return answer.body;
    };
    const auditOf = (operation: string, resourceId: string) =>
      t.application.database.knex("audit_log").where({ store_id: storeId, operation, resource_id: resourceId }).orderBy("at");

    before(async () => {
      smtp = await startSmtpSink();
      clock = new ManualClock(START);
      const base = options();
      t = await startTestApplication({
        ...base,
        clock,
        env: { ...(base.env ?? {}), STOREFRONT_SCRYPT_COST: "1024", STOREFRONT_SMTP_URL: smtp.url, STOREFRONT_MAIL_FROM: "Test Store <shop@example.com>" },
      });
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      otherSecret = t.otherStore.keys.secretTest;
      storeId = t.store.store.id;
      admin = t.client;
      await setUpDelivery(t.client, secret);
      product = await createProduct(t.client, secret, "Kikoy Throw", { price: 250_000, stock: 100 });
      amina = await register(secret, { email: "amina.w@example.com", name: "Amina Wanjiru", phone: "+254 712 345 678" });
      brian = await register(secret, { email: "brian.o@example.com", name: "Brian Otieno", phone: "+254 722 901 234" });
      grace = await register(secret, { email: "grace@example.com", name: "Grace Wanjiru" });
      amani = await register(secret, { email: "amani.k@example.com", name: "Amani Kariuki", phone: "0733 456 789" });
      elsewhere = await register(otherSecret, { email: "amina.w@example.com", name: "Amina Wanjiru", phone: "+254 712 345 678" });
    });
    after(async () => {
      await t?.close();
      await smtp?.close();
    });

    describe("customers", () => {
      const search = async (q: string): Promise<string[]> =>
        (await ok(admin.get(`/admin/v1/customers?q=${encodeURIComponent(q)}`, { key: secret }))).customers.map((c: any) => c.id);

      it("lists the store's customers newest first, page by page, and none of another store's", async () => {
        const first = await ok(admin.get("/admin/v1/customers?limit=3", { key: secret }));
        assert.deepEqual(first.customers.map((c: any) => c.id), [amani.id, grace.id, brian.id]);
        assert.equal(first.pagination.has_more, true);
        const second = await ok(admin.get(`/admin/v1/customers?limit=3&cursor=${first.pagination.next_cursor}`, { key: secret }));
        assert.deepEqual(second.customers.map((c: any) => c.id), [amina.id]);
        assert.equal(second.pagination.has_more, false);
        const shown = first.customers[2];
        assert.equal(shown.email, "brian.o@example.com");
        assert.equal(shown.blocked, false);
        assert.equal(shown.total_spent, 0);
        assert.equal(shown.currency, "KES");
        const other = await ok(admin.get("/admin/v1/customers", { key: otherSecret }));
        assert.deepEqual(other.customers.map((c: any) => c.id), [elsewhere.id]);
      });

      it("searches by a prefix of the email, the name, the name's last word or the phone's digits, newest first", async () => {
        assert.deepEqual(await search("amin"), [amina.id]);
        assert.deepEqual(await search("AM"), [amani.id, amina.id]);
        assert.deepEqual(await search("wanjiru"), [grace.id, amina.id]);
        assert.deepEqual(await search("Amina Wan"), [amina.id]);
        assert.deepEqual(await search("brian.o@"), [brian.id]);
        assert.deepEqual(await search("254712"), [amina.id]);
        assert.deepEqual(await search("+254 722 9"), [brian.id]);
        assert.deepEqual(await search("0733"), [amani.id]);
        assert.deepEqual(await search("otieno"), [brian.id]);
        assert.deepEqual(await search("zz"), []);
        assert.deepEqual(await search("a%"), []);
        const paged = await ok(admin.get("/admin/v1/customers?q=am&limit=1", { key: secret }));
        assert.deepEqual(paged.customers.map((c: any) => c.id), [amani.id]);
        const rest = await ok(admin.get(`/admin/v1/customers?q=am&limit=1&cursor=${paged.pagination.next_cursor}`, { key: secret }));
        assert.deepEqual(rest.customers.map((c: any) => c.id), [amina.id]);
        assertError(await admin.get("/admin/v1/customers?q=a", { key: secret }), 400, "parameter_invalid", "q");
        assertError(await admin.get("/admin/v1/customers?cursor=nonsense!", { key: secret }), 400, "invalid_cursor");
      });

      it("shows one customer with their recent orders, the addresses those used, open carts and threads; another store's is a 404", async () => {
        tick();
        await fillCustomerCart(t.client, publishable, { id: grace.id, accessToken: grace.accessToken }, [{ variantId: product.variantId, quantity: 2 }]);
        const placed = await ok(
          t.client.post("/v1/orders", checkoutBody({ customer_id: grace.id }, { email: grace.email, name: "Grace Wanjiru" }), withToken(secret, grace.accessToken)),
          201,
        );
        tick();
        await fillCustomerCart(t.client, publishable, { id: grace.id, accessToken: grace.accessToken }, [{ variantId: product.variantId, quantity: 3 }]);
        const thread = await ok(
          t.client.post("/v1/messaging/threads", { subject: "Where is my throw?", thread_type: "delivery", order_id: placed.id, message: "Hello?" }, withToken(secret, grace.accessToken)),
          201,
        );
        graceThread = thread.id;
        const detail = await ok(admin.get(`/admin/v1/customers/${grace.id}`, { key: secret }));
        assert.equal(detail.id, grace.id);
        assert.equal(detail.name, "Grace Wanjiru");
        assert.deepEqual(
          detail.recent_orders.map((o: any) => [o.id, o.order_number, o.total_amount]),
          [[placed.id, placed.order_number, Math.round(placed.total_amount * 100)]],
        );
        assert.equal(detail.addresses.length, 1);
        assert.deepEqual(detail.addresses[0].used_for, ["shipping", "billing"]);
        assert.equal(detail.addresses[0].line1, "Waiyaki Way 12");
        assert.deepEqual(
          detail.open_carts.map((c: any) => [c.lines, c.quantity, c.subtotal, c.currency]),
          [[1, 3, 750_000, "KES"]],
        );
        assert.deepEqual(detail.threads.map((th: any) => [th.id, th.order_id, th.assignee_id]), [[thread.id, placed.id, null]]);
        assertError(await admin.get(`/admin/v1/customers/${grace.id}`, { key: otherSecret }), 404, "resource_missing");
        assertError(await admin.get("/admin/v1/customers/not-a-uuid", { key: secret }), 404, "resource_missing");
      });

      it("a block ends the customer's sessions at once and stops every sign-in with 403 customer_blocked; unblock restores sign-in", async () => {
        const signedIn = await ok(t.client.post("/v1/auth/login", { email: amina.email, password: amina.password }, { key: secret }));
        await ok(t.client.post("/v1/auth/otp/request", { email: amina.email }, { key: secret }), 202);
        const code = codeIn(await smtp.waitFor((m) => m.to.includes(amina.email)));
        assert.equal((await t.client.get("/v1/auth/me", withToken(secret, amina.accessToken))).status, 200);

        assertError(await admin.post(`/admin/v1/customers/${amina.id}/block`, { reason: "x" }, { key: otherSecret }), 404, "resource_missing");
        const blocked = await ok(admin.post(`/admin/v1/customers/${amina.id}/block`, { reason: "  Chargebacks on three orders  " }, { key: secret }));
        assert.equal(blocked.blocked, true);
        assert.equal(blocked.blocked_at, clock.now().toISOString());
        assert.equal(blocked.block_reason, "Chargebacks on three orders");
        assert.equal(blocked.sessions_ended, 2, "the registration's session and the sign-in's");
        const live = await t.application.database.knex("customer_sessions").where({ customer_id: amina.id }).whereNull("revoked_at");
        assert.equal(live.length, 0);

        for (const token of [amina.accessToken, signedIn.session.access_token]) {
          assertError(await t.client.get("/v1/auth/me", withToken(secret, token)), 403, "customer_blocked");
        }
        assertError(await t.client.post("/v1/auth/login", { email: amina.email, password: amina.password }, { key: secret }), 403, "customer_blocked");
        assertError(await t.client.post("/v1/auth/login", { email: amina.email, password: "Wrong-Password-1234" }, { key: secret }), 401, "invalid_credentials");
        assertError(await t.client.post("/v1/auth/otp/verify", { email: amina.email, code }, { key: secret }), 403, "customer_blocked");
        assertError(await t.client.post("/v1/auth/refresh", { refresh_token: signedIn.session.refresh_token }, { key: secret }), 403, "customer_blocked");
        const mails = smtp.received.length;
        await ok(t.client.post("/v1/auth/otp/request", { email: amina.email }, { key: secret }), 202);
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.equal(smtp.received.length, mails, "no code is sent to a blocked customer");
        const listed = await ok(admin.get("/admin/v1/customers?q=amina", { key: secret }));
        assert.equal(listed.customers[0].blocked, true);

        // Blocking again keeps the block's time; the new reason replaces the old.
        tick();
        const again = await ok(admin.post(`/admin/v1/customers/${amina.id}/block`, { reason: "Chargebacks; see ticket 1182" }, { key: secret }));
        assert.equal(again.blocked_at, blocked.blocked_at);
        assert.equal(again.block_reason, "Chargebacks; see ticket 1182");
        assert.equal(again.sessions_ended, 0);
        assertError(await admin.post(`/admin/v1/customers/${amina.id}/block`, { reason: "" }, { key: secret }), 400, "parameter_invalid");

        assertError(await admin.post(`/admin/v1/customers/${amina.id}/unblock`, {}, { key: otherSecret }), 404, "resource_missing");
        tick();
        const unblocked = await ok(admin.post(`/admin/v1/customers/${amina.id}/unblock`, {}, { key: secret }));
        assert.deepEqual([unblocked.blocked, unblocked.blocked_at, unblocked.block_reason, unblocked.sessions_ended], [false, null, null, 0]);
        // The ended sessions stay ended; a new sign-in works.
        assertError(await t.client.get("/v1/auth/me", withToken(secret, amina.accessToken)), 401, "invalid_token");
        const back = await ok(t.client.post("/v1/auth/login", { email: amina.email, password: amina.password }, { key: secret }));
        assert.equal((await t.client.get("/v1/auth/me", withToken(secret, back.session.access_token))).status, 200);
        amina = { ...amina, accessToken: back.session.access_token, refreshToken: back.session.refresh_token };

        const records = await auditOf("customer.block", amina.id);
        assert.equal(records.length, 2);
        assert.deepEqual(JSON.parse(records[0].changes).block_reason, [null, "Chargebacks on three orders"]);
        assert.equal(records[0].actor_type, "api_key");
        const lifted = await auditOf("customer.unblock", amina.id);
        assert.equal(lifted.length, 1);
        assert.deepEqual(JSON.parse(lifted[0].changes).blocked_at, [blocked.blocked_at, null]);
        // Unblocking one who is not blocked changes nothing and records nothing.
        await ok(admin.post(`/admin/v1/customers/${amina.id}/unblock`, {}, { key: secret }));
        assert.equal((await auditOf("customer.unblock", amina.id)).length, 1);
      });
    });

    describe("the inbox", () => {
      // Threads opened one second apart: general (Amina), support (Brian), complaint (Amani).
      let general: any;
      let support: any;
      let complaint: any;
      let memberId: string;
      let otherMemberId: string;
      const open = async (customer: SignedInCustomer, body: Record<string, unknown>): Promise<any> => {
        tick();
        return ok(t.client.post("/v1/messaging/threads", { subject: "A question", message: "Hello, store", ...body }, withToken(secret, customer.accessToken)), 201);
      };
      const inbox = async (query = "", key = secret): Promise<string[]> =>
        (await ok(admin.get(`/admin/v1/inbox/threads${query === "" ? "" : `?${query}`}`, { key }))).threads.map((th: any) => th.id);

      before(async () => {
        const staff = t.application.container.get(CreateStaffMember);
        const actor = { type: "cli", id: null, label: "test" } as const;
        memberId = (await staff.execute({ storeId, email: "wanjiku@example.com", name: "Wanjiku Kamau", role: "support" }, actor)).member.id;
        otherMemberId = (await staff.execute({ storeId: t.otherStore.store.id, email: "otieno@example.com", name: "Otieno", role: "support" }, actor)).member.id;
        general = await open(amina, { thread_type: "general" });
        support = await open(brian, { thread_type: "support" });
        complaint = await open(amani, { thread_type: "complaint" });
      });

      it("replies as the store; the customer reads the reply through /v1 with the right counters", async () => {
        assertError(await admin.post(`/admin/v1/inbox/threads/${general.id}/messages`, { message_content: "Hi" }, { key: otherSecret }), 404, "resource_missing");
        tick();
        const message = await ok(admin.post(`/admin/v1/inbox/threads/${general.id}/messages`, { message_content: "  Karibu! How can we help?  " }, { key: secret }), 201);
        assert.equal(message.sender_type, "store");
        assert.equal(message.sender_name, "Test Store");
        assert.equal(message.sender_id, null);
        assert.equal(message.message_content, "Karibu! How can we help?");

        const seen = await ok(t.client.get(`/v1/messaging/threads/${general.id}`, withToken(secret, amina.accessToken)));
        assert.equal(seen.last_message_by, "store");
        assert.equal(seen.last_message_at, message.created_at);
        assert.equal(seen.unread_count_customer, 1);
        assert.equal(seen.unread_count_store, 1, "the customer's first message is still unread by the store");
        const messages = await ok(t.client.get(`/v1/messaging/threads/${general.id}/messages`, withToken(secret, amina.accessToken)));
        assert.deepEqual(messages.messages.map((m: any) => [m.sender_type, m.message_content]), [
          ["customer", "Hello, store"],
          ["store", "Karibu! How can we help?"],
        ]);
        const read = await ok(t.client.post(`/v1/messaging/threads/${general.id}/read`, {}, withToken(secret, amina.accessToken)));
        assert.equal(read.unread_count_customer, 0);
        const records = await auditOf("thread.reply", general.id);
        assert.equal(records.length, 1);
        assert.deepEqual(JSON.parse(records[0].changes).message_id, [null, message.id]);
      });

      it("marks a thread read for the store: its unread count goes to 0 and the customer's messages are read", async () => {
        tick();
        const marked = await ok(admin.post(`/admin/v1/inbox/threads/${support.id}/read`, {}, { key: secret }));
        assert.equal(marked.unread_count_store, 0);
        const detail = await ok(admin.get(`/admin/v1/inbox/threads/${support.id}`, { key: secret }));
        assert.equal(detail.thread.unread_count_store, 0);
        assert.deepEqual(detail.messages.map((m: any) => [m.sender_type, m.message_status, m.read_at]), [["customer", "read", clock.now().toISOString()]]);
        assert.equal((await auditOf("thread.read", support.id)).length, 1);
        await ok(admin.post(`/admin/v1/inbox/threads/${support.id}/read`, {}, { key: secret }));
        assert.equal((await auditOf("thread.read", support.id)).length, 1, "nothing was unread: nothing recorded");
        assertError(await admin.post(`/admin/v1/inbox/threads/${support.id}/read`, {}, { key: otherSecret }), 404, "resource_missing");
      });

      it("assigns a thread to a member of the store or to nobody; another store's member is a 400", async () => {
        const assigned = await ok(admin.post(`/admin/v1/inbox/threads/${complaint.id}/assign`, { staff_member_id: memberId }, { key: secret }));
        assert.deepEqual([assigned.assignee_id, assigned.assignee_name], [memberId, "Wanjiku Kamau"]);
        assertError(
          await admin.post(`/admin/v1/inbox/threads/${complaint.id}/assign`, { staff_member_id: otherMemberId }, { key: secret }),
          400,
          "parameter_invalid",
          "staff_member_id",
        );
        assertError(await admin.post(`/admin/v1/inbox/threads/${complaint.id}/assign`, { staff_member_id: memberId }, { key: otherSecret }), 404, "resource_missing");
        assertError(await admin.post(`/admin/v1/inbox/threads/${complaint.id}/assign`, {}, { key: secret }), 400, "parameter_missing");
        const records = await auditOf("thread.assign", complaint.id);
        assert.equal(records.length, 1);
        assert.deepEqual(JSON.parse(records[0].changes).assignee_id, [null, memberId]);
        // Assigned to nobody and back.
        const none = await ok(admin.post(`/admin/v1/inbox/threads/${general.id}/assign`, { staff_member_id: null }, { key: secret }));
        assert.equal(none.assignee_id, null);
        assert.equal((await auditOf("thread.assign", general.id)).length, 0, "no change, no record");
      });

      it("filters by status, type, unread, assignee and order: unread first, then newest (ground truth from the fixtures)", async () => {
        // Ground truth: general (Amina: unread by the store, assigned to nobody, the store's reply
        // its newest message), support (Brian: read, nobody), complaint (Amani: unread, Wanjiku,
        // opened after general but before the reply), and Grace's thread about her order (unread,
        // nobody, opened before them all). Unread first, each group newest first.
        assert.deepEqual(await inbox(), [general.id, complaint.id, graceThread, support.id]);
        assert.deepEqual(await inbox("unread=true"), [general.id, complaint.id, graceThread]);
        assert.deepEqual(await inbox("unread=false"), [support.id]);
        assert.deepEqual(await inbox("type=support"), [support.id]);
        assert.deepEqual(await inbox("type=complaint&unread=false"), []);
        assert.deepEqual(await inbox(`assignee=${memberId}`), [complaint.id]);
        assert.deepEqual(await inbox("assignee=none"), [general.id, graceThread, support.id]);
        assert.deepEqual(await inbox("status=active"), [general.id, complaint.id, graceThread, support.id]);
        assert.deepEqual(await inbox("status=closed"), []);
        assert.deepEqual(await inbox("", otherSecret), []);
        assertError(await admin.get("/admin/v1/inbox/threads?assignee=nobody", { key: secret }), 400, "parameter_invalid", "assignee");
        assertError(await admin.get("/admin/v1/inbox/threads?status=open", { key: secret }), 400, "parameter_invalid", "status");
        // Page by page, one at a time across the two groups, in the same order.
        const walked: string[] = [];
        let cursor: string | null = null;
        do {
          const page: any = await ok(admin.get(`/admin/v1/inbox/threads?limit=1${cursor === null ? "" : `&cursor=${cursor}`}`, { key: secret }));
          walked.push(...page.threads.map((th: any) => th.id));
          cursor = page.pagination.next_cursor;
        } while (cursor !== null);
        assert.deepEqual(walked, [general.id, complaint.id, graceThread, support.id]);
        const two = await ok(admin.get("/admin/v1/inbox/threads?limit=2", { key: secret }));
        assert.deepEqual(await inbox(`limit=2&cursor=${two.pagination.next_cursor}`), [graceThread, support.id]);
        assertError(await admin.get("/admin/v1/inbox/threads?cursor=WyJ4IiwieSJd", { key: secret }), 400, "invalid_cursor");

        // A thread about an order, found by the order.
        tick();
        await fillCustomerCart(t.client, publishable, { id: brian.id, accessToken: brian.accessToken }, [{ variantId: product.variantId, quantity: 1 }]);
        const placed = await ok(t.client.post("/v1/orders", checkoutBody({ customer_id: brian.id }, { email: brian.email }), withToken(secret, brian.accessToken)), 201);
        const about = await open(brian, { thread_type: "order_inquiry", order_id: placed.id });
        assert.deepEqual(await inbox(`order_id=${placed.id}`), [about.id]);
        assert.deepEqual(await inbox(`order_id=${placed.id}`, otherSecret), []);
        assert.deepEqual(await inbox(), [about.id, general.id, complaint.id, graceThread, support.id]);
      });

      it("closes and reopens; a closed thread takes no reply, and the customer's message reopens it", async () => {
        tick();
        const closed = await ok(admin.post(`/admin/v1/inbox/threads/${support.id}/close`, {}, { key: secret }));
        assert.equal(closed.status, "closed");
        assert.deepEqual(await inbox("status=closed"), [support.id]);
        assertError(await admin.post(`/admin/v1/inbox/threads/${support.id}/messages`, { message_content: "Hi" }, { key: secret }), 409, "thread_closed");
        await ok(admin.post(`/admin/v1/inbox/threads/${support.id}/close`, {}, { key: secret }));
        assert.equal((await auditOf("thread.close", support.id)).length, 1, "closing a closed thread records nothing");
        const reopened = await ok(admin.post(`/admin/v1/inbox/threads/${support.id}/reopen`, {}, { key: secret }));
        assert.equal(reopened.status, "active");
        await ok(admin.post(`/admin/v1/inbox/threads/${support.id}/messages`, { message_content: "Anything else?" }, { key: secret }), 201);
        await ok(admin.post(`/admin/v1/inbox/threads/${support.id}/close`, {}, { key: secret }));
        tick();
        await ok(t.client.post(`/v1/messaging/threads/${support.id}/messages`, { message_content: "Yes, one more thing" }, withToken(secret, brian.accessToken)), 201);
        const after = await ok(admin.get(`/admin/v1/inbox/threads/${support.id}`, { key: secret }));
        assert.equal(after.thread.status, "active");
        assert.equal(after.thread.unread_count_store, 1);
        assert.equal(after.thread.last_message_by, "customer");
        assert.deepEqual((await inbox("unread=true"))[0], support.id, "newest unread first");
        for (const action of ["close", "reopen"]) {
          assertError(await admin.post(`/admin/v1/inbox/threads/${support.id}/${action}`, {}, { key: otherSecret }), 404, "resource_missing");
        }
        assertError(await admin.get(`/admin/v1/inbox/threads/${support.id}`, { key: otherSecret }), 404, "resource_missing");
        assert.deepEqual(
          (await auditOf("thread.reopen", support.id)).map((r: any) => JSON.parse(r.changes).status),
          [["closed", "active"]],
        );
      });

      it("reads a thread's messages page by page, oldest first", async () => {
        const first = await ok(admin.get(`/admin/v1/inbox/threads/${general.id}?limit=1`, { key: secret }));
        assert.equal(first.thread.id, general.id);
        assert.deepEqual(first.messages.map((m: any) => m.sender_type), ["customer"]);
        assert.equal(first.pagination.has_more, true);
        const second = await ok(admin.get(`/admin/v1/inbox/threads/${general.id}?limit=1&cursor=${first.pagination.next_cursor}`, { key: secret }));
        assert.deepEqual(second.messages.map((m: any) => m.sender_type), ["store"]);
      });

      it("a member's reply is signed with their name and id, and the audit names the member", async () => {
        const principal = {
          storeId,
          keyId: "staff-session",
          keyType: "secret",
          mode: "test",
          staff: { memberId, email: "wanjiku@example.com", role: "support", sessionId: "staff-session" },
        } as const;
        const message = await t.application.container.get(ReplyToThread).execute(principal, general.id, { message_content: "Pole sana, Amina." });
        assert.deepEqual([message.sender_type, message.sender_id, message.sender_name], ["store", memberId, "Wanjiku Kamau"]);
        const seen = await ok(t.client.get(`/v1/messaging/threads/${general.id}/messages?order=desc&limit=1`, withToken(secret, amina.accessToken)));
        assert.equal(seen.messages[0].sender_name, "Wanjiku Kamau");
        const records = await auditOf("thread.reply", general.id);
        assert.deepEqual([records.at(-1).actor_type, records.at(-1).actor_id], ["staff", memberId]);
      });
    });
  });

suite("admin customers and inbox (SQLite)", () => ({}));
describeMysql("admin customers and inbox (MariaDB)", (db) => suite("on MariaDB", () => ({ databaseUrl: db().url })));
