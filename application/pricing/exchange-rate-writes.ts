// A store's exchange rates from its base currency: one per display currency, each stamped with
// the time it was true. A rate for the base currency itself is refused (it is always 1).
// This module holds what the use cases ListExchangeRates, CreateExchangeRate, UpdateExchangeRate
// and DeleteExchangeRate share (one class a file, docs/architecture.md, the application/ ring).
import { ResourceMissing } from "../errors/resource-errors.js";
import { type ExchangeRate } from "../ports/exchange-rate-repository.js";

export const toExchangeRateRecord = (rate: ExchangeRate, baseCurrency: string) => ({
  base_currency: baseCurrency,
  currency: rate.currency,
  rate: rate.rate,
  as_of: rate.asOf,
  updated_at: rate.updatedAt,
});

export type ExchangeRateRecord = ReturnType<typeof toExchangeRateRecord>;

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "exchange_rate", message: "No rate for that currency." });
