// UpdateExchangeRate, the use case behind PATCH /v1/exchange-rates/{currency}; what it shares with
// its sibling use cases is in exchange-rate-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { ExchangeRateRepository, type ExchangeRate } from "../ports/exchange-rate-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import type { ExchangeRatePatch } from "./pricing-inputs.js";
import { toExchangeRateRecord, type ExchangeRateRecord, missing } from "./exchange-rate-writes.js";

@injectable()
export class UpdateExchangeRate {
  constructor(
    @inject(ExchangeRateRepository) private readonly rates: ExchangeRateRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, currency: string, patch: ExchangeRatePatch): Promise<ExchangeRateRecord> {
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
}
