// Users, customers and sessions as the API shows them (docs/api/customers.md). Money in
// store_metrics is in major units of the store's currency, like order amounts
// (docs/api/conventions.md, "Money").
import type { Customer, CustomerStatus } from "../../domain/customers/customer.js";
import { purchaseStanding, type PurchaseStanding } from "../../domain/customers/store-metrics.js";
import { isCurrencyCode } from "../../domain/money/currency.js";
import { fromMinor, toMajor } from "../../domain/money/money.js";
import type { Store } from "../../domain/stores/store.js";

export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly email_confirmed: boolean;
  readonly created_at: string;
}

export interface StoreMetricsRecord {
  readonly total_purchases: number;
  readonly total_spent: number;
  readonly first_purchase_date: string | null;
  readonly last_purchase_date: string | null;
  readonly status: PurchaseStanding;
  readonly preferred_store: string;
}

export interface CustomerRecord {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly address: string | null;
  readonly status: CustomerStatus;
  readonly join_date: string;
  readonly total_purchases: number;
  readonly last_purchase: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly store_metrics: StoreMetricsRecord;
}

export interface SessionRecord {
  readonly access_token: string;
  readonly refresh_token: string;
  /** Seconds the access token lives from now. */
  readonly expires_in: number;
  /** Unix seconds at which the access token expires. */
  readonly expires_at: number;
}

export interface SignInRecord {
  readonly message: string;
  readonly user: UserRecord;
  readonly customer: CustomerRecord;
  readonly session: SessionRecord;
  /** This customer's known-device token: the shop's server sends it back with later sign-ins (device-tokens.ts). */
  readonly device_token: string;
  readonly device_token_expires_at: string;
}

export const toUserRecord = (customer: Customer): UserRecord => ({
  id: customer.id,
  email: customer.email,
  email_confirmed: customer.emailConfirmed,
  created_at: customer.createdAt,
});

const majorUnits = (amount: number, currency: string): number =>
  isCurrencyCode(currency) ? toMajor(fromMinor(amount, currency)) : amount;

export const toCustomerRecord = (customer: Customer, store: Store, now: Date): CustomerRecord => ({
  id: customer.id,
  name: customer.name,
  email: customer.email,
  phone: customer.phone,
  address: customer.address,
  status: customer.status,
  join_date: customer.joinDate,
  total_purchases: customer.totalPurchases,
  last_purchase: customer.lastPurchaseAt,
  created_at: customer.createdAt,
  updated_at: customer.updatedAt,
  store_metrics: {
    total_purchases: customer.totalPurchases,
    total_spent: majorUnits(customer.totalSpent, store.baseCurrency),
    first_purchase_date: customer.firstPurchaseAt,
    last_purchase_date: customer.lastPurchaseAt,
    status: purchaseStanding(customer.totalPurchases, customer.lastPurchaseAt, now),
    preferred_store: store.name,
  },
});
