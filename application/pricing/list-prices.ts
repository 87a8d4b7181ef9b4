import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ProductRepository, type ProductListFilter } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { memoizedDefaultPriceItem, pricingKeyOf } from "./price-item.js";
import { ResolvePricingContext, type PricingRequest } from "./pricing-context.js";
import { type PriceListPage } from "./price-lists.js";

@injectable()
export class ListPrices {

  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(ResolvePricingContext) private readonly pricing: ResolvePricingContext,
  ) {}

  async execute(
    principal: Principal,
    filter: ProductListFilter,
    window: { readonly limit: number; readonly offset: number },
    request: PricingRequest,
  ): Promise<PriceListPage> {
    const store = await loadStore(this.stores, principal.storeId);
    const [context, found] = await Promise.all([
      this.pricing.resolve(store, request),
      this.products.listOffset(store.id, filter, window, { recent: true }),
    ]);
    const key = pricingKeyOf(context);
    return {
      items: found.items.map((p) => memoizedDefaultPriceItem(p, context, key)),
      pricing_context: context.record,
      total: found.total,
      limit: window.limit,
      offset: window.offset,
    };
  }
}
