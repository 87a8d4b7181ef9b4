// Amounts written for people (invoices, docs/invoices.md "Amounts"): integer minor units shown with
// the currency's ISO 4217 minor digits (KES 2, UGX 0, BHD 3), thousands grouped with commas.
import { isCurrencyCode, minorDigits } from "./currency.js";

/** `123456` KES → `1,234.56`; UGX → `123,456`; a negative amount keeps its sign. */
export function formatMinor(amount: number, currency: string): string {
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  const negative = amount < 0;
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = digits === 0 ? "" : `.${text.slice(text.length - digits)}`;
  return `${negative ? "-" : ""}${whole}${fraction}`;
}
