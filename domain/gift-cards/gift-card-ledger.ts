// The gift card ledger: every movement of a card's balance is an entry, so the balance can always be
// recomputed (and audited) as issued − redeemed + restored.
export type GiftCardLedgerKind = "issue" | "redemption" | "restoration";

export interface GiftCardLedgerEntry {
  readonly id: string;
  readonly giftCardId: string;
  readonly kind: GiftCardLedgerKind;
  /** Integer minor units of the card's currency, > 0 (an issue may be 0); the kind gives the direction. */
  readonly amount: number;
  /** The card's balance once this entry is applied. */
  readonly balanceAfter: number;
  /** The order that spent or got back the money; null for an issue or a manual movement. */
  readonly orderId: string | null;
  /** ISO 8601 UTC timestamp. */
  readonly at: string;
  /**
   * A redemption against an order in another currency: the store's rate used (major units of the
   * card's currency per one of the order's) and what the card paid in the order's minor units.
   */
  readonly conversion?: { readonly rate: number; readonly orderAmount: number } | undefined;
}

/** The balance the entries add up to: issues − redemptions + restorations. */
export function ledgerBalance(entries: readonly GiftCardLedgerEntry[]): number {
  return entries.reduce((balance, entry) => (entry.kind === "redemption" ? balance - entry.amount : balance + entry.amount), 0);
}
