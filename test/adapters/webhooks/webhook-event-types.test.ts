// Every event type (docs/api/webhooks.md, "Event types"), emitted by its operation: it reaches an
// endpoint subscribed to it (verified with standardwebhooks) and not one subscribed to every other
// type.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, afterEach, before, describe, it } from "mocha";
import { DetectAbandonedCarts } from "../../../application/carts/detect-abandoned-carts.js";
import { DeliverWebhooks } from "../../../application/webhooks/deliver-webhooks.js";
import { EVENT_TYPES, type EventType } from "../../../domain/events/event-type.js";
import { registerCustomer, withToken } from "../../support/customer-fixtures.js";
import { checkoutSession, createProduct, fillCustomerCart, fillSessionCart, placeSimpleOrder, setUpDelivery } from "../../support/order-fixtures.js";
import { signedOrderPatch, signedRequest } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";
import { verifyReceipt, WebhookReceiver } from "../../support/webhook-receiver.js";

describe("every event type reaches subscribed endpoints only", () => {
  let t: TestApplication;
  let receiver: WebhookReceiver;
  let secret: string;
  let publishable: string;
  let endpointIds: string[] = [];

  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1", STOREFRONT_CART_ABANDON_AFTER: "1s" } });
    receiver = await WebhookReceiver.start();
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    await setUpDelivery(t.client, secret);
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });
  afterEach(async () => {
    for (const id of endpointIds) await t.client.patch(`/v1/webhook_endpoints/${id}`, { enabled: false }, { key: secret });
    endpointIds = [];
  });

  /** Subscribes one endpoint to `type` and one to every other type, runs `operation`, delivers. */
  const expectDelivered = async (type: EventType, operation: () => Promise<unknown>): Promise<any[]> => {
    const path = `/${type}-${randomUUID().slice(0, 8)}`;
    const on = await t.client.post("/v1/webhook_endpoints", { url: receiver.url(`${path}/on`), events: [type] }, { key: secret });
    const off = await t.client.post("/v1/webhook_endpoints", { url: receiver.url(`${path}/off`), events: EVENT_TYPES.filter((e) => e !== type) }, { key: secret });
    assert.equal(on.status, 201, on.text);
    assert.equal(off.status, 201, off.text);
    endpointIds.push(on.body.webhook_endpoint.id, off.body.webhook_endpoint.id);
    await operation();
    await t.application.container.get(DeliverWebhooks).execute();
    const received = receiver.of(`${path}/on`).map((r) => verifyReceipt(on.body.webhook_endpoint.secret, r));
    assert.ok(received.length >= 1, `${type} reached the subscribed endpoint`);
    assert.ok(received.every((body) => body.type === type), "the subscribed endpoint got only its type");
    const leaked = receiver.of(`${path}/off`).map((r) => verifyReceipt(off.body.webhook_endpoint.secret, r)).filter((body) => body.type === type);
    assert.deepEqual(leaked, [], `${type} did not reach the endpoint not subscribed to it`);
    return received;
  };

  const order = async (): Promise<any> => (await placeSimpleOrder(t.client, { secret, publishable })).order;
  const patchOrder = async (orderId: string, body: Record<string, unknown>): Promise<void> => {
    const patched = await signedOrderPatch(t.client, orderId, body, { key: secret, secret: t.store.store.hmacSecret });
    assert.equal(patched.status, 200, patched.text);
  };

  it("order.created: checkout", async () => {
    let placed: any;
    const [body] = await expectDelivered("order.created", async () => (placed = await order()));
    assert.equal(body.data.order.id, placed.id);
  });

  it("order.paid: payment_status becomes paid", async () => {
    const placed = await order();
    const [body] = await expectDelivered("order.paid", () => patchOrder(placed.id, { payment_status: "paid" }));
    assert.equal(body.data.order.id, placed.id);
    assert.equal(body.data.order.payment_status, "paid");
  });

  it("order.fulfilled: order_status becomes shipped", async () => {
    const placed = await order();
    await patchOrder(placed.id, { order_status: "processing" });
    const [body] = await expectDelivered("order.fulfilled", () => patchOrder(placed.id, { order_status: "shipped" }));
    assert.equal(body.data.order.order_status, "shipped");
  });

  it("order.cancelled: order_status becomes cancelled", async () => {
    const placed = await order();
    const [body] = await expectDelivered("order.cancelled", () => patchOrder(placed.id, { order_status: "cancelled" }));
    assert.equal(body.data.order.id, placed.id);
  });

  it("order.delivered: order_status becomes delivered", async () => {
    const placed = await order();
    await patchOrder(placed.id, { order_status: "processing" });
    await patchOrder(placed.id, { order_status: "shipped" });
    const [body] = await expectDelivered("order.delivered", () => patchOrder(placed.id, { order_status: "delivered" }));
    assert.equal(body.data.order.order_status, "delivered");
  });

  it("message.created: a customer opens a thread, and the store replies", async () => {
    const customer = await registerCustomer(t.client, secret);
    let threadId = "";
    const [opened] = await expectDelivered("message.created", async () => {
      const thread = await t.client.post("/v1/messaging/threads", { subject: "Colours", thread_type: "general", message: "In green?" }, withToken(secret, customer.accessToken));
      assert.equal(thread.status, 201, thread.text);
      threadId = thread.body.id;
    });
    assert.equal(opened.data.message.sender_type, "customer");
    assert.equal(opened.data.thread.id, threadId);
    assert.equal(opened.data.thread.customer_email, customer.email);
    const [replied] = await expectDelivered("message.created", async () => {
      const reply = await t.client.post(`/admin/v1/inbox/threads/${threadId}/messages`, { message_content: "Yes, in green." }, { key: secret });
      assert.equal(reply.status, 201, reply.text);
    });
    assert.equal(replied.data.message.sender_type, "store");
  });

  it("customer.created: registration", async () => {
    let id = "";
    const [body] = await expectDelivered("customer.created", async () => (id = (await registerCustomer(t.client, secret)).id));
    assert.equal(body.data.customer.id, id);
  });

  it("product.created: a product is created", async () => {
    let productId = "";
    const received = await expectDelivered("product.created", async () => (productId = (await createProduct(t.client, secret, "Basket", { price: 1_000, stock: 3 })).productId));
    assert.ok(received.some((body) => JSON.stringify(body.data).includes(productId)));
  });

  it("product.stock_low: a variant's stock falls to its threshold", async () => {
    const variant = await createProduct(t.client, secret, "Mug", { price: 1_000, stock: 20, threshold: 5 });
    const [body] = await expectDelivered("product.stock_low", async () => {
      const patched = await t.client.patch(`/v1/products/${variant.productId}/variants/${variant.variantId}`, { stock: 4 }, { key: secret });
      assert.equal(patched.status, 200, patched.text);
    });
    assert.equal(body.data.variant_id, variant.variantId);
    assert.equal(body.data.stock, 4);
  });

  it("cart.abandoned: a customer's cart sits untouched (1 s here)", async () => {
    const customer = await registerCustomer(t.client, secret);
    const variant = await createProduct(t.client, secret, "Rug", { price: 5_000, stock: 10 });
    await fillCustomerCart(t.client, publishable, customer, [{ variantId: variant.variantId, quantity: 2 }]);
    const received = await expectDelivered("cart.abandoned", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      await t.application.container.get(DetectAbandonedCarts).execute();
    });
    assert.ok(received.some((body) => body.data.customer_id === customer.id));
  });

  it("gift_card.issued: a gift card is created", async () => {
    let cardId = "";
    const [body] = await expectDelivered("gift_card.issued", async () => {
      const issued = await t.client.post("/v1/gift-cards", { initial_balance: 1_000 }, { key: secret });
      assert.equal(issued.status, 201, issued.text);
      cardId = issued.body.id;
    });
    assert.equal(body.data.gift_card.id, cardId);
  });

  it("promotion.applied: checkout applies a promotion", async () => {
    const variant = await createProduct(t.client, secret, "Vase", { price: 200_000, stock: 10 });
    const promotion = await t.client.post(
      "/v1/promotions",
      { name: "Vase days", type: "discount", discount_type: "percentage", discount_value: 5, applicable_products: [variant.productId], end_date: "2099-01-01T00:00:00Z" },
      { key: secret },
    );
    assert.equal(promotion.status, 201, promotion.text);
    const session = await fillSessionCart(t.client, publishable, [{ variantId: variant.variantId, quantity: 1 }]);
    const [body] = await expectDelivered("promotion.applied", () => checkoutSession(t.client, secret, session));
    assert.equal(body.data.promotion_id, promotion.body.id);
  });

  /** Initialises a simulated card payment for a new order (an email with "+fail" is declined). */
  const payment = async (email: string): Promise<string> => {
    const placed = await order();
    const body = { provider: "card_redirect", amount: placed.amount_due, order_id: placed.id, email, success_url: "https://shop.example/paid", cancel_url: "https://shop.example/cancelled" };
    const started = await signedRequest(t.client, "POST", "/v1/payments/initialize", body, { key: secret, secret: t.store.store.hmacSecret });
    assert.equal(started.status, 201, started.text);
    return started.body.reference;
  };
  const verifyPayment = async (reference: string, status: string): Promise<void> => {
    const verified = await t.client.post("/v1/payments/verify", { reference }, { key: secret });
    assert.equal(verified.status, 200, verified.text);
    assert.equal(verified.body.status, status);
  };

  it("payment.succeeded: a payment verification finds it paid", async () => {
    const reference = await payment("amina@example.com");
    const received = await expectDelivered("payment.succeeded", () => verifyPayment(reference, "paid"));
    assert.ok(received.some((body) => JSON.stringify(body.data).includes(reference)));
  });

  it("payment.failed: a payment verification finds it failed", async () => {
    const reference = await payment("amina+fail@example.com");
    const received = await expectDelivered("payment.failed", () => verifyPayment(reference, "failed"));
    assert.ok(received.some((body) => JSON.stringify(body.data).includes(reference)));
  });
});
