// The product list: flat records with the default variant's data, one keyset page at a time.
import { inject, injectable } from "inversify";
import type { ProductListRecord } from "../../domain/catalog/product-shapes.js";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { ProductRepository, type ProductListFilter } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { storeCurrency } from "../stores/store-currency.js";
import { listRecordOf } from "./record-memo.js";

@injectable()
export class ListProducts {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, filter: ProductListFilter, page: PageRequest): Promise<Page<ProductListRecord>> {
    const [store, found] = await Promise.all([
      loadStore(this.stores, principal.storeId),
      this.products.listPage(principal.storeId, filter, page, { recent: true }),
    ]);
    const currency = storeCurrency(store);
    return { ...found, items: found.items.map((p) => listRecordOf(p, currency)) };
  }
}
