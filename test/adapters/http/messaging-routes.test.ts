// Specifies messaging over real HTTP on SQLite (docs/api/content-search-messaging.md, "Messaging"):
// threads, messages, unread counts, reading, `fields`, cursor pages in both orders (a property,
// every created_at forced equal), and ownership: another customer's thread is 403, another store's
// 404, another store's token 401.
import { SendStoreMessage } from "../../../application/messaging/send-store-message.js";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Principal } from "../../../application/access/principal.js";
import { simpleProductBody } from "../../support/catalog-fixtures.js";
import { ManualClock, registerCustomer, withToken, type SignedInCustomer } from "../../support/customer-fixtures.js";
import type { TestResponse } from "../../support/http-client.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";
import { checkoutBody, createProduct, fillCustomerCart, setUpDelivery } from "../../support/order-fixtures.js";

const assertError = (response: TestResponse, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  assert.equal(response.body?.error?.code, code, response.text);
  if (param !== undefined) assert.equal(response.body.error.param, param);
};

const base64 = (text: string): string => Buffer.from(text, "utf8").toString("base64");

describe("messaging over HTTP", function () {
  this.timeout(120_000);
  let t: TestApplication;
  let clock: ManualClock;
  let secret: string;
  let publishable: string;
  let amina: SignedInCustomer;
  let brian: SignedInCustomer;
  let storePrincipal: Principal;
  let productId: string;
  let aminaOrderId: string;

  const open = (customer: SignedInCustomer, body: Record<string, unknown> = {}) =>
    t.client.post("/v1/messaging/threads", { subject: "A question", thread_type: "general", message: "Hello there", ...body }, withToken(secret, customer.accessToken));
  const post = (customer: SignedInCustomer, threadId: string, body: Record<string, unknown>) =>
    t.client.post(`/v1/messaging/threads/${threadId}/messages`, body, withToken(secret, customer.accessToken));
  const getThread = (customer: SignedInCustomer, threadId: string, query = "", key = secret) =>
    t.client.get(`/v1/messaging/threads/${threadId}${query}`, withToken(key, customer.accessToken));
  const messages = (customer: SignedInCustomer, threadId: string, query = "", key = secret) =>
    t.client.get(`/v1/messaging/threads/${threadId}/messages${query}`, withToken(key, customer.accessToken));
  const storeReply = (threadId: string, text: string) =>
    t.application.container.get(SendStoreMessage).execute(storePrincipal, threadId, "Wanjiku, Customer Care", { message_content: text });

  before(async () => {
    clock = new ManualClock(new Date("2030-05-01T08:00:00.000Z"));
    t = await startTestApplication({ clock, env: { STOREFRONT_SCRYPT_COST: "1024" } });
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    storePrincipal = { storeId: t.store.store.id, keyId: "staff", keyType: "secret", mode: "test" };
    amina = await registerCustomer(t.client, secret, { name: "Amina Wanjiru", phone: "+254712345678" });
    brian = await registerCustomer(t.client, secret, { name: "Brian Otieno" });
    productId = (await t.client.post("/v1/products", simpleProductBody("Kilimani Sofa", "SOFA-1"), { key: secret })).body.product_id;
    // Amina's own order: a thread may name only an order of the customer who opens it.
    await setUpDelivery(t.client, secret);
    const ordered = await createProduct(t.client, secret, "Ordered Lamp", { price: 10_000, stock: 10 });
    await fillCustomerCart(t.client, publishable, amina, [{ variantId: ordered.variantId, quantity: 1 }]);
    const order = await t.client.post("/v1/orders", checkoutBody({ customer_id: amina.id }), withToken(secret, amina.accessToken));
    assert.equal(order.status, 201, order.text);
    aminaOrderId = order.body.id;
  });

  after(async () => {
    await t?.close();
  });

  const tick = (ms = 1_000) => clock.advance(ms);

  describe("threads", () => {
    it("opening a thread answers 201 with the thread; the store has one unread message", async () => {
      tick();
      const orderId = aminaOrderId;
      const response = await open(amina, { subject: " Delivery of my sofa ", thread_type: "delivery", product_id: productId, order_id: orderId });
      assert.equal(response.status, 201, response.text);
      const now = clock.now().toISOString();
      assert.deepEqual({ ...response.body, id: "" }, {
        id: "",
        customer_id: amina.id,
        customer_name: "Amina Wanjiru",
        customer_email: amina.email,
        customer_phone: "+254712345678",
        store_name: "Test Store",
        store_avatar: null,
        order_id: orderId,
        product_id: productId,
        subject: "Delivery of my sofa",
        thread_type: "delivery",
        status: "active",
        priority: "normal",
        last_message_at: now,
        last_message_by: "customer",
        unread_count_customer: 0,
        unread_count_store: 1,
        is_archived: false,
        is_muted: false,
        is_pinned: false,
        created_at: now,
        updated_at: now,
      });
      const first = await messages(amina, response.body.id);
      assert.equal(first.body.messages.length, 1);
      assert.equal(first.body.messages[0].message_content, "Hello there");
    });

    it("invalid bodies: unknown thread_type, unknown product, empty message: 400 naming the parameter", async () => {
      assertError(await open(amina, { thread_type: "gossip" }), 400, "parameter_invalid", "thread_type");
      assertError(await open(amina, { product_id: "01900000-0000-7000-8000-000000000001" }), 400, "parameter_invalid", "product_id");
      assertError(await open(amina, { message: "   " }), 400, "parameter_invalid", "message");
      assertError(await open(amina, { subject: undefined }), 400, "parameter_missing", "subject");
    });

    it("GET a thread: the owner gets it with any key, with `fields`; others get 403, unknown ids 404", async () => {
      const thread = (await open(amina)).body;
      const response = await getThread(amina, thread.id, "", publishable);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.id, thread.id);
      assert.deepEqual((await getThread(amina, thread.id, "?fields=id,subject,unread_count_store")).body, {
        id: thread.id,
        subject: "A question",
        unread_count_store: 1,
      });
      assertError(await getThread(amina, thread.id, "?fields=secret"), 400, "unknown_field", "fields");
      assertError(await getThread(brian, thread.id), 403, "forbidden");
      assertError(await getThread(amina, "01900000-0000-7000-8000-000000000002"), 404, "resource_missing");
      assertError(await getThread(amina, "nope"), 404, "resource_missing");
      assertError(await t.client.get(`/v1/messaging/threads/${thread.id}`, { key: secret }), 401, "invalid_token");
    });

    it("another store's thread does not exist here (404); another store's token is unknown (401)", async () => {
      const foreigner = await registerCustomer(t.client, t.otherStore.keys.secretTest);
      const foreignThread = await t.client.post(
        "/v1/messaging/threads",
        { subject: "Elsewhere", thread_type: "general", message: "Hi" },
        withToken(t.otherStore.keys.secretTest, foreigner.accessToken),
      );
      assert.equal(foreignThread.status, 201, foreignThread.text);
      assertError(await getThread(amina, foreignThread.body.id), 404, "resource_missing");
      assertError(await messages(amina, foreignThread.body.id), 404, "resource_missing");
      assertError(await post(amina, foreignThread.body.id, { message_content: "x" }), 404, "resource_missing");
      assertError(await getThread(foreigner, foreignThread.body.id), 401, "invalid_token");
    });

    it("the thread list holds only the customer's threads, most recent activity first, in pages", async () => {
      const customer = await registerCustomer(t.client, secret);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        tick();
        ids.push((await open(customer, { subject: `Question ${i}` })).body.id);
      }
      tick();
      await post(customer, ids[1]!, { message_content: "bump" });
      const expected = [ids[1], ids[4], ids[3], ids[2], ids[0]];
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=2${cursor === null ? "" : `&cursor=${cursor}`}`;
        const page = await t.client.get(`/v1/messaging/threads${query}`, withToken(publishable, customer.accessToken));
        assert.equal(page.status, 200, page.text);
        assert.ok(page.body.threads.length <= 2);
        seen.push(...page.body.threads.map((th: { id: string }) => th.id));
        cursor = page.body.pagination.next_cursor;
        assert.equal(page.body.pagination.has_more, cursor !== null);
      } while (cursor !== null);
      assert.deepEqual(seen, expected);
      const fields = await t.client.get("/v1/messaging/threads?fields=subject", withToken(secret, customer.accessToken));
      assert.deepEqual(fields.body.threads[0], { subject: "Question 1" });
      assertError(await t.client.get("/v1/messaging/threads?limit=0", withToken(secret, customer.accessToken)), 400, "parameter_invalid", "limit");
      assertError(await t.client.get("/v1/messaging/threads?cursor=%%%", withToken(secret, customer.accessToken)), 400, "invalid_cursor", "cursor");
      const brianList = await t.client.get("/v1/messaging/threads", withToken(secret, brian.accessToken));
      assert.ok(brianList.body.threads.every((th: { customer_id: string }) => th.customer_id === brian.id));
    });
  });

  describe("messages", () => {
    it("posting moves the thread's last message and the store's unread count in the same write", async () => {
      const thread = (await open(amina)).body;
      tick();
      const response = await post(amina, thread.id, { message_content: "Any news?" });
      assert.equal(response.status, 201, response.text);
      const message = response.body;
      assert.deepEqual({ ...message, id: "" }, {
        id: "",
        message_content: "Any news?",
        message_type: "text",
        sender_type: "customer",
        sender_id: amina.id,
        sender_name: "Amina Wanjiru",
        attachments: [],
        metadata: {},
        message_status: "sent",
        read_at: null,
        is_edited: false,
        is_deleted: false,
        edited_at: null,
        deleted_at: null,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      });
      const after = (await getThread(amina, thread.id)).body;
      assert.equal(after.unread_count_store, 2);
      assert.equal(after.unread_count_customer, 0);
      assert.equal(after.last_message_at, message.created_at);
      assert.equal(after.last_message_by, "customer");
    });

    it("attachments decide the message type: images, or files", async () => {
      const thread = (await open(amina)).body;
      const image = await post(amina, thread.id, { message_content: "Photo", attachments: ["https://cdn.example.com/a.JPG", "https://cdn.example.com/b.png?x=1"] });
      assert.equal(image.body.message_type, "image");
      assert.deepEqual(image.body.attachments, ["https://cdn.example.com/a.JPG", "https://cdn.example.com/b.png?x=1"]);
      const file = await post(amina, thread.id, { message_content: "Receipt", attachments: ["https://cdn.example.com/receipt.pdf"] });
      assert.equal(file.body.message_type, "file");
      assertError(await post(amina, thread.id, { message_content: "x", attachments: ["ftp://nope"] }), 400, "parameter_invalid", "attachments[0]");
      assertError(await post(amina, thread.id, { message_content: "" }), 400, "parameter_invalid", "message_content");
    });

    it("a store reply raises the customer's unread count; reading the thread clears it and marks the replies read", async () => {
      const thread = (await open(amina)).body;
      tick();
      await storeReply(thread.id, "We deliver on Saturdays.");
      tick();
      await storeReply(thread.id, "Shall we book one?");
      let current = (await getThread(amina, thread.id)).body;
      assert.equal(current.unread_count_customer, 2);
      assert.equal(current.unread_count_store, 1);
      assert.equal(current.last_message_by, "store");
      tick();
      const read = await t.client.post(`/v1/messaging/threads/${thread.id}/read`, undefined, withToken(secret, amina.accessToken));
      assert.equal(read.status, 200, read.text);
      assert.equal(read.body.id, thread.id);
      assert.equal(read.body.unread_count_customer, 0);
      assert.equal(read.body.unread_count_store, 1, "the store's own count is untouched");
      const all = (await messages(amina, thread.id)).body.messages;
      const replies = all.filter((m: { sender_type: string }) => m.sender_type === "store");
      assert.equal(replies.length, 2);
      for (const reply of replies) {
        assert.equal(reply.message_status, "read");
        assert.equal(reply.read_at, clock.now().toISOString());
        assert.equal(reply.sender_name, "Wanjiku, Customer Care");
        assert.equal(reply.sender_id, null);
      }
      const own = all.find((m: { sender_type: string }) => m.sender_type === "customer");
      assert.equal(own.message_status, "sent");
      assert.equal(own.read_at, null);
      current = (await getThread(amina, thread.id)).body;
      assert.equal(current.unread_count_customer, 0);
    });

    it("another customer may not post to, read, or list the messages of a thread: 403", async () => {
      const thread = (await open(amina)).body;
      assertError(await post(brian, thread.id, { message_content: "Let me in" }), 403, "forbidden");
      assertError(await messages(brian, thread.id), 403, "forbidden");
      assertError(await t.client.post(`/v1/messaging/threads/${thread.id}/read`, undefined, withToken(secret, brian.accessToken)), 403, "forbidden");
      assert.equal((await messages(amina, thread.id)).body.messages.length, 1, "nothing was added");
      assert.equal((await getThread(amina, thread.id)).body.unread_count_store, 1);
    });

    it("writes need a secret key; reads take a publishable one", async () => {
      const thread = (await open(amina)).body;
      const key = publishable;
      assertError(await t.client.post("/v1/messaging/threads", { subject: "x", thread_type: "general", message: "y" }, withToken(key, amina.accessToken)), 403, "secret_key_required");
      assertError(await t.client.post(`/v1/messaging/threads/${thread.id}/messages`, { message_content: "y" }, withToken(key, amina.accessToken)), 403, "secret_key_required");
      assertError(await t.client.post(`/v1/messaging/threads/${thread.id}/read`, undefined, withToken(key, amina.accessToken)), 403, "secret_key_required");
      assert.equal((await messages(amina, thread.id, "", key)).status, 200);
    });

    it("the message list: order asc (default) and desc, limit bounds, `fields`, cursors that do not decode", async () => {
      const thread = (await open(amina, { message: "one" })).body;
      for (const text of ["two", "three", "four"]) {
        tick();
        await post(amina, thread.id, { message_content: text });
      }
      const texts = (query: string) => messages(amina, thread.id, query).then((r) => r.body.messages.map((m: { message_content: string }) => m.message_content));
      assert.deepEqual(await texts(""), ["one", "two", "three", "four"]);
      assert.deepEqual(await texts("?order=desc"), ["four", "three", "two", "one"]);
      const page = await messages(amina, thread.id, "?limit=3&order=desc&fields=message_content,created_at");
      assert.deepEqual(Object.keys(page.body.messages[0]).sort(), ["created_at", "message_content"]);
      assert.equal(page.body.pagination.limit, 3);
      assert.equal(page.body.pagination.has_more, true);
      assert.equal(page.body.pagination.next_cursor, base64(page.body.messages[2].created_at));
      assert.deepEqual(await texts(`?order=desc&cursor=${encodeURIComponent(page.body.pagination.next_cursor)}`), ["one"]);
      assert.equal((await messages(amina, thread.id, "?limit=200")).status, 200);
      for (const limit of ["0", "201", "x"]) assertError(await messages(amina, thread.id, `?limit=${limit}`), 400, "parameter_invalid", "limit");
      assertError(await messages(amina, thread.id, "?order=sideways"), 400, "parameter_invalid", "order");
      for (const cursor of ["!!!", base64("yesterday"), base64("2030-13-01T00:00:00.000Z"), base64('["2030-05-01",1]'), "Zm9v"]) {
        assertError(await messages(amina, thread.id, `?cursor=${encodeURIComponent(cursor)}`), 400, "invalid_cursor", "cursor");
      }
      assertError(await messages(amina, thread.id, "?fields=body"), 400, "unknown_field", "fields");
    });
  });

  describe("paging a thread's messages (property)", () => {
    it("in either order and with any page size, every message comes back exactly once, in order, even when all were written in the same millisecond", async () => {
      const frozen = new ManualClock(new Date("2030-06-01T12:00:00.000Z"));
      const app = await startTestApplication({ clock: frozen, env: { STOREFRONT_SCRYPT_COST: "1024" } });
      try {
        const key = app.store.keys.secretTest;
        const customer = await registerCustomer(app.client, key);
        await fc.assert(
          fc.asyncProperty(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1, max: 30 }), fc.constantFrom("asc", "desc"), async (count, limit, order) => {
            // The clock does not move: every message asks for the same created_at.
            const thread = await app.client.post("/v1/messaging/threads", { subject: "Same instant", thread_type: "support", message: "m0" }, withToken(key, customer.accessToken));
            const ids: string[] = [];
            const first = await app.client.get(`/v1/messaging/threads/${thread.body.id}/messages`, withToken(key, customer.accessToken));
            ids.push(first.body.messages[0].id);
            for (let i = 1; i < count; i++) {
              const sent = await app.client.post(`/v1/messaging/threads/${thread.body.id}/messages`, { message_content: `m${i}` }, withToken(key, customer.accessToken));
              assert.equal(sent.status, 201, sent.text);
              ids.push(sent.body.id);
            }
            const seen: { id: string; created_at: string }[] = [];
            let cursor: string | null = null;
            let pages = 0;
            do {
              const query: string = `?limit=${limit}&order=${order}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`;
              const page = await app.client.get(`/v1/messaging/threads/${thread.body.id}/messages${query}`, withToken(key, customer.accessToken));
              assert.equal(page.status, 200, page.text);
              assert.ok(page.body.messages.length <= limit);
              seen.push(...page.body.messages);
              cursor = page.body.pagination.next_cursor;
              assert.ok(++pages <= count + 1, "paging does not end");
            } while (cursor !== null);
            assert.equal(pages, Math.max(1, Math.ceil(count / limit)));
            const expected = order === "asc" ? ids : [...ids].reverse();
            assert.deepEqual(seen.map((m) => m.id), expected);
            const stamps = seen.map((m) => m.created_at);
            assert.equal(new Set(stamps).size, count, "created_at is unique within the thread");
            const sorted = [...stamps].sort();
            assert.deepEqual(stamps, order === "asc" ? sorted : [...sorted].reverse());
            // Collisions moved forward a millisecond at a time: the thread's stamps are consecutive.
            assert.equal(Date.parse(sorted[count - 1]!) - Date.parse(sorted[0]!), count - 1);
            const threadNow = await app.client.get(`/v1/messaging/threads/${thread.body.id}`, withToken(key, customer.accessToken));
            assert.equal(threadNow.body.last_message_at, sorted[count - 1]);
            assert.equal(threadNow.body.unread_count_store, count);
          }),
          { numRuns: 25 },
        );
      } finally {
        await app.close();
      }
    });
  });
});
