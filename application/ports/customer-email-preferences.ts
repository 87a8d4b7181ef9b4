// A customer's email choices and the state of their address (docs/emails.md, "Opting out" and
// "Bounces and malformed addresses").
import type { ServiceIdentifier } from "inversify";
import type { TemplateKey } from "../../domain/emails/email-catalogue.js";

export type EmailAddressStatus = "ok" | "bouncing" | "malformed";

export interface CustomerEmailState {
  readonly optOuts: readonly TemplateKey[];
  readonly emailStatus: EmailAddressStatus;
  readonly emailStatusReason: string | null;
  readonly emailStatusAt: string | null;
}

export interface CustomerEmailPreferences {
  /** Undefined when the store has no such customer. */
  find(storeId: string, customerId: string): Promise<CustomerEmailState | undefined>;
  /** Replaces the opt-outs and clears the address's mark (the customer says it is theirs and good). */
  save(storeId: string, customerId: string, optOuts: readonly TemplateKey[], now: string): Promise<void>;
}
export const CustomerEmailPreferences: ServiceIdentifier<CustomerEmailPreferences> = Symbol.for("storefront.CustomerEmailPreferences");
