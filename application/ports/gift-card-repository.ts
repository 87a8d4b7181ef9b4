// Gift cards and their ledger. A balance move writes the new card and its ledger entry together;
// `lock` holds the card until the unit of work ends, so two orders never spend one balance twice.
import type { ServiceIdentifier } from "inversify";
import type { GiftCardLedgerEntry } from "../../domain/gift-cards/gift-card-ledger.js";
import type { GiftCard } from "../../domain/gift-cards/gift-card.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface GiftCardRepository {
  /** By normalised code (see domain/gift-cards/gift-card-code.ts). */
  findByCode(storeId: string, code: string): Promise<GiftCard | undefined>;
  find(storeId: string, id: string): Promise<GiftCard | undefined>;
  lock(storeId: string, id: string): Promise<GiftCard | undefined>;
  listPage(storeId: string, page: PageRequest): Promise<Page<GiftCard>>;
  /** A new card with its `issue` entry. A taken code is a unique violation (409 by the caller). */
  insert(storeId: string, card: GiftCard, entry: GiftCardLedgerEntry): Promise<void>;
  /** The card after a balance move, with the move's ledger entry. */
  applyMove(storeId: string, card: GiftCard, entry: GiftCardLedgerEntry): Promise<void>;
  /** A merchant's edit of the card's settings (status, expiry, usage cap); no balance change. */
  update(storeId: string, card: GiftCard): Promise<void>;
  ledger(storeId: string, giftCardId: string): Promise<readonly GiftCardLedgerEntry[]>;
}
export const GiftCardRepository: ServiceIdentifier<GiftCardRepository> = Symbol.for("storefront.GiftCardRepository");
