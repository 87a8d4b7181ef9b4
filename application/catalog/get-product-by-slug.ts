// GetProductBySlug, the use case behind GET /v1/products/by-slug/{slug}; what it shares with its
// sibling use cases is in product-details.ts.
import { inject, injectable } from "inversify";
import type { ProductDetailRecord } from "../../domain/catalog/product-shapes.js";
import type { Principal } from "../access/principal.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { productDetail } from "./product-details.js";

@injectable()
export class GetProductBySlug {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, slug: string): Promise<ProductDetailRecord> {
    return productDetail({ stores: this.stores }, principal, this.products.findBySlug(principal.storeId, slug, { recent: true }));
  }
}
