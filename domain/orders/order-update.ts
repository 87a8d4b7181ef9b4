// What an accepted order update changes besides the fields themselves: the timestamps a move
// fills in, the events it emits, and whether stock and the gift card go back (docs/api/states.md,
// "Order status"; docs/api/webhooks.md, "Event types").
import { Either } from "effect";
import type { FulfilmentStatus } from "./fulfilment.js";
import { InvalidTransition, moveOrderStatus, movePaymentStatus, type OrderStatus, type PaymentStatus } from "./order-status.js";

export interface OrderState {
  readonly orderStatus: OrderStatus;
  readonly paymentStatus: PaymentStatus;
  readonly shippedAt: string | null;
  readonly deliveredAt: string | null;
  /** Absent: nothing has shipped. */
  readonly fulfilmentStatus?: FulfilmentStatus | undefined;
}

export interface StatusUpdate {
  readonly orderStatus?: OrderStatus | undefined;
  readonly paymentStatus?: PaymentStatus | undefined;
  readonly shippedAt?: string | undefined;
  readonly deliveredAt?: string | undefined;
}

export type OrderEventType = "order.paid" | "order.fulfilled" | "order.delivered" | "order.cancelled";

export interface UpdateOutcome {
  readonly next: OrderState & { readonly fulfilmentStatus: FulfilmentStatus };
  readonly events: readonly OrderEventType[];
  /** Cancelling puts the ordered units back in stock. */
  readonly restoreStock: boolean;
  /** Cancelling or refunding gives the gift card its redeemed amount back. */
  readonly restoreGiftCard: boolean;
}

/** Applies both moves or neither; an illegal move leaves the order as it was. */
export const applyStatusUpdate = (state: OrderState, update: StatusUpdate, now: string): Either.Either<UpdateOutcome, InvalidTransition> =>
  Either.gen(function* () {
    const orderStatus = yield* moveOrderStatus(state.orderStatus, update.orderStatus);
    const paymentStatus = yield* movePaymentStatus(state.paymentStatus, update.paymentStatus);
    const becameShipped = orderStatus === "shipped" && state.orderStatus !== "shipped";
    const becameDelivered = orderStatus === "delivered" && state.orderStatus !== "delivered";
    const becameCancelled = orderStatus === "cancelled" && state.orderStatus !== "cancelled";
    const becamePaid = paymentStatus === "paid" && state.paymentStatus !== "paid";
    const becameRefunded = paymentStatus === "refunded" && state.paymentStatus !== "refunded";
    const fulfilment = state.fulfilmentStatus ?? "unfulfilled";
    // Shipped goods cannot be put back in stock by a cancellation (docs/staff.md, "Orders and fulfilment").
    if (becameCancelled && fulfilment !== "unfulfilled") {
      return yield* Either.left(
        new InvalidTransition({
          field: "order_status",
          from: state.orderStatus,
          to: "cancelled",
          message: `order_status cannot move to cancelled: the order is ${fulfilment}, and shipped goods come back by a return.`,
        }),
      );
    }
    const events: OrderEventType[] = [];
    if (becamePaid) events.push("order.paid");
    if (becameShipped) events.push("order.fulfilled");
    if (becameDelivered) events.push("order.delivered");
    if (becameCancelled) events.push("order.cancelled");
    return {
      next: {
        orderStatus,
        paymentStatus,
        shippedAt: update.shippedAt ?? (becameShipped ? (state.shippedAt ?? now) : state.shippedAt),
        deliveredAt: update.deliveredAt ?? (becameDelivered ? (state.deliveredAt ?? now) : state.deliveredAt),
        // An order marked shipped has shipped whole: what no parcel carried goes in a last one.
        fulfilmentStatus: becameShipped ? "fulfilled" : fulfilment,
      },
      events,
      restoreStock: becameCancelled,
      restoreGiftCard: becameCancelled || becameRefunded,
    };
  });
