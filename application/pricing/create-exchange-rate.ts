// CreateExchangeRate, the use case behind POST /v1/exchange-rates; what it shares with its sibling
// use cases is in exchange-rate-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { ExchangeRateRepository, type ExchangeRate } from "../ports/exchange-rate-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import type { ExchangeRateInput } from "./pricing-inputs.js";
import { toExchangeRateRecord, type ExchangeRateRecord } from "./exchange-rate-writes.js";

@injectable()
export class CreateExchangeRate {
  constructor(
    @inject(ExchangeRateRepository) private readonly rates: ExchangeRateRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: ExchangeRateInput): Promise<ExchangeRateRecord> {
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
}
