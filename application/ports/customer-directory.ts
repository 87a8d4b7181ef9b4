// The admin API's reads of a store's customers (docs/staff.md, "Customers and the inbox"): the
// list newest first or searched, and what the customer detail shows beside the customer (recent
// orders with their addresses, open carts). Money in integer minor units.
import type { ServiceIdentifier } from "inversify";
import type { CustomerQuery } from "../../domain/customers/customer-search.js";
import type { Address } from "../../domain/orders/order.js";
import type { Page, PageRequest } from "../pagination/page.js";
import type { StoredCustomer } from "./customer-repository.js";

export interface CustomerOrderSummary {
  readonly id: string;
  readonly orderNumber: string;
  readonly orderStatus: string;
  readonly paymentStatus: string;
  readonly currency: string;
  /** Integer minor units of the order's currency. */
  readonly totalAmount: number;
  readonly shippingAddress: Address;
  readonly billingAddress: Address;
  readonly createdAt: string;
}

export interface CustomerCartSummary {
  readonly id: string;
  readonly currency: string;
  readonly livemode: boolean;
  readonly lines: number;
  readonly quantity: number;
  /** The lines' unit prices times quantities, in integer minor units of the cart's currency. */
  readonly subtotal: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CustomerDirectory {
  /** Newest first; with a query, the customers whose email, name, last name or phone digits start with it. */
  list(storeId: string, query: CustomerQuery | undefined, page: PageRequest): Promise<Page<StoredCustomer>>;
  /** The customer's newest orders, at most `limit`. */
  recentOrders(storeId: string, customerId: string, limit: number): Promise<readonly CustomerOrderSummary[]>;
  /** The customer's carts that hold at least one line. */
  openCarts(storeId: string, customerId: string): Promise<readonly CustomerCartSummary[]>;
}
export const CustomerDirectory: ServiceIdentifier<CustomerDirectory> = Symbol.for("storefront.CustomerDirectory");
