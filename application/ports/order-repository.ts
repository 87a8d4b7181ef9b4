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
   * Readies an order number for the store's next checkout, outside any unit of work (an adapter
   * may reserve numbers in a short transaction of its own, so checkouts do not all write one
   * counter row). Optional: without it, `nextSequence` numbers in the checkout's transaction.
   */
  prepareSequence?(storeId: string): Promise<void>;
  /** The next order number of the store: a readied one, else from the store's counter, locked until the transaction ends. */
  nextSequence(storeId: string): Promise<number>;
  insert(storeId: string, order: Order): Promise<void>;
  find(storeId: string, orderId: string): Promise<Order | undefined>;
  /** Locks the order until the unit of work ends. */
  lock(storeId: string, orderId: string): Promise<Order | undefined>;
  update(storeId: string, order: Order): Promise<void>;
  listPage(storeId: string, filter: OrderListFilter, page: PageRequest): Promise<Page<Order>>;
}
export const OrderRepository: ServiceIdentifier<OrderRepository> = Symbol.for("storefront.OrderRepository");
