// Display symbols for the currencies the store shows most; hand-maintained because ISO 4217 defines no symbols.
// Codes not listed here are displayed by their ISO code (see currencySymbol in currency.ts).
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = Object.freeze({
  EUR: "€",
  GBP: "£",
  GHS: "GH₵",
  KES: "KSh",
  NGN: "₦",
  RWF: "FRw",
  TZS: "TSh",
  UGX: "USh",
  USD: "$",
  ZAR: "R",
});
