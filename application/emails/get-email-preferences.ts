// GET /v1/customers/{id}/email-preferences (docs/api/customers.md, "Email preferences"): which of
// the optional emails the customer gets, and whether their address bounced or is malformed.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Principal } from "../access/principal.js";
import { CustomerEmailPreferences } from "../ports/customer-email-preferences.js";
import { emailPreferencesOf } from "./email-preference-reads.js";
import type { EmailPreferencesRecord } from "./email-records.js";

@injectable()
export class GetEmailPreferences {
  constructor(@inject(CustomerEmailPreferences) private readonly preferences: CustomerEmailPreferences) {}

  execute(principal: Principal, customer: CustomerPrincipal, customerId: string): Promise<EmailPreferencesRecord> {
    return emailPreferencesOf(this.preferences, principal, customer, customerId);
  }
}
