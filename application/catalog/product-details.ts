// One product in its detail shape, by id or by slug. Inactive products are hidden, except
// from a secret key asking by id (the merchant's own back office).
// This module holds what the use cases GetProduct and GetProductBySlug share (one class a file,
// docs/architecture.md, the application/ ring).
import type { ProductDetailRecord } from "../../domain/catalog/product-shapes.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { type ProductWithVariants } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { storeCurrency } from "../stores/store-currency.js";
import { detailRecordOf } from "./record-memo.js";

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "product", message: "No such product." });

export async function productDetail(deps: { readonly stores: StoreRepository }, principal: Principal, lookup: Promise<ProductWithVariants | undefined>): Promise<ProductDetailRecord> {
  const [store, found] = await Promise.all([loadStore(deps.stores, principal.storeId), lookup]);
  if (found === undefined) throw missing();
  return detailRecordOf(found, storeCurrency(store));
}
