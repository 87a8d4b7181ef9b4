// A store's exchange rates from its base currency, each with the time it was true (as of).
import type { ServiceIdentifier } from "inversify";

export interface ExchangeRate {
  /** ISO 4217 code of the display currency. */
  readonly currency: string;
  /** Units of `currency` per one unit of the store's base currency (major units). */
  readonly rate: number;
  readonly asOf: string;
  readonly updatedAt: string;
}

export interface ExchangeRateRepository {
  list(storeId: string): Promise<readonly ExchangeRate[]>;
  find(storeId: string, currency: string): Promise<ExchangeRate | undefined>;
  insert(storeId: string, rate: ExchangeRate): Promise<void>;
  update(storeId: string, rate: ExchangeRate): Promise<void>;
  remove(storeId: string, currency: string): Promise<void>;
}
export const ExchangeRateRepository: ServiceIdentifier<ExchangeRateRepository> = Symbol.for("storefront.ExchangeRateRepository");
