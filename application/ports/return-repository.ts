// Returns of order lines and every state each went through (docs/staff.md, "Refunds and returns").
import type { ServiceIdentifier } from "inversify";
import type { OrderReturn, ReturnEvent, ReturnStatus } from "../../domain/orders/order-return.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface ReturnRepository {
  insert(storeId: string, orderReturn: OrderReturn): Promise<void>;
  /** Writes status, lines, note, refund and updated_at. */
  update(storeId: string, orderReturn: OrderReturn): Promise<void>;
  find(storeId: string, returnId: string): Promise<OrderReturn | undefined>;
  /** Locks the return until the unit of work ends. */
  lock(storeId: string, returnId: string): Promise<OrderReturn | undefined>;
  /** An order's returns, oldest first. */
  listForOrder(storeId: string, orderId: string): Promise<OrderReturn[]>;
  /** The store's returns, newest first, all or of one status. */
  listPage(storeId: string, filter: { readonly status?: ReturnStatus | undefined }, page: PageRequest): Promise<Page<OrderReturn>>;
  recordEvent(storeId: string, event: ReturnEvent): Promise<void>;
  /** Oldest first. */
  events(storeId: string, returnId: string): Promise<ReturnEvent[]>;
}
export const ReturnRepository: ServiceIdentifier<ReturnRepository> = Symbol.for("storefront.ReturnRepository");
