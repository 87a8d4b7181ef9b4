// Gift cards and their ledger on knex. A card and its ledger entry are written together; `lock`
// reads the card FOR UPDATE on MySQL (SQLite has one writer) until the unit of work ends.
import { inject, injectable } from "inversify";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { GiftCardRepository } from "../../../application/ports/gift-card-repository.js";
import { normaliseGiftCardCode } from "../../../domain/gift-cards/gift-card-code.js";
import type { GiftCardLedgerEntry, GiftCardLedgerKind } from "../../../domain/gift-cards/gift-card-ledger.js";
import type { GiftCard, GiftCardStatus } from "../../../domain/gift-cards/gift-card.js";
import type { CurrencyCode } from "../../../domain/money/currency.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";

interface GiftCardRow {
  id: string;
  store_id: string;
  code: string;
  balance: number | string;
  initial_balance: number | string;
  currency: string;
  status: string;
  expiry_date: string | null;
  customer_id: string | null;
  issued_date: string;
  last_used_date: string | null;
  maximum_usage_percentage: number | string | null;
  redemption_count: number;
  created_at: string;
  updated_at: string;
}

interface LedgerRow {
  id: string;
  gift_card_id: string;
  kind: string;
  amount: number | string;
  balance_after: number | string;
  order_id: string | null;
  created_at: string;
  exchange_rate: number | string | null;
  order_amount: number | string | null;
}

const toGiftCard = (row: GiftCardRow): GiftCard => ({
  id: row.id,
  code: row.code,
  balance: Number(row.balance),
  initialBalance: Number(row.initial_balance),
  currency: row.currency as CurrencyCode,
  status: row.status as GiftCardStatus,
  expiryDate: row.expiry_date,
  customerId: row.customer_id,
  issuedDate: row.issued_date,
  lastUsedDate: row.last_used_date,
  maximumUsagePercentage: row.maximum_usage_percentage === null ? null : Number(row.maximum_usage_percentage),
  redemptionCount: row.redemption_count,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toEntry = (row: LedgerRow): GiftCardLedgerEntry => ({
  id: row.id,
  giftCardId: row.gift_card_id,
  kind: row.kind as GiftCardLedgerKind,
  amount: Number(row.amount),
  balanceAfter: Number(row.balance_after),
  orderId: row.order_id,
  at: row.created_at,
  ...(row.exchange_rate === null || row.order_amount === null
    ? {}
    : { conversion: { rate: Number(row.exchange_rate), orderAmount: Number(row.order_amount) } }),
});

const entryColumns = (storeId: string, entry: GiftCardLedgerEntry) => ({
  id: entry.id,
  store_id: storeId,
  gift_card_id: entry.giftCardId,
  kind: entry.kind,
  amount: entry.amount,
  balance_after: entry.balanceAfter,
  order_id: entry.orderId,
  created_at: entry.at,
  exchange_rate: entry.conversion?.rate ?? null,
  order_amount: entry.conversion?.orderAmount ?? null,
});

/** What a balance move changes on the card. */
const balanceColumns = (card: GiftCard) => ({
  balance: card.balance,
  status: card.status,
  last_used_date: card.lastUsedDate,
  redemption_count: card.redemptionCount,
  updated_at: card.updatedAt,
});

/** What a merchant's edit changes on the card. */
const settingsColumns = (card: GiftCard) => ({
  status: card.status,
  expiry_date: card.expiryDate,
  customer_id: card.customerId,
  maximum_usage_percentage: card.maximumUsagePercentage,
  updated_at: card.updatedAt,
});

@injectable()
export class KnexGiftCardRepository implements GiftCardRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async findByCode(storeId: string, code: string): Promise<GiftCard | undefined> {
    const row: GiftCardRow | undefined = await this.db.run((q) =>
      q("gift_cards").where({ store_id: storeId, code: normaliseGiftCardCode(code) }).first(),
    );
    return row === undefined ? undefined : toGiftCard(row);
  }

  async find(storeId: string, id: string): Promise<GiftCard | undefined> {
    const row: GiftCardRow | undefined = await this.db.run((q) => q("gift_cards").where({ store_id: storeId, id }).first());
    return row === undefined ? undefined : toGiftCard(row);
  }

  async lock(storeId: string, id: string): Promise<GiftCard | undefined> {
    const row: GiftCardRow | undefined = await this.db.run((q) => this.db.lockRows(q("gift_cards").where({ store_id: storeId, id }).first()));
    return row === undefined ? undefined : toGiftCard(row);
  }

  async listPage(storeId: string, page: PageRequest): Promise<Page<GiftCard>> {
    return this.db.run(async (q) => {
      const rows: GiftCardRow[] = await applyKeyset(
        q("gift_cards").where("store_id", storeId),
        { column: "created_at", idColumn: "id", direction: "desc" },
        page,
      );
      return toPage(rows, page, (row) => [row.created_at, row.id], toGiftCard);
    });
  }

  async insert(storeId: string, card: GiftCard, entry: GiftCardLedgerEntry): Promise<void> {
    try {
      // A savepoint inside a unit of work, so that a taken code leaves the transaction usable.
      await this.db.run((q) =>
        q.transaction(async (trx) => {
          await trx("gift_cards").insert({
            id: card.id,
            store_id: storeId,
            code: normaliseGiftCardCode(card.code),
            balance: card.balance,
            initial_balance: card.initialBalance,
            currency: card.currency,
            status: card.status,
            expiry_date: card.expiryDate,
            customer_id: card.customerId,
            issued_date: card.issuedDate,
            last_used_date: card.lastUsedDate,
            maximum_usage_percentage: card.maximumUsagePercentage,
            redemption_count: card.redemptionCount,
            created_at: card.createdAt,
            updated_at: card.updatedAt,
          });
          await trx("gift_card_ledger").insert(entryColumns(storeId, entry));
        }),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new ResourceConflict({ code: "duplicate_gift_card_code", param: "code", message: "A gift card with this code already exists in the store." });
    }
  }

  async applyMove(storeId: string, card: GiftCard, entry: GiftCardLedgerEntry): Promise<void> {
    await this.db.transaction(() =>
      this.db.run(async (q) => {
        await q("gift_cards").where({ store_id: storeId, id: card.id }).update(balanceColumns(card));
        await q("gift_card_ledger").insert(entryColumns(storeId, entry));
      }),
    );
  }

  async update(storeId: string, card: GiftCard): Promise<void> {
    await this.db.run((q) => q("gift_cards").where({ store_id: storeId, id: card.id }).update(settingsColumns(card)));
  }

  async ledger(storeId: string, giftCardId: string): Promise<readonly GiftCardLedgerEntry[]> {
    const rows: LedgerRow[] = await this.db.run((q) =>
      q("gift_card_ledger")
        .where({ store_id: storeId, gift_card_id: giftCardId })
        .orderBy([{ column: "created_at" }, { column: "id" }]),
    );
    return rows.map(toEntry);
  }
}
