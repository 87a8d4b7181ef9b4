// GetPackingSlip, the use case behind GET /admin/v1/orders/{id}/packing-slip; what it shares with
// its sibling use cases is in admin-order-reads.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { AdminOrderReads } from "../ports/admin-order-reads.js";
import { FulfilmentRepository } from "../ports/fulfilment-repository.js";
import { OrderRepository } from "../ports/order-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { type PackingSlip, shippedOf, findAdminOrder } from "./admin-order-reads.js";

@injectable()
export class GetPackingSlip {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AdminOrderReads) private readonly reads: AdminOrderReads,
    @inject(FulfilmentRepository) private readonly fulfilments: FulfilmentRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, orderId: string, fulfilmentId: string | undefined): Promise<PackingSlip> {
    const order = await findAdminOrder({ orders: this.orders }, principal, orderId);
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
