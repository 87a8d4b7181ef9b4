// Reads phone numbers against the world's numbering plans (which numbers are valid, which are
// mobile), for the mobile money rules. The domain takes the parse as a function.
import type { ServiceIdentifier } from "inversify";
import type { ParsedPhone } from "../../domain/payments/payment-request.js";

export interface PhoneNumbers {
  /** Reads `text` (international, or national in `defaultCountry`); undefined when it is no phone number. */
  parse(text: string, defaultCountry: string): ParsedPhone | undefined;
}
export const PhoneNumbers: ServiceIdentifier<PhoneNumbers> = Symbol.for("storefront.PhoneNumbers");
