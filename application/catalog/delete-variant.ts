// DeleteVariant, the use case behind DELETE /v1/products/{id}/variants/{variant_id}; what it shares
// with its sibling use cases is in variant-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { productMissing } from "./update-product.js";
import { variantMissing } from "./variant-writes.js";

@injectable()
export class DeleteVariant {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, productId: string, variantId: string): Promise<void> {
    await this.uow.run(async () => {
      const found = await this.products.findById(principal.storeId, productId, { activeOnly: false });
      if (found === undefined) throw productMissing();
      const variant = found.variants.find((v) => v.id === variantId);
      if (variant === undefined) throw variantMissing();
      if (found.variants.length === 1) {
        throw new ResourceConflict({ code: "last_variant", message: "A product keeps at least one variant; delete the product instead." });
      }
      await this.products.removeVariant(principal.storeId, variantId);
      if (variant.isDefault) {
        const next = found.variants.filter((v) => v.id !== variantId).sort((a, b) => a.position - b.position)[0];
        if (next !== undefined) await this.products.setDefaultVariant(principal.storeId, productId, next.id);
      }
    });
  }
}
