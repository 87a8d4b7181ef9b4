// DeletePricingTier, the use case behind DELETE /v1/shipping/tiers/{id}; what it shares with its
// sibling use cases is in pricing-tier-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { missing } from "./pricing-tier-writes.js";

@injectable()
export class DeletePricingTier {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.shipping.findTier(principal.storeId, id)) === undefined) throw missing();
      await this.shipping.removeTier(principal.storeId, id);
    });
  }
}
