// Test support for fault tests: a store stocked over HTTP (delivery, products with limited stock,
// gift cards), and requests with a hard time limit that report how they ended instead of throwing.
import { randomUUID } from "node:crypto";
import type { TestClient } from "./http-client.js";
import { checkoutBody, createProduct, setUpDelivery } from "./order-fixtures.js";

export interface StockedShop {
  readonly variantIds: readonly string[];
  /** variant id -> the stock it was created with. */
  readonly initialStock: ReadonlyMap<string, number>;
  readonly giftCardCodes: readonly string[];
}

export interface ShopPlan {
  readonly products: number;
  readonly stock: number;
  readonly giftCards: number;
  /** KES major units. */
  readonly giftCardBalance: number;
}

export const stockShop = async (client: TestClient, secret: string, plan: ShopPlan): Promise<StockedShop> => {
  await setUpDelivery(client, secret);
  const variantIds: string[] = [];
  const initialStock = new Map<string, number>();
  for (let i = 0; i < plan.products; i++) {
    const variant = await createProduct(client, secret, `Fault ${i} ${randomUUID().slice(0, 6)}`, { price: 1_000 + 500 * i, stock: plan.stock });
    variantIds.push(variant.variantId);
    initialStock.set(variant.variantId, plan.stock);
  }
  const giftCardCodes: string[] = [];
  for (let i = 0; i < plan.giftCards; i++) {
    const card = await client.post("/v1/gift-cards", { initial_balance: plan.giftCardBalance }, { key: secret });
    if (card.status !== 201) throw new Error(`gift card not issued: ${card.status} ${card.text}`);
    giftCardCodes.push(card.body.code);
  }
  return { variantIds, initialStock, giftCardCodes };
};

/** How a request ended: an answer (with its time) or a transport error (reset, refused, time limit). */
export interface Outcome {
  readonly status: number | undefined;
  readonly ms: number;
  readonly body: any;
  readonly headers: Headers | undefined;
  readonly error: string | undefined;
  /** When the request was sent, in ms since the load started. */
  readonly at: number;
}

export interface TimedRequest {
  readonly method: string;
  readonly path: string;
  readonly key: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** Sends one request; never throws. A request not answered within `limitMs` ends as an error. */
export const timedRequest = async (baseUrl: string, request: TimedRequest, limitMs: number, origin = 0): Promise<Outcome> => {
  const started = performance.now();
  const headers: Record<string, string> = { authorization: `Bearer ${request.key}`, ...(request.headers ?? {}) };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  try {
    const response = await fetch(baseUrl + request.path, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(limitMs),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, ms: performance.now() - started, body, headers: response.headers, error: undefined, at: started - origin };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return { status: undefined, ms: performance.now() - started, body: undefined, headers: undefined, error: `${String(error)}${cause}`, at: started - origin };
  }
};

/** A checkout of a session cart whose order carries the session id in `notes`, so tests can find it. */
export const faultCheckoutBody = (session: string, giftCardCode: string | undefined): Record<string, unknown> =>
  checkoutBody({ session_id: session }, { notes: session, ...(giftCardCode !== undefined ? { gift_card_code: giftCardCode } : {}) });

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
