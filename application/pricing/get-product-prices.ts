// GetProductPrices, the use case behind GET /v1/prices/products/{id}; what it shares with its
// sibling use cases is in price-lists.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { priceItem } from "./price-item.js";
import { ResolvePricingContext, type PricingRequest } from "./pricing-context.js";
import { type ProductPrices } from "./price-lists.js";

@injectable()
export class GetProductPrices {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(ResolvePricingContext) private readonly pricing: ResolvePricingContext,
  ) {}

  async execute(principal: Principal, productId: string, request: PricingRequest): Promise<ProductPrices> {
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
