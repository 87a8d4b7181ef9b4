// Returns of order lines (docs/staff.md, "Refunds and returns"): requested by the customer,
// approved or refused by staff, the goods received (each line restocked or not), and refunded.
// requested → approved | refused; approved → received | refunded; received → refunded; refused
// and refunded are final. Pure.
export const RETURN_STATUSES = ["requested", "approved", "refused", "received", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_MOVES: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ["approved", "refused"],
  approved: ["received", "refunded"],
  received: ["refunded"],
  refused: [],
  refunded: [],
};

export interface ReturnLine {
  readonly lineId: string;
  readonly quantity: number;
  /** Units the store received back (set when received). */
  readonly receivedQuantity: number;
  /** Units of those put back in stock. */
  readonly restockedQuantity: number;
}

export interface OrderReturn {
  readonly id: string;
  readonly orderId: string;
  readonly customerId: string | null;
  readonly status: ReturnStatus;
  readonly reason: string;
  readonly lines: readonly ReturnLine[];
  readonly staffNote: string | null;
  readonly refundId: string | null;
  readonly livemode: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface ReturnEvent {
  readonly id: string;
  readonly returnId: string;
  readonly fromStatus: ReturnStatus | null;
  readonly toStatus: ReturnStatus;
  readonly actor: { readonly type: "customer" | "staff" | "api_key"; readonly id: string | null; readonly label: string };
  readonly note: string | null;
  readonly data: Readonly<Record<string, unknown>>;
  readonly at: string;
}

export const canMoveReturn = (from: ReturnStatus, to: ReturnStatus): boolean => RETURN_MOVES[from].includes(to);

/** Units of each line held by returns that are not refused (a line is returned at most once per unit). */
export const returnedQuantities = (returns: readonly Pick<OrderReturn, "status" | "lines">[]): Map<string, number> => {
  const held = new Map<string, number>();
  for (const r of returns) {
    if (r.status === "refused") continue;
    for (const line of r.lines) held.set(line.lineId, (held.get(line.lineId) ?? 0) + line.quantity);
  }
  return held;
};

/** Orders whose goods went out and whose payment was taken can be returned. */
export const isReturnable = (order: { readonly orderStatus: string; readonly paymentStatus: string }): boolean =>
  (order.orderStatus === "shipped" || order.orderStatus === "delivered") && (order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded");
