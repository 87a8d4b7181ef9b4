// DeletePromotion, the use case behind DELETE /v1/promotions/{id}.
import { promotionMissing } from "./promotion-reads.js";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";

@injectable()
export class DeletePromotion {
  constructor(
    @inject(PromotionRepository) private readonly promotions: PromotionRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.promotions.find(principal.storeId, id)) === undefined) throw promotionMissing();
      await this.promotions.remove(principal.storeId, id);
    });
  }
}
