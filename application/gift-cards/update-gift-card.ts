import { inject, injectable } from "inversify";
import type { GiftCard } from "../../domain/gift-cards/gift-card.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { checkExpiryDate, checkUsagePercentage } from "./gift-card-rules.js";
import type { GiftCardPatch } from "./gift-card-inputs.js";
import {
  toGiftCardDetailRecord,
  type GiftCardDetailRecord,
} from "./gift-card-records.js";
import { missing, statusAfter } from "./gift-card-reads.js";

/**
 * A past expiry date is allowed here: it ends the card. Switching on a card whose balance is
 * spent makes it full_redeemed, the status a spent active card has.
 */
@injectable()
export class UpdateGiftCard {
  constructor(
    @inject(GiftCardRepository) private readonly cards: GiftCardRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: GiftCardPatch): Promise<GiftCardDetailRecord> {
    return this.uow.run(async () => {
      const current = await this.cards.lock(principal.storeId, id);
      if (current === undefined) throw missing();
      const expiryDate = patch.expiry_date !== undefined ? patch.expiry_date : current.expiryDate;
      checkExpiryDate(expiryDate, null);
      const maximumUsagePercentage =
        patch.maximum_usage_percentage !== undefined ? patch.maximum_usage_percentage : current.maximumUsagePercentage;
      checkUsagePercentage(maximumUsagePercentage);
      const next: GiftCard = {
        ...current,
        status: statusAfter(current, patch.status),
        expiryDate,
        maximumUsagePercentage,
        updatedAt: this.clock.now().toISOString(),
      };
      await this.cards.update(principal.storeId, next);
      return toGiftCardDetailRecord(next, await this.cards.ledger(principal.storeId, id));
    });
  }
}
