// A store's exchange rates from its base currency: one per display currency, each stamped with
// the time it was true. A rate for the base currency itself is refused (it is always 1).
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { ExchangeRateRepository, type ExchangeRate } from "../ports/exchange-rate-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import type { ExchangeRateInput, ExchangeRatePatch } from "./pricing-inputs.js";

export const toExchangeRateRecord = (rate: ExchangeRate, baseCurrency: string) => ({
  base_currency: baseCurrency,
  currency: rate.currency,
  rate: rate.rate,
  as_of: rate.asOf,
  updated_at: rate.updatedAt,
});
export type ExchangeRateRecord = ReturnType<typeof toExchangeRateRecord>;

const missing = (): ResourceMissing => new ResourceMissing({ resource: "exchange_rate", message: "No rate for that currency." });

@injectable()
export class ManageExchangeRates {
  constructor(
    @inject(ExchangeRateRepository) private readonly rates: ExchangeRateRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async list(principal: Principal): Promise<readonly ExchangeRateRecord[]> {
    const store = await loadStore(this.stores, principal.storeId);
    return (await this.rates.list(store.id)).map((r) => toExchangeRateRecord(r, store.baseCurrency));
  }

  async create(principal: Principal, input: ExchangeRateInput): Promise<ExchangeRateRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    if (input.currency === store.baseCurrency) {
      throw new ParameterInvalid({ param: "currency", message: "currency is the store's base currency, whose rate is always 1" });
    }
    return this.uow.run(async () => {
      if ((await this.rates.find(store.id, input.currency)) !== undefined) {
        throw new ResourceConflict({ code: "duplicate_currency", param: "currency", message: "A rate for this currency exists; PATCH it." });
      }
      const now = this.clock.now().toISOString();
      const rate: ExchangeRate = { currency: input.currency, rate: input.rate, asOf: input.as_of ?? now, updatedAt: now };
      await this.rates.insert(store.id, rate);
      return toExchangeRateRecord(rate, store.baseCurrency);
    });
  }

  async update(principal: Principal, currency: string, patch: ExchangeRatePatch): Promise<ExchangeRateRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    return this.uow.run(async () => {
      const current = await this.rates.find(store.id, currency);
      if (current === undefined) throw missing();
      const now = this.clock.now().toISOString();
      const next: ExchangeRate = { ...current, rate: patch.rate, asOf: patch.as_of ?? now, updatedAt: now };
      await this.rates.update(store.id, next);
      return toExchangeRateRecord(next, store.baseCurrency);
    });
  }

  async remove(principal: Principal, currency: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.rates.find(principal.storeId, currency)) === undefined) throw missing();
      await this.rates.remove(principal.storeId, currency);
    });
  }
}
