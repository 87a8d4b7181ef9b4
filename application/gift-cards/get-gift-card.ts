// GetGiftCard, the use case behind GET /v1/gift-cards/{id}; what it shares with its sibling use
// cases is in gift-card-reads.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import {
  toGiftCardDetailRecord,
  type GiftCardDetailRecord,
} from "./gift-card-records.js";
import { missing } from "./gift-card-reads.js";

@injectable()
export class GetGiftCard {
  constructor(
    @inject(GiftCardRepository) private readonly cards: GiftCardRepository,
  ) {}

  async execute(principal: Principal, id: string): Promise<GiftCardDetailRecord> {
    const card = await this.cards.find(principal.storeId, id);
    if (card === undefined) throw missing();
    return toGiftCardDetailRecord(card, await this.cards.ledger(principal.storeId, id));
  }
}
