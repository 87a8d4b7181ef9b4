// A customer's email preferences (docs/api/customers.md, "Email preferences"): which of the
// optional emails they get, and whether their address bounced or is malformed. Saving them
// clears that mark: the customer says the address is theirs and good.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerEmailPreferences } from "../ports/customer-email-preferences.js";
import type { EmailPreferencesInput } from "./email-inputs.js";
import { toEmailPreferencesRecord, type EmailPreferencesRecord } from "./email-records.js";

@injectable()
export class ManageEmailPreferences {
  constructor(
    @inject(CustomerEmailPreferences) private readonly preferences: CustomerEmailPreferences,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async get(principal: Principal, customer: CustomerPrincipal, customerId: string): Promise<EmailPreferencesRecord> {
    requireOwner(customer, customerId, "customer record");
    const state = await this.preferences.find(principal.storeId, customerId);
    if (state === undefined) throw new ResourceMissing({ resource: "customer", message: "No such customer." });
    return toEmailPreferencesRecord(state);
  }

  async update(principal: Principal, customer: CustomerPrincipal, customerId: string, input: EmailPreferencesInput): Promise<EmailPreferencesRecord> {
    requireOwner(customer, customerId, "customer record");
    if ((await this.preferences.find(principal.storeId, customerId)) === undefined) throw new ResourceMissing({ resource: "customer", message: "No such customer." });
    await this.preferences.save(principal.storeId, customerId, input.turned_off, this.clock.now().toISOString());
    return this.get(principal, customer, customerId);
  }
}
