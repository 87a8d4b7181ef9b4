// The admin API's customer reads (docs/staff.md, "Customers and the inbox"): the store's customers
// newest first, or those a typed query finds, and one customer with their recent orders, the
// addresses those orders used, their open carts and their threads. Another store's customer is a 404.
// This module holds what the use cases ListCustomers and GetCustomerDetail share (one class a file,
// docs/architecture.md, the application/ ring).
import { ResourceMissing } from "../errors/resource-errors.js";

/** How many of each the detail shows: the newest orders and threads, and the addresses of a few more orders. */
export const DETAIL_ORDERS = 10;

export const DETAIL_THREADS = 10;

export const ADDRESS_ORDERS = 25;

export const customerMissing = (): ResourceMissing => new ResourceMissing({ resource: "customer", message: "No such customer." });
