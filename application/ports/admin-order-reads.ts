// What the admin API reads of orders beyond the order itself (docs/staff.md, "Orders and
// fulfilment"): the filtered list, an order's payments, and the facts its timeline is made of.
import type { ServiceIdentifier } from "inversify";
import type { Address, Order } from "../../domain/orders/order.js";
import type { AdminOrderFilter } from "../orders/admin-order-inputs.js";
import type { Page, PageRequest } from "../pagination/page.js";
import type { AuditEntry } from "./audit-log.js";

export interface OrderPayment {
  readonly id: string;
  readonly reference: string;
  readonly provider: string;
  readonly mode: string;
  readonly status: string;
  /** Integer minor units of `currency`. */
  readonly amount: number;
  readonly currency: string;
  readonly failureReason: string | null;
  readonly paidAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** An event of the outbox that names the order. */
export interface OrderEvent {
  readonly id: string;
  readonly type: string;
  readonly createdAt: string;
}

/** One attempt to deliver an event naming the order to a webhook endpoint. */
export interface OrderWebhookAttempt {
  readonly eventId: string;
  readonly eventType: string;
  readonly endpointId: string;
  readonly endpointUrl: string | null;
  readonly attemptNumber: number;
  readonly statusCode: number | null;
  readonly success: boolean;
  readonly error: string | null;
  readonly attemptedAt: string;
}

export interface OrderMessage {
  readonly threadId: string;
  readonly subject: string;
  readonly messageId: string;
  readonly senderType: string;
  readonly senderName: string;
  /** The message's start (at most 200 characters). */
  readonly excerpt: string;
  readonly createdAt: string;
}

/** Every source of the order's timeline, each bounded (the newest `limit` of each). */
export interface OrderTimelineFacts {
  readonly audit: readonly AuditEntry[];
  readonly payments: readonly OrderPayment[];
  readonly events: readonly OrderEvent[];
  readonly webhookAttempts: readonly OrderWebhookAttempt[];
  readonly messages: readonly OrderMessage[];
}

export interface AdminOrderReads {
  /** The store's orders matching every filter, newest first (created_at, then id), by cursor. */
  listPage(storeId: string, filter: AdminOrderFilter, page: PageRequest): Promise<Page<Order>>;
  /** The order's payments, oldest first. */
  payments(storeId: string, orderId: string): Promise<readonly OrderPayment[]>;
  timelineFacts(storeId: string, orderId: string, limit: number): Promise<OrderTimelineFacts>;
  /** The address the store ships from (`stores.address`), printed on packing slips; undefined when not set. */
  storeAddress(storeId: string): Promise<Address | undefined>;
}
export const AdminOrderReads: ServiceIdentifier<AdminOrderReads> = Symbol.for("storefront.AdminOrderReads");
