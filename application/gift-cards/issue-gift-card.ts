// Issues a gift card (`POST /v1/gift-cards`): a code from cryptographically random bytes, the
// card with its `issue` ledger entry, and the `gift_card.issued` event, in one transaction.
import { inject, injectable } from "inversify";
import { GIFT_CARD_CODE_RANDOM_BYTES, formatGiftCardCode } from "../../domain/gift-cards/gift-card-code.js";
import { issueGiftCard } from "../../domain/gift-cards/gift-card-balance.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { minorUnitsOf } from "../money/major-units.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { baseCurrencyOf } from "../stores/store-currency.js";
import { checkCustomer, checkExpiryDate, checkUsagePercentage } from "./gift-card-rules.js";
import type { GiftCardInput } from "./gift-card-inputs.js";
import { toGiftCardRecord, type GiftCardRecord } from "./gift-card-records.js";

/** A taken code (about 2^-78 per card already issued) is drawn again, a few times at most. */
const CODE_ATTEMPTS = 3;

const codeTaken = (error: unknown): boolean => error instanceof ResourceConflict && error.param === "code";

@injectable()
export class IssueGiftCard {
  constructor(
    @inject(GiftCardRepository) private readonly cards: GiftCardRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: GiftCardInput): Promise<GiftCardRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    const currency = input.currency ?? baseCurrencyOf(store);
    const initialBalance = minorUnitsOf(input.initial_balance, currency, "initial_balance");
    const at = this.clock.now().toISOString();
    const expiryDate = input.expiry_date ?? null;
    checkExpiryDate(expiryDate, at.slice(0, 10));
    const maximumUsagePercentage = input.maximum_usage_percentage ?? null;
    checkUsagePercentage(maximumUsagePercentage);
    const customerId = input.customer_id ?? null;
    if (customerId !== null) await checkCustomer(this.customers, store.id, customerId);

    return this.uow.run(async () => {
      for (let attempt = 1; ; attempt++) {
        const code = this.newCode();
        const { card, entry } = issueGiftCard({
          id: this.ids.newId(),
          code,
          initialBalance,
          currency,
          expiryDate,
          customerId,
          maximumUsagePercentage,
          ledgerEntryId: this.ids.newId(),
          at,
        });
        try {
          await this.cards.insert(store.id, card, entry);
        } catch (error) {
          if (codeTaken(error) && attempt < CODE_ATTEMPTS) continue;
          throw error;
        }
        const record = toGiftCardRecord(card);
        await this.outbox.record({ storeId: store.id, type: "gift_card.issued", livemode: principal.mode === "live", data: { gift_card: record } });
        return record;
      }
    });
  }

  private newCode(): string {
    for (;;) {
      // formatGiftCardCode runs short of usable bytes about once in 10^12 draws: draw again
      const code = formatGiftCardCode(this.secrets.randomBytes(GIFT_CARD_CODE_RANDOM_BYTES));
      if (code !== undefined) return code;
    }
  }
}
