// The order state machines (docs/api/states.md, "Order status" and "Payment status"). order_status:
// pending → processing | cancelled; processing → shipped | cancelled; shipped → delivered;
// delivered and cancelled are final. payment_status: pending → paid | failed; failed → paid |
// pending; paid → refunded | partially_refunded; partially_refunded → refunded; refunded is final
// (partially_refunded is set by refunds, docs/staff.md "Refunds and returns"). Moving to the
// current value is a no-op, not an error.
import { Data, Either } from "effect";

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded", "partially_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export const PAYMENT_MOVES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ["paid", "failed"],
  failed: ["paid", "pending"],
  paid: ["refunded", "partially_refunded"],
  partially_refunded: ["refunded"],
  refunded: [],
};

export class InvalidTransition extends Data.TaggedError("InvalidTransition")<{
  readonly field: "order_status" | "payment_status";
  readonly from: string;
  readonly to: string;
  readonly message: string;
}> {}

export const isFinalOrderStatus = (status: OrderStatus): boolean => ORDER_MOVES[status].length === 0;
export const isFinalPaymentStatus = (status: PaymentStatus): boolean => PAYMENT_MOVES[status].length === 0;

const move = <S extends string>(
  field: "order_status" | "payment_status",
  moves: Readonly<Record<S, readonly S[]>>,
  from: S,
  to: S | undefined,
): Either.Either<S, InvalidTransition> => {
  if (to === undefined || to === from) return Either.right(from);
  if (moves[from].includes(to)) return Either.right(to);
  const allowed = moves[from];
  return Either.left(
    new InvalidTransition({
      field,
      from,
      to,
      message:
        allowed.length === 0
          ? `${field} is ${from}, a final state; it cannot become ${to}.`
          : `${field} cannot move from ${from} to ${to}; allowed: ${allowed.join(", ")}.`,
    }),
  );
};

export const moveOrderStatus = (from: OrderStatus, to: OrderStatus | undefined): Either.Either<OrderStatus, InvalidTransition> =>
  move("order_status", ORDER_MOVES, from, to);

export const movePaymentStatus = (from: PaymentStatus, to: PaymentStatus | undefined): Either.Either<PaymentStatus, InvalidTransition> =>
  move("payment_status", PAYMENT_MOVES, from, to);
