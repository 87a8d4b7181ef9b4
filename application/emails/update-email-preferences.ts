// PUT /v1/customers/{id}/email-preferences (docs/api/customers.md, "Email preferences"): the
// optional emails the customer turns off. Saving them clears a bounce or malformed mark: the
// customer says the address is theirs and good.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { CustomerEmailPreferences } from "../ports/customer-email-preferences.js";
import { emailPreferencesOf } from "./email-preference-reads.js";
import type { EmailPreferencesInput } from "./email-inputs.js";
import type { EmailPreferencesRecord } from "./email-records.js";

@injectable()
export class UpdateEmailPreferences {
  constructor(
    @inject(CustomerEmailPreferences) private readonly preferences: CustomerEmailPreferences,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal, customerId: string, input: EmailPreferencesInput): Promise<EmailPreferencesRecord> {
    await emailPreferencesOf(this.preferences, principal, customer, customerId);
    await this.preferences.save(principal.storeId, customerId, input.turned_off, this.clock.now().toISOString());
    return emailPreferencesOf(this.preferences, principal, customer, customerId);
  }
}
