// The store's currency: its display currency and symbol, which every catalog answer carries, and
// its base currency as a code for money outside the catalog.
import { currencySymbol, isCurrencyCode, type CurrencyCode } from "../../domain/money/currency.js";
import type { StoreCurrency } from "../../domain/catalog/product-shapes.js";
import type { Store } from "../../domain/stores/store.js";
import type { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "./load-store.js";

export const storeCurrency = (store: Store): StoreCurrency => ({
  currency: store.baseCurrency,
  currencySymbol: isCurrencyCode(store.baseCurrency) ? currencySymbol(store.baseCurrency) : store.baseCurrency,
});

/** The store's base currency as a currency code (a store is only ever created with a valid one). */
export const baseCurrencyOf = (store: Store): CurrencyCode => {
  if (!isCurrencyCode(store.baseCurrency)) throw new Error(`store ${store.id} has no valid base currency: ${store.baseCurrency}`);
  return store.baseCurrency;
};

/** The base currency of a store read through its repository (the delivery zones' and pricing tiers' writes). */
export const loadBaseCurrency = async (stores: StoreRepository, storeId: string): Promise<CurrencyCode> => baseCurrencyOf(await loadStore(stores, storeId));
