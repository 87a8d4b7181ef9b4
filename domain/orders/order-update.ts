// What an accepted order update changes besides the fields themselves: the timestamps a move
// fills in, the events it emits, and whether stock and the gift card go back (CONTRACT 5 and 7).
import { Either } from "effect";
import { moveOrderStatus, movePaymentStatus, type InvalidTransition, type OrderStatus, type PaymentStatus } from "./order-status.js";

export interface OrderState {
  readonly orderStatus: OrderStatus;
  readonly paymentStatus: PaymentStatus;
  readonly shippedAt: string | null;
  readonly deliveredAt: string | null;
}

export interface StatusUpdate {
  readonly orderStatus?: OrderStatus | undefined;
  readonly paymentStatus?: PaymentStatus | undefined;
  readonly shippedAt?: string | undefined;
  readonly deliveredAt?: string | undefined;
}

export type OrderEventType = "order.paid" | "order.fulfilled" | "order.cancelled";

export interface UpdateOutcome {
  readonly next: OrderState;
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
    const events: OrderEventType[] = [];
    if (becamePaid) events.push("order.paid");
    if (becameShipped) events.push("order.fulfilled");
    if (becameCancelled) events.push("order.cancelled");
    return {
      next: {
        orderStatus,
        paymentStatus,
        shippedAt: update.shippedAt ?? (becameShipped ? (state.shippedAt ?? now) : state.shippedAt),
        deliveredAt: update.deliveredAt ?? (becameDelivered ? (state.deliveredAt ?? now) : state.deliveredAt),
      },
      events,
      restoreStock: becameCancelled,
      restoreGiftCard: becameCancelled || becameRefunded,
    };
  });
