// The admin API's order reads (docs/staff.md, "Orders and fulfilment"): the filtered list, one
// order with its payments and parcels, its parcels alone, and what a packing slip prints. Every
// read is scoped by the caller's store: another store's order is missing.
import { inject, injectable } from "inversify";
import type { Fulfilment } from "../../domain/orders/fulfilment.js";
import type { Address, Order } from "../../domain/orders/order.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { AdminOrderReads } from "../ports/admin-order-reads.js";
import { FulfilmentRepository } from "../ports/fulfilment-repository.js";
import { OrderRepository } from "../ports/order-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import type { AdminOrderFilter } from "./admin-order-inputs.js";
import {
  toAdminOrderRecord,
  toAdminOrderSummary,
  toFulfilmentRecord,
  type AdminOrderRecord,
  type AdminOrderSummary,
  type FulfilmentRecord,
} from "./admin-order-records.js";
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

@injectable()
export class AdminOrders {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AdminOrderReads) private readonly reads: AdminOrderReads,
    @inject(FulfilmentRepository) private readonly fulfilments: FulfilmentRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async list(principal: Principal, filter: AdminOrderFilter, page: PageRequest): Promise<Page<AdminOrderSummary>> {
    const found = await this.reads.listPage(principal.storeId, filter, page);
    return { ...found, items: found.items.map(toAdminOrderSummary) };
  }

  private async order(principal: Principal, orderId: string): Promise<Order> {
    const order = await this.orders.find(principal.storeId, orderId);
    if (order === undefined) throw orderMissing();
    return order;
  }

  async one(principal: Principal, orderId: string): Promise<AdminOrderRecord> {
    const order = await this.order(principal, orderId);
    const [fulfilments, payments] = await Promise.all([
      this.fulfilments.listByOrder(principal.storeId, orderId),
      this.reads.payments(principal.storeId, orderId),
    ]);
    return toAdminOrderRecord(order, shippedOf(fulfilments), payments, fulfilments);
  }

  async fulfilmentsOf(principal: Principal, orderId: string): Promise<readonly FulfilmentRecord[]> {
    const order = await this.order(principal, orderId);
    return (await this.fulfilments.listByOrder(principal.storeId, orderId)).map((f) => toFulfilmentRecord(f, order));
  }

  async packingSlip(principal: Principal, orderId: string, fulfilmentId: string | undefined): Promise<PackingSlip> {
    const order = await this.order(principal, orderId);
    const store = await this.stores.findById(principal.storeId);
    const fulfilments = await this.fulfilments.listByOrder(principal.storeId, orderId);
    const parcel = fulfilmentId === undefined ? undefined : fulfilments.find((f) => f.id === fulfilmentId);
    if (fulfilmentId !== undefined && parcel === undefined) {
      throw new ResourceMissing({ resource: "fulfilment", param: "fulfilment_id", message: "No such parcel of this order." });
    }
    const inParcel = parcel === undefined ? shippedOf(fulfilments) : shippedOf([parcel]);
    const items = parcel === undefined ? order.items : order.items.filter((item) => inParcel.has(item.id));
    return {
      storeName: store?.name ?? "",
      storeAddress: (await this.reads.storeAddress(principal.storeId)) ?? null,
      orderNumber: order.orderNumber,
      orderedAt: order.createdAt,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      shipTo: order.shippingAddress,
      parcel: parcel === undefined ? null : { id: parcel.id, carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, createdAt: parcel.createdAt },
      lines: items.map((item) => ({
        sku: item.sku,
        name: item.variantName === "" || item.variantName === item.productName ? item.productName : `${item.productName} — ${item.variantName}`,
        ordered: item.quantity,
        inParcel: inParcel.get(item.id) ?? 0,
      })),
    };
  }
}

/** Units of each line the parcels carry. */
export const shippedOf = (fulfilments: readonly Fulfilment[]): Map<string, number> => {
  const shipped = new Map<string, number>();
  for (const f of fulfilments) for (const line of f.lines) shipped.set(line.orderItemId, (shipped.get(line.orderItemId) ?? 0) + line.quantity);
  return shipped;
};
