// Refunds of orders (docs/staff.md, "Refunds and returns"), each order's refund balance row, and
// the units of an order's lines put back in stock by refunds and returns.
import type { ServiceIdentifier } from "inversify";
import type { Refund } from "../../domain/orders/refund.js";

export interface OrderRestock {
  readonly lineId: string;
  readonly quantity: number;
}

export interface RefundRepository {
  insert(storeId: string, refund: Refund): Promise<void>;
  /** Writes the refund's state (status, provider id, failure, checks, settled time). */
  update(storeId: string, refund: Refund): Promise<void>;
  find(storeId: string, refundId: string): Promise<Refund | undefined>;
  /** Locks the refund until the unit of work ends. */
  lock(storeId: string, refundId: string): Promise<Refund | undefined>;
  findByIdempotencyKey(storeId: string, idempotencyKey: string): Promise<Refund | undefined>;
  /** Every refund of an order, oldest first (the order's timeline reads it). */
  listForOrder(storeId: string, orderId: string): Promise<Refund[]>;
  /** Across stores: a provider's asynchronous result names the refund by the provider's id for it. */
  findByProviderRefundId(destination: string, providerRefundId: string): Promise<{ readonly storeId: string; readonly refund: Refund } | undefined>;
  /**
   * Pending refunds whose next check is due, claimed for `leaseMs` (their next check moved on by a
   * conditional update), so two workers never ask about one refund at once.
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<Array<{ readonly storeId: string; readonly refund: Refund }>>;
  /**
   * Writes the order's refund balance row (what its pending and succeeded refunds hold): every
   * reservation writes it, so two concurrent reservations of one order conflict on it (a lock wait,
   * or on Galera a certification failure and a retry) even on nodes that do not share locks.
   */
  writeBalance(storeId: string, orderId: string, held: number, succeeded: number, at: string): Promise<void>;
  /** Units of each line already put back in stock by refunds and returns. */
  restockedQuantities(storeId: string, orderId: string): Promise<Map<string, number>>;
  recordRestocks(storeId: string, orderId: string, restocks: readonly OrderRestock[], source: { readonly type: "refund" | "return" | "order"; readonly id: string }, at: string): Promise<void>;
}
export const RefundRepository: ServiceIdentifier<RefundRepository> = Symbol.for("storefront.RefundRepository");
