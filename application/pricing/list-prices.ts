// The price list (`GET /v1/prices`) and the prices of one product's variants: products with
// prices resolved for the caller's location, customer and quantity. Rules, rates and the
// customer's history are loaded once per request, never per item.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { ProductRepository, type ProductListFilter } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { memoizedDefaultPriceItem, priceItem, pricingKeyOf, type PriceItemRecord } from "./price-item.js";
import { ResolvePricingContext, type PricingContextRecord, type PricingRequest } from "./pricing-context.js";

export interface PriceListPage {
  readonly items: readonly PriceItemRecord[];
  readonly pricing_context: PricingContextRecord;
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export interface ProductPrices {
  readonly product_id: string;
  readonly name: string;
  readonly has_variants: boolean;
  readonly variants: readonly PriceItemRecord[];
  readonly pricing_context: PricingContextRecord;
}

@injectable()
export class ListPrices {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(ResolvePricingContext) private readonly pricing: ResolvePricingContext,
  ) {}

  async page(
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

  async product(principal: Principal, productId: string, request: PricingRequest): Promise<ProductPrices> {
    const store = await loadStore(this.stores, principal.storeId);
    const [context, found] = await Promise.all([
      this.pricing.resolve(store, request),
      this.products.findById(store.id, productId, { activeOnly: true, recent: true }),
    ]);
    if (found === undefined) throw new ResourceMissing({ resource: "product", message: "No such product." });
    return {
      product_id: found.product.id,
      name: found.product.name,
      has_variants: found.variants.length > 1,
      variants: [...found.variants].sort((a, b) => a.position - b.position).map((v) => priceItem(found, v, context)),
      pricing_context: context.record,
    };
  }
}
