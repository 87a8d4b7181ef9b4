// The merchant's side of gift cards (secret key): the cursor list, one card with its ledger, an
// edit of its switch, expiry or usage cap, and deactivation (a card is never erased: its ledger
// and the orders it paid point at it).
// This module holds what the use cases ListGiftCards, GetGiftCard, UpdateGiftCard and
// DeactivateGiftCard share (one class a file, docs/architecture.md, the application/ ring).
import type { GiftCard } from "../../domain/gift-cards/gift-card.js";
import { ResourceMissing } from "../errors/resource-errors.js";

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "gift_card", message: "No such gift card." });

export const statusAfter = (card: GiftCard, requested: "active" | "inactive" | undefined): GiftCard["status"] => {
  if (requested === undefined) return card.status;
  if (requested === "inactive") return "inactive";
  return card.balance === 0 ? "full_redeemed" : "active";
};
