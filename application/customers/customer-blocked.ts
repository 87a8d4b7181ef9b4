// A blocked customer cannot sign in (docs/staff.md, "Customers and the inbox"): password sign-in,
// one-time codes and refreshes answer 403 `customer_blocked` once the customer has proved who they
// are (right password, code or token), so a block tells nothing to someone who has not.
import { isBlocked } from "../../domain/customers/customer-block.js";
import { CustomerBlocked } from "../errors/access-errors.js";
import type { CustomerRepository } from "../ports/customer-repository.js";

export const customerBlocked = (): CustomerBlocked =>
  new CustomerBlocked({ message: "The store has blocked this customer; they cannot sign in. Contact the store." });

/**
 * Inside a sign-in's unit of work, before its session opens: locks the customer's row and refuses
 * a customer blocked meanwhile. A block takes the same lock before it ends the customer's
 * sessions, so a sign-in either opens its session first (and the block ends it) or sees the block.
 */
export const refuseIfBlocked = async (customers: CustomerRepository, storeId: string, customerId: string): Promise<void> => {
  const current = await customers.findById(storeId, customerId, { forUpdate: true });
  if (current !== undefined && isBlocked(current)) throw customerBlocked();
};
