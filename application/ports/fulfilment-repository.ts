// Parcels of orders (docs/staff.md, "Orders and fulfilment"): each with its lines and quantities.
import type { ServiceIdentifier } from "inversify";
import type { Fulfilment, Shipped } from "../../domain/orders/fulfilment.js";

export interface FulfilmentRepository {
  /** Writes the parcel and its lines, in the caller's unit of work (which holds the order's lock). */
  insert(storeId: string, fulfilment: Fulfilment): Promise<void>;
  /** How many of each line of the order have shipped. */
  shipped(storeId: string, orderId: string): Promise<Shipped>;
  /** The order's parcels, oldest first. */
  listByOrder(storeId: string, orderId: string): Promise<readonly Fulfilment[]>;
}
export const FulfilmentRepository: ServiceIdentifier<FulfilmentRepository> = Symbol.for("storefront.FulfilmentRepository");
