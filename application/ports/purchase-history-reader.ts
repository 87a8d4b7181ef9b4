// What pricing needs to know of a customer: their purchase history in this store, from which
// the server resolves segment and tier (never from the request).
import type { ServiceIdentifier } from "inversify";
import type { PurchaseHistory } from "../../domain/pricing/customer-standing.js";

export interface PurchaseHistoryReader {
  /** Undefined when the store has no such customer. */
  historyOf(storeId: string, customerId: string, now: Date): Promise<PurchaseHistory | undefined>;
}
export const PurchaseHistoryReader: ServiceIdentifier<PurchaseHistoryReader> = Symbol.for("storefront.PurchaseHistoryReader");
