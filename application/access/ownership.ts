// The rule every customer operation applies: the customer of the token must own the record.
import { Forbidden } from "../errors/access-errors.js";
import type { CustomerPrincipal } from "./customer-principal.js";

export const requireOwner = (customer: CustomerPrincipal, ownerId: string | null, what: string): void => {
  if (ownerId !== customer.customerId) {
    throw new Forbidden({ message: `The customer token does not own this ${what}.` });
  }
};
