import { inject, injectable } from "inversify";
import type { ProductDetailRecord } from "../../domain/catalog/product-shapes.js";
import type { Principal } from "../access/principal.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { productDetail } from "./product-details.js";

@injectable()
export class GetProduct {

  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, productId: string): Promise<ProductDetailRecord> {
    return productDetail({ stores: this.stores }, principal, this.products.findById(principal.storeId, productId, { activeOnly: principal.keyType !== "secret", recent: true }));
  }
}
