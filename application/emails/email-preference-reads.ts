// What GetEmailPreferences and UpdateEmailPreferences share (docs/api/customers.md, "Email
// preferences"): the signed-in customer's own record, read or a 404.
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { CustomerEmailPreferences } from "../ports/customer-email-preferences.js";
import { toEmailPreferencesRecord, type EmailPreferencesRecord } from "./email-records.js";

/** The customer's preferences, when the token is theirs; a 404 for a customer the store does not have. */
export const emailPreferencesOf = async (
  preferences: CustomerEmailPreferences,
  principal: Principal,
  customer: CustomerPrincipal,
  customerId: string,
): Promise<EmailPreferencesRecord> => {
  requireOwner(customer, customerId, "customer record");
  const state = await preferences.find(principal.storeId, customerId);
  if (state === undefined) throw new ResourceMissing({ resource: "customer", message: "No such customer." });
  return toEmailPreferencesRecord(state);
};
