// Stores: the tenants. Every other record belongs to exactly one store.
import type { ServiceIdentifier } from "inversify";
import type { Store } from "../../domain/stores/store.js";

export interface StoreRepository {
  create(store: Store): Promise<void>;
  /**
   * `fresh` skips any cache (a signature that fails may have met a secret rotated elsewhere; a
   * write relies only on what it reads in its transaction); `forUpdate` also locks the row until
   * the unit of work ends (a settings write, so two of them cannot undo each other).
   */
  findById(storeId: string, options?: { readonly fresh?: boolean; readonly forUpdate?: boolean }): Promise<Store | undefined>;
  update(store: Store, now: string): Promise<void>;
}
export const StoreRepository: ServiceIdentifier<StoreRepository> = Symbol.for("storefront.StoreRepository");
