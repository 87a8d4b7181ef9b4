// The admin API's order reads (docs/staff.md, "Orders and fulfilment"): the filtered list, one
// order with its payments and parcels, its parcels alone, and what a packing slip prints. Every
// read is scoped by the caller's store: another store's order is missing.
// This module holds what the use cases ListAdminOrders, GetAdminOrder, ListOrderFulfilments and
// GetPackingSlip share (one class a file, docs/architecture.md, the application/ ring).
import type { Fulfilment } from "../../domain/orders/fulfilment.js";
import type { Address, Order } from "../../domain/orders/order.js";
import type { Principal } from "../access/principal.js";
import { OrderRepository } from "../ports/order-repository.js";
import { orderMissing } from "./update-order.js";

/** What a packing slip prints: the store, the order, where it goes, and the lines (of one parcel, or all). */
export interface PackingSlip {
  readonly storeName: string;
  readonly storeAddress: Address | null;
  readonly orderNumber: string;
  readonly orderedAt: string;
  readonly customerName: string;
  readonly customerEmail: string;
  readonly customerPhone: string | null;
  readonly shipTo: Address;
  /** The parcel printed, or null for the whole order. */
  readonly parcel: { readonly id: string; readonly carrier: string | null; readonly trackingNumber: string | null; readonly createdAt: string } | null;
  readonly lines: readonly { readonly sku: string; readonly name: string; readonly ordered: number; readonly inParcel: number }[];
}

/** Units of each line the parcels carry. */
export const shippedOf = (fulfilments: readonly Fulfilment[]): Map<string, number> => {
  const shipped = new Map<string, number>();
  for (const f of fulfilments) for (const line of f.lines) shipped.set(line.orderItemId, (shipped.get(line.orderItemId) ?? 0) + line.quantity);
  return shipped;
};

export async function findAdminOrder(deps: { readonly orders: OrderRepository }, principal: Principal, orderId: string): Promise<Order> {
  const order = await deps.orders.find(principal.storeId, orderId);
  if (order === undefined) throw orderMissing();
  return order;
}
