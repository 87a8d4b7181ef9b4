// Customers as the admin API shows them (docs/staff.md, "Customers and the inbox"): the account,
// its block, and its purchases in integer minor units of the store's base currency; the detail
// adds recent orders, the addresses those orders used, open carts and threads.
import type { Store } from "../../domain/stores/store.js";
import type { Address } from "../../domain/orders/order.js";
import type { StoredCustomer } from "../ports/customer-repository.js";
import type { EmailAddressStatus } from "../ports/customer-email-preferences.js";
import type { TemplateKey } from "../../domain/emails/email-catalogue.js";
import type { CustomerCartSummary, CustomerOrderSummary } from "../ports/customer-directory.js";
import type { InboxThreadRecord } from "../messaging/inbox-records.js";

export interface AdminCustomerRecord {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly phone: string | null;
  readonly address: string | null;
  readonly status: string;
  readonly email_confirmed: boolean;
  readonly blocked: boolean;
  readonly blocked_at: string | null;
  readonly block_reason: string | null;
  readonly join_date: string;
  readonly total_purchases: number;
  /** Integer minor units of `currency`. */
  readonly total_spent: number;
  readonly currency: string;
  readonly first_purchase_at: string | null;
  readonly last_purchase_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface CustomerOrderRecord {
  readonly id: string;
  readonly order_number: string;
  readonly order_status: string;
  readonly payment_status: string;
  readonly currency: string;
  readonly total_amount: number;
  readonly created_at: string;
}

export interface CustomerAddressRecord {
  readonly name: string;
  readonly line1: string;
  readonly line2: string | null;
  readonly city: string;
  readonly region: string | null;
  readonly postal_code: string | null;
  readonly country: string;
  readonly phone: string | null;
  /** What the customer's orders used it for: `shipping`, `billing` or both. */
  readonly used_for: readonly ("shipping" | "billing")[];
  /** When an order last used it. */
  readonly last_used_at: string;
}

export interface CustomerCartRecord {
  readonly id: string;
  readonly currency: string;
  readonly livemode: boolean;
  readonly lines: number;
  readonly quantity: number;
  readonly subtotal: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface AdminCustomerDetailRecord extends AdminCustomerRecord {
  readonly recent_orders: readonly CustomerOrderRecord[];
  readonly addresses: readonly CustomerAddressRecord[];
  readonly open_carts: readonly CustomerCartRecord[];
  readonly threads: readonly InboxThreadRecord[];
  readonly email_status: EmailAddressStatus;
  readonly email_status_reason: string | null;
  readonly email_status_at: string | null;
  readonly emails_turned_off: readonly TemplateKey[];
}

export const toAdminCustomerRecord = (c: StoredCustomer, store: Store): AdminCustomerRecord => ({
  id: c.id,
  email: c.email,
  name: c.name,
  phone: c.phone,
  address: c.address,
  status: c.status,
  email_confirmed: c.emailConfirmed,
  blocked: c.blockedAt !== null,
  blocked_at: c.blockedAt,
  block_reason: c.blockReason,
  join_date: c.joinDate,
  total_purchases: c.totalPurchases,
  total_spent: c.totalSpent,
  currency: store.baseCurrency,
  first_purchase_at: c.firstPurchaseAt,
  last_purchase_at: c.lastPurchaseAt,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

export const toCustomerOrderRecord = (o: CustomerOrderSummary): CustomerOrderRecord => ({
  id: o.id,
  order_number: o.orderNumber,
  order_status: o.orderStatus,
  payment_status: o.paymentStatus,
  currency: o.currency,
  total_amount: o.totalAmount,
  created_at: o.createdAt,
});

export const toCustomerCartRecord = (c: CustomerCartSummary): CustomerCartRecord => ({
  id: c.id,
  currency: c.currency,
  livemode: c.livemode,
  lines: c.lines,
  quantity: c.quantity,
  subtotal: c.subtotal,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

const place = (a: Address): string =>
  [a.name, a.line1, a.line2 ?? "", a.city, a.region ?? "", a.postal_code ?? "", a.country].map((part) => part.trim().toLowerCase().replace(/\s+/g, " ")).join("|");

/** The distinct addresses of the orders (newest first), each once with what it was used for and when last. */
export const addressesOf = (orders: readonly CustomerOrderSummary[]): CustomerAddressRecord[] => {
  const found = new Map<string, { address: Address; usedFor: Set<"shipping" | "billing">; lastUsedAt: string }>();
  for (const order of orders) {
    for (const [use, address] of [["shipping", order.shippingAddress], ["billing", order.billingAddress]] as const) {
      if (address.line1 === "") continue;
      const key = place(address);
      const known = found.get(key);
      if (known === undefined) found.set(key, { address, usedFor: new Set([use]), lastUsedAt: order.createdAt });
      else {
        known.usedFor.add(use);
        if (order.createdAt > known.lastUsedAt) known.lastUsedAt = order.createdAt;
      }
    }
  }
  return [...found.values()].map(({ address, usedFor, lastUsedAt }) => ({
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    region: address.region ?? null,
    postal_code: address.postal_code ?? null,
    country: address.country,
    phone: address.phone ?? null,
    used_for: (["shipping", "billing"] as const).filter((use) => usedFor.has(use)),
    last_used_at: lastUsedAt,
  }));
};
