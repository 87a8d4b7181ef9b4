// The gift card check (`GET /v1/gift-cards/check`, docs/api/offers-and-shipping.md, "Gift cards"):
// any key may look a code up, compared case-insensitively. An unknown code is a 404; unknown codes
// are throttled per client address and per key against guessing.
import { inject, injectable } from "inversify";
import { checkGiftCard } from "../../domain/gift-cards/check-gift-card.js";
import { isGiftCardCode, normaliseGiftCardCode } from "../../domain/gift-cards/gift-card-code.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import { GiftCardCheckThrottle } from "./gift-card-check-throttle.js";
import { toGiftCardCheckRecord, type GiftCardCheckRecord } from "./gift-card-records.js";

@injectable()
export class CheckGiftCardCode {
  constructor(
    @inject(GiftCardRepository) private readonly cards: GiftCardRepository,
    @inject(GiftCardCheckThrottle) private readonly throttle: GiftCardCheckThrottle,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, code: string, clientAddress: string): Promise<GiftCardCheckRecord> {
    const attempt = await this.throttle.attempt(principal.keyId, clientAddress);
    const normalised = normaliseGiftCardCode(code);
    // a code that cannot have been issued is a miss without a query
    const card = isGiftCardCode(normalised) ? await this.cards.findByCode(principal.storeId, normalised) : undefined;
    if (card === undefined) throw new ResourceMissing({ resource: "gift_card", param: "code", message: "No gift card has this code." });
    await attempt.found();
    // Storefront's calendar is UTC: a card is valid through its expiry day, UTC
    return toGiftCardCheckRecord(checkGiftCard(card, this.clock.now().toISOString().slice(0, 10)));
  }
}
