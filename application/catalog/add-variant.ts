// AddVariant, the use case behind POST /v1/products/{id}/variants.
import { inject, injectable } from "inversify";
import { toVariantRecord, type VariantRecord } from "../../domain/catalog/product-shapes.js";
import type { Principal } from "../access/principal.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { StoreRepository } from "../ports/store-repository.js";
import type { VariantInput } from "./catalog-inputs.js";
import { toVariant } from "./create-product.js";
import { checkSalePrice, checkSkusFree } from "./product-rules.js";
import { requireRatedTaxClasses } from "./product-tax-class.js";
import { productMissing } from "./update-product.js";

@injectable()
export class AddVariant {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, productId: string, input: VariantInput): Promise<VariantRecord> {
    checkSalePrice(input.price, input.sale_price, "sale_price");
    return this.uow.run(async () => {
      const found = await this.products.findById(principal.storeId, productId, { activeOnly: false });
      if (found === undefined) throw productMissing();
      await checkSkusFree(this.products, principal.storeId, [input.sku]);
      await requireRatedTaxClasses(this.stores, principal.storeId, [{ param: "tax_class", taxClass: input.tax_class }]);
      const position = Math.max(...found.variants.map((v) => v.position)) + 1;
      const variant = toVariant(input, this.ids.newId(), productId, position, false);
      await this.products.insertVariant(principal.storeId, variant);
      if (input.is_default === true) await this.products.setDefaultVariant(principal.storeId, productId, variant.id);
      return toVariantRecord({ ...variant, isDefault: input.is_default === true });
    });
  }
}
