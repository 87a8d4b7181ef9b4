// Order reads (docs/api/orders.md, "Reading orders"): a secret key sees the store's orders; a
// publishable key only the orders of the customer whose x-auth-token comes with it.
// This module holds what the use cases GetOrder and ListOrders share (one class a file,
// docs/architecture.md, the application/ ring).
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Principal } from "../access/principal.js";
import { InvalidToken } from "../errors/access-errors.js";

/** Whose orders the caller may read: undefined for the store's (a secret key without a token). */
export async function customerScope(deps: { readonly customers: AuthenticateCustomer }, principal: Principal, customerToken: string | undefined): Promise<CustomerPrincipal | undefined> {
  if (principal.keyType === "secret" && customerToken === undefined) return undefined;
  if (customerToken === undefined) {
    throw new InvalidToken({ message: "With a publishable key, orders are read with the customer's x-auth-token." });
  }
  return deps.customers.execute(principal, customerToken);
}
