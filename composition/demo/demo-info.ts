// What `storefront demo-info` prints, and `serve` beside the keys it seeds: the demo customers'
// sign-in emails and passwords and the demo store's gift card codes by state. The passwords are
// the fixed demo ones (demo-customers.ts), each checked against the stored hash, so a password
// changed since seeding is reported as changed rather than printed wrongly. API keys are stored
// only as hashes, so they are never shown again.
import type { Container } from "inversify";
import { Clock } from "../../application/ports/clock.js";
import { CustomerRepository } from "../../application/ports/customer-repository.js";
import { GiftCardRepository } from "../../application/ports/gift-card-repository.js";
import { PasswordHasher } from "../../application/ports/password-hasher.js";
import type { GiftCard } from "../../domain/gift-cards/gift-card.js";
import type { Database } from "../../adapters/persistence/database.js";
import { DEMO_PEOPLE } from "./demo-customers.js";
import type { DemoStoreSummary } from "./seed-demo-store.js";

/** The states a gift card is shown under, in the order they are printed. */
export const GIFT_CARD_STATES = ["active", "partly_used", "used", "expired", "disabled"] as const;
export type GiftCardState = (typeof GIFT_CARD_STATES)[number];

const STATE_LABELS: Readonly<Record<GiftCardState, string>> = {
  active: "active (full balance)",
  partly_used: "partly used",
  used: "used (balance 0)",
  expired: "expired",
  disabled: "disabled",
};

export interface DemoInfoCustomer {
  readonly email: string;
  readonly name: string;
  /** The demo password, or null when it no longer signs in (changed since seeding). */
  readonly password: string | null;
}

export interface DemoInfo {
  readonly store_id: string;
  readonly store_name: string;
  readonly customers: readonly DemoInfoCustomer[];
  /** Codes of the store's gift cards by their state today. */
  readonly gift_cards: Readonly<Record<GiftCardState, readonly string[]>>;
}

/** A card's state on `today` ('YYYY-MM-DD'): the merchant's switch first, then the date, then the balance. */
export const giftCardState = (card: GiftCard, today: string): GiftCardState => {
  if (card.status === "inactive") return "disabled";
  if (card.expiryDate !== null && card.expiryDate < today) return "expired";
  if (card.balance === 0 || card.status === "full_redeemed") return "used";
  return card.balance < card.initialBalance ? "partly_used" : "active";
};

/** The ids of the stores that hold the demo customers (every demo store seeded in this database), oldest first. */
export const findDemoStores = async (database: Database): Promise<string[]> => {
  const emails = DEMO_PEOPLE.map((p) => p.email);
  const rows: Array<{ store_id: string }> = await database
    .knex("customers")
    .join("stores", "stores.id", "customers.store_id")
    .whereIn("customers.email", emails)
    .groupBy("customers.store_id", "stores.created_at")
    .havingRaw("count(*) = ?", [emails.length])
    .orderBy("stores.created_at")
    .select("customers.store_id");
  return rows.map((row) => row.store_id);
};

/** The demo information of one store, read from the database. */
export const readDemoInfo = async (container: Container, database: Database, storeId: string): Promise<DemoInfo> => {
  const store: { name: string } | undefined = await database.knex("stores").where({ id: storeId }).first("name");
  if (store === undefined) throw new Error(`no store has the id ${storeId}`);
  const customers = container.get(CustomerRepository);
  const hasher = container.get(PasswordHasher);
  const people: DemoInfoCustomer[] = [];
  for (const person of DEMO_PEOPLE) {
    const stored = await customers.findByEmail(storeId, person.email);
    const signsIn = stored?.passwordHash != null && (await hasher.verify(person.password, stored.passwordHash));
    people.push({ email: person.email, name: person.name, password: signsIn ? person.password : null });
  }
  const today = container.get(Clock).now().toISOString().slice(0, 10);
  const cards = container.get(GiftCardRepository);
  const byState: Record<GiftCardState, string[]> = { active: [], partly_used: [], used: [], expired: [], disabled: [] };
  let cursor: string | undefined;
  do {
    const page = await cards.listPage(storeId, { limit: 100, cursor });
    for (const card of page.items) byState[giftCardState(card, today)].push(card.code);
    cursor = page.hasMore && page.nextCursor !== null ? page.nextCursor : undefined;
  } while (cursor !== undefined);
  return { store_id: storeId, store_name: store.name, customers: people, gift_cards: byState };
};

/** The demo part of a fresh seed summary, in the shape demo-info prints. */
export const demoInfoOfSummary = (summary: DemoStoreSummary): Pick<DemoInfo, "customers" | "gift_cards"> => {
  const byState: Record<GiftCardState, string[]> = { active: [], partly_used: [], used: [], expired: [], disabled: [] };
  const seeded: Record<string, GiftCardState> = { active: "active", redeemed: "used", expired: "expired", inactive: "disabled" };
  for (const [state, code] of Object.entries(summary.gift_cards)) byState[seeded[state] ?? "active"].push(code);
  const names = new Map<string, string>(DEMO_PEOPLE.map((p) => [p.email, p.name]));
  return {
    customers: summary.customers.map((c) => ({ email: c.email, name: names.get(c.email) ?? "", password: c.password })),
    gift_cards: byState,
  };
};

/** The customers and gift cards as text lines (indented, for the terminal). */
export const demoInfoLines = (info: Pick<DemoInfo, "customers" | "gift_cards">): string[] => {
  const width = Math.max(...info.customers.map((c) => c.email.length));
  const lines = ["Demo customers (sign in with POST /v1/auth/login):"];
  for (const c of info.customers) lines.push(`  ${c.email.padEnd(width)}  ${c.password ?? "(password changed since seeding)"}`);
  lines.push("Gift cards by state:");
  for (const state of GIFT_CARD_STATES) {
    const codes = info.gift_cards[state];
    if (codes.length > 0) lines.push(`  ${STATE_LABELS[state].padEnd(23)}${codes.join(", ")}`);
  }
  return lines;
};
