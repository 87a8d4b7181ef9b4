// Paid orders for the admin write scenarios (`admin-fulfil`, `admin-refund`; issue 33, item 5),
// made the way a shop gets them: seeded session carts of a few lines (bench/bench-carts.ts), each
// checked out through `POST /v1/orders`, then marked paid through the signed
// `PATCH /v1/orders/{id}` ({"payment_status":"paid"}) a payment provider's callback stands for.
// No payment row names a provider, so the orders count as paid off-line: their refunds are
// `manual` and reach no provider. Checkout is the delivery-ready store's (see the checkout scenario).
import { createHmac, randomUUID } from "node:crypto";
import { openBenchApplication } from "./bench-application.js";
import { seedCheckoutCarts } from "./bench-carts.js";
import { log } from "./harness.js";
import type { PrepareContext } from "./scenarios.js";

/** Requests in flight while preparing: enough to keep the server busy, few enough not to queue. */
const IN_FLIGHT = 8;

export interface PaidOrdersOptions {
  /** How many orders. */
  readonly count: number;
  /** Lines of each order (distinct sampled variants, one unit each). */
  readonly linesPerOrder: number;
  /** Names this batch's cart sessions (unique within a run). */
  readonly label: string;
}

const checkoutBody = (session: string): string =>
  JSON.stringify({
    session_id: session,
    email: "bench-admin@example.com",
    name: "Bench Shopper",
    shipping_address: { name: "Bench Shopper", line1: "Waiyaki Way 12", city: "Nairobi", country: "KE", latitude: -1.2683, longitude: 36.8111 },
    payment_method: "mobile_stk",
  });

/** Runs `work(i)` for i in [0, count) with `IN_FLIGHT` at a time. */
const inParallel = async <T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> => {
  const out = new Array<T>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      out[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count) }, worker));
  return out;
};

const expectOk = async (response: Response, what: string): Promise<unknown> => {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
};

/** Makes `options.count` paid, unfulfilled orders in the bench store; answers their ids. */
export const preparePaidOrders = async (context: PrepareContext, options: PaidOrdersOptions): Promise<string[]> => {
  const started = performance.now();
  const { seed } = context;
  const application = openBenchApplication(context.databaseUrl);
  let hmacSecret: string;
  try {
    const store: { hmac_secret: string } | undefined = await application.database.knex("stores").where("id", seed.store_id).first("hmac_secret");
    if (store === undefined) throw new Error(`no store ${seed.store_id}`);
    hmacSecret = store.hmac_secret;
  } finally {
    await application.close();
  }
  const sessions = Array.from({ length: options.count }, (_, i) => `bench-${options.label}-${String(i).padStart(6, "0")}`);
  await seedCheckoutCarts(context.databaseUrl, seed.store_id, seed.sample.variant_ids, sessions, options.linesPerOrder);

  const authorization = `Bearer ${seed.secret_key}`;
  const ids = await inParallel(sessions.length, async (i) => {
    const order = (await expectOk(
      await fetch(`${context.baseUrl}/v1/orders`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: checkoutBody(sessions[i]!),
      }),
      "checkout",
    )) as { id: string };
    const body = JSON.stringify({ payment_status: "paid" });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac("sha256", hmacSecret).update(`${timestamp}.${body}`).digest("base64");
    const paid = (await expectOk(
      await fetch(`${context.baseUrl}/v1/orders/${order.id}`, {
        method: "PATCH",
        headers: {
          authorization,
          "content-type": "application/json",
          "x-timestamp": timestamp,
          "x-signature": signature,
          "idempotency-key": randomUUID(),
        },
        body,
      }),
      `PATCH /v1/orders/${order.id}`,
    )) as { payment_status: string };
    if (paid.payment_status !== "paid") throw new Error(`order ${order.id} is ${paid.payment_status} after the payment update`);
    return order.id;
  });
  log(`  ${options.label}: ${ids.length} paid orders of ${options.linesPerOrder} lines prepared (checkout + signed PATCH) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return ids;
};
