// ListExchangeRates, the use case behind GET /v1/exchange-rates; what it shares with its sibling
// use cases is in exchange-rate-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ExchangeRateRepository } from "../ports/exchange-rate-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { toExchangeRateRecord, type ExchangeRateRecord } from "./exchange-rate-writes.js";

@injectable()
export class ListExchangeRates {
  constructor(
    @inject(ExchangeRateRepository) private readonly rates: ExchangeRateRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal): Promise<readonly ExchangeRateRecord[]> {
    const store = await loadStore(this.stores, principal.storeId);
    return (await this.rates.list(store.id)).map((r) => toExchangeRateRecord(r, store.baseCurrency));
  }
}
