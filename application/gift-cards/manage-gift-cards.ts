// The merchant's side of gift cards (secret key): the cursor list, one card with its ledger, an
// edit of its switch, expiry or usage cap, and deactivation (a card is never erased: its ledger
// and the orders it paid point at it).
import { inject, injectable } from "inversify";
import type { GiftCard } from "../../domain/gift-cards/gift-card.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { checkExpiryDate, checkUsagePercentage } from "./gift-card-rules.js";
import type { GiftCardPatch } from "./gift-card-inputs.js";
import {
  toGiftCardDetailRecord,
  toGiftCardRecord,
  type GiftCardDetailRecord,
  type GiftCardRecord,
} from "./gift-card-records.js";

const missing = (): ResourceMissing => new ResourceMissing({ resource: "gift_card", message: "No such gift card." });

@injectable()
export class ManageGiftCards {
  constructor(
    @inject(GiftCardRepository) private readonly cards: GiftCardRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async page(principal: Principal, page: PageRequest): Promise<Page<GiftCardRecord>> {
    const found = await this.cards.listPage(principal.storeId, page);
    return { ...found, items: found.items.map(toGiftCardRecord) };
  }

  async get(principal: Principal, id: string): Promise<GiftCardDetailRecord> {
    const card = await this.cards.find(principal.storeId, id);
    if (card === undefined) throw missing();
    return toGiftCardDetailRecord(card, await this.cards.ledger(principal.storeId, id));
  }

  /**
   * A past expiry date is allowed here: it ends the card. Switching on a card whose balance is
   * spent makes it full_redeemed, the status a spent active card has.
   */
  async update(principal: Principal, id: string, patch: GiftCardPatch): Promise<GiftCardDetailRecord> {
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

  async deactivate(principal: Principal, id: string): Promise<void> {
    await this.update(principal, id, { status: "inactive" });
  }
}

const statusAfter = (card: GiftCard, requested: "active" | "inactive" | undefined): GiftCard["status"] => {
  if (requested === undefined) return card.status;
  if (requested === "inactive") return "inactive";
  return card.balance === 0 ? "full_redeemed" : "active";
};
