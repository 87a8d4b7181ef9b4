// ListGiftCards, the use case behind GET /v1/gift-cards.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import {
  toGiftCardRecord,
  type GiftCardRecord,
} from "./gift-card-records.js";

@injectable()
export class ListGiftCards {
  constructor(
    @inject(GiftCardRepository) private readonly cards: GiftCardRepository,
  ) {}

  async execute(principal: Principal, page: PageRequest): Promise<Page<GiftCardRecord>> {
    const found = await this.cards.listPage(principal.storeId, page);
    return { ...found, items: found.items.map(toGiftCardRecord) };
  }
}
