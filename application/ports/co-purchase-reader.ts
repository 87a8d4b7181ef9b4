// What orders say about products: which were bought in the same orders as given ones, and what
// a customer bought. Recommendations read it.
import type { ServiceIdentifier } from "inversify";

export interface CoPurchase {
  readonly productId: string;
  /** Orders of the store that held both a given product and this one. */
  readonly orders: number;
}

export interface CoPurchaseReader {
  /** Products bought in the same orders as any of `productIds` (never those), most orders first. */
  boughtWith(storeId: string, productIds: readonly string[], limit: number): Promise<readonly CoPurchase[]>;
  /** The products a customer ordered, most recent first. */
  purchasedBy(storeId: string, customerId: string, limit: number): Promise<readonly string[]>;
}
export const CoPurchaseReader: ServiceIdentifier<CoPurchaseReader> = Symbol.for("storefront.CoPurchaseReader");
