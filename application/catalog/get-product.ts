// One product in its detail shape, by id or by slug. Inactive products are hidden, except
// from a secret key asking by id (the merchant's own back office).
import { inject, injectable } from "inversify";
import type { ProductDetailRecord } from "../../domain/catalog/product-shapes.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { ProductRepository, type ProductWithVariants } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { storeCurrency } from "../stores/store-currency.js";
import { detailRecordOf } from "./record-memo.js";

const missing = (): ResourceMissing => new ResourceMissing({ resource: "product", message: "No such product." });

@injectable()
export class GetProduct {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async byId(principal: Principal, productId: string): Promise<ProductDetailRecord> {
    return this.shape(principal, this.products.findById(principal.storeId, productId, { activeOnly: principal.keyType !== "secret", recent: true }));
  }

  async bySlug(principal: Principal, slug: string): Promise<ProductDetailRecord> {
    return this.shape(principal, this.products.findBySlug(principal.storeId, slug, { recent: true }));
  }

  private async shape(principal: Principal, lookup: Promise<ProductWithVariants | undefined>): Promise<ProductDetailRecord> {
    const [store, found] = await Promise.all([loadStore(this.stores, principal.storeId), lookup]);
    if (found === undefined) throw missing();
    return detailRecordOf(found, storeCurrency(store));
  }
}
