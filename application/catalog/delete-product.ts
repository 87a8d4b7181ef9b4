// Removes a product: erased when nothing points at it, deactivated when orders do.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { productMissing } from "./update-product.js";

@injectable()
export class DeleteProduct {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, productId: string): Promise<"deleted" | "deactivated"> {
    return this.uow.run(async () => {
      const found = await this.products.findById(principal.storeId, productId, { activeOnly: false });
      if (found === undefined) throw productMissing();
      return this.products.remove(principal.storeId, productId, this.clock.now().toISOString());
    });
  }
}
