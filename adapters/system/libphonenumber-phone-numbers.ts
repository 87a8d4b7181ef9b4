// Phone numbers read with libphonenumber-js and its full metadata ("max"), which knows which
// number ranges are valid and which are mobile in each country's numbering plan.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import type { PhoneNumbers } from "../../application/ports/phone-numbers.js";
import type { ParsedPhone } from "../../domain/payments/payment-request.js";

const MOBILE_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

export class LibphonenumberPhoneNumbers implements PhoneNumbers {
  parse(text: string, defaultCountry: string): ParsedPhone | undefined {
    const parsed = parsePhoneNumberFromString(text, defaultCountry as CountryCode);
    if (parsed === undefined) return undefined;
    const type = parsed.getType();
    return {
      country: parsed.country,
      countryCallingCode: String(parsed.countryCallingCode),
      nationalNumber: String(parsed.nationalNumber),
      mobile: parsed.isValid() && type !== undefined && MOBILE_TYPES.has(type),
    };
  }
}
