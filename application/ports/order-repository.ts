// Orders and their lines.
import type { ServiceIdentifier } from "inversify";
import type { Order } from "../../domain/orders/order.js";
import type { OrderStatus, PaymentStatus } from "../../domain/orders/order-status.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface OrderListFilter {
  readonly customerId?: string | undefined;
  readonly orderStatus?: OrderStatus | undefined;
  readonly paymentStatus?: PaymentStatus | undefined;
}

export interface OrderRepository {
  /**
   * Claims an order number for one checkout of the store, outside any unit of work (an adapter may
   * reserve numbers in a short transaction of its own, so checkouts do not all write one counter
   * row). Undefined when none could be claimed. Optional: without it, or without a number,
   * `nextSequence` numbers in the checkout's transaction.
   */
  claimSequence?(storeId: string): Promise<number | undefined>;
  /** Gives back a claimed number whose checkout refused the order before any COMMIT (no order holds it). */
  releaseSequence?(storeId: string, number: number): void;
  /** The next order number of the store, from the store's counter, locked until the transaction ends. */
  nextSequence(storeId: string): Promise<number>;
  insert(storeId: string, order: Order): Promise<void>;
  find(storeId: string, orderId: string): Promise<Order | undefined>;
  /** Locks the order until the unit of work ends. */
  lock(storeId: string, orderId: string): Promise<Order | undefined>;
  update(storeId: string, order: Order): Promise<void>;
  listPage(storeId: string, filter: OrderListFilter, page: PageRequest): Promise<Page<Order>>;
}
export const OrderRepository: ServiceIdentifier<OrderRepository> = Symbol.for("storefront.OrderRepository");
