// Fulfilment (docs/staff.md, "Orders and fulfilment"): an order ships in parcels, each carrying
// some quantity of some of its lines. A parcel may never carry more of a line than was ordered
// less what earlier parcels carried, and only an order that is paid and neither cancelled nor
// refunded ships. The order's fulfilment status follows from what has shipped. Pure rules.
import { Data, Either } from "effect";
import type { Order } from "./order.js";

export const FULFILMENT_STATUSES = ["unfulfilled", "partially_fulfilled", "fulfilled"] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export interface FulfilmentLine {
  readonly orderItemId: string;
  readonly quantity: number;
}

/** A parcel: what it carries, how it travels. */
export interface Fulfilment {
  readonly id: string;
  readonly orderId: string;
  readonly carrier: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  readonly note: string | null;
  readonly lines: readonly FulfilmentLine[];
  readonly createdAt: string;
}

/** Why a parcel is refused: the code the API answers (422), the request field it names, and why. */
export class FulfilmentRefused extends Data.TaggedError("FulfilmentRefused")<{
  readonly code: "order_not_fulfillable" | "order_already_fulfilled" | "fulfilment_exceeds_quantity" | "order_line_unknown" | "fulfilment_line_repeated";
  readonly param?: string;
  readonly message: string;
}> {}

/** Payment states in which an order ships: paid, or paid with part of it refunded (what was not refunded still ships). */
const SHIPPABLE_PAYMENTS: ReadonlySet<string> = new Set(["paid", "partially_refunded"]);

/** Whether the order may ship at all: paid, and neither cancelled nor refunded nor wholly shipped. */
export const fulfilmentRefusal = (order: Order): FulfilmentRefused | undefined => {
  if (order.orderStatus === "cancelled") {
    return new FulfilmentRefused({ code: "order_not_fulfillable", message: "The order is cancelled; it cannot be fulfilled." });
  }
  if (order.paymentStatus === "refunded") {
    return new FulfilmentRefused({ code: "order_not_fulfillable", message: "The order is refunded; it cannot be fulfilled." });
  }
  if (!SHIPPABLE_PAYMENTS.has(order.paymentStatus)) {
    return new FulfilmentRefused({ code: "order_not_fulfillable", message: `The order is not paid (payment_status ${order.paymentStatus}); only paid orders are fulfilled.` });
  }
  if (order.fulfilmentStatus === "fulfilled" || order.orderStatus === "shipped" || order.orderStatus === "delivered") {
    return new FulfilmentRefused({ code: "order_already_fulfilled", message: "Every line of the order has shipped." });
  }
  return undefined;
};

/** How many of each line have shipped, by order item id. */
export type Shipped = ReadonlyMap<string, number>;

/**
 * The parcel's lines, checked against the order and what has shipped; `requested` null means
 * "everything that has not shipped yet". Each line at most once, each quantity at least 1 and at
 * most what remains of its line.
 */
export const planParcel = (
  order: Order,
  shipped: Shipped,
  requested: readonly FulfilmentLine[] | null,
): Either.Either<readonly FulfilmentLine[], FulfilmentRefused> => {
  const refusal = fulfilmentRefusal(order);
  if (refusal !== undefined) return Either.left(refusal);
  const remaining = new Map(order.items.map((item) => [item.id, item.quantity - (shipped.get(item.id) ?? 0)]));
  if (requested === null) {
    const all = order.items.filter((item) => (remaining.get(item.id) ?? 0) > 0).map((item) => ({ orderItemId: item.id, quantity: remaining.get(item.id)! }));
    if (all.length === 0) return Either.left(new FulfilmentRefused({ code: "order_already_fulfilled", message: "Every line of the order has shipped." }));
    return Either.right(all);
  }
  const seen = new Set<string>();
  for (const [index, line] of requested.entries()) {
    const param = `lines[${index}]`;
    const left = remaining.get(line.orderItemId);
    if (left === undefined) {
      return Either.left(new FulfilmentRefused({ code: "order_line_unknown", param: `${param}.order_item_id`, message: `${line.orderItemId} is not a line of this order.` }));
    }
    if (seen.has(line.orderItemId)) {
      return Either.left(new FulfilmentRefused({ code: "fulfilment_line_repeated", param: `${param}.order_item_id`, message: "A line appears once in a parcel; add its quantities." }));
    }
    seen.add(line.orderItemId);
    if (line.quantity > left) {
      return Either.left(
        new FulfilmentRefused({
          code: "fulfilment_exceeds_quantity",
          param: `${param}.quantity`,
          message: `The line has ${left} left to ship (ordered ${left + (shipped.get(line.orderItemId) ?? 0)}, shipped ${shipped.get(line.orderItemId) ?? 0}); ${line.quantity} asked.`,
        }),
      );
    }
  }
  return Either.right(requested);
};

/** What has shipped once `parcel` is added. */
export const shippedWith = (shipped: Shipped, parcel: readonly FulfilmentLine[]): Shipped => {
  const next = new Map(shipped);
  for (const line of parcel) next.set(line.orderItemId, (next.get(line.orderItemId) ?? 0) + line.quantity);
  return next;
};

/** The order's fulfilment status from what has shipped of its lines. */
export const fulfilmentStatusOf = (order: Pick<Order, "items">, shipped: Shipped): FulfilmentStatus => {
  let any = false;
  let all = true;
  for (const item of order.items) {
    const done = shipped.get(item.id) ?? 0;
    if (done > 0) any = true;
    if (done < item.quantity) all = false;
  }
  return all && order.items.length > 0 ? "fulfilled" : any ? "partially_fulfilled" : "unfulfilled";
};
