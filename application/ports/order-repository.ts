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
  /** The next order number of the store (locks the store's counter until the transaction ends). */
  nextSequence(storeId: string): Promise<number>;
  insert(storeId: string, order: Order): Promise<void>;
  find(storeId: string, orderId: string): Promise<Order | undefined>;
  /** Locks the order until the unit of work ends. */
  lock(storeId: string, orderId: string): Promise<Order | undefined>;
  update(storeId: string, order: Order): Promise<void>;
  listPage(storeId: string, filter: OrderListFilter, page: PageRequest): Promise<Page<Order>>;
}
export const OrderRepository: ServiceIdentifier<OrderRepository> = Symbol.for("storefront.OrderRepository");
