// A tax rate as an exact integer: parts per million of the amount (16 % is 160,000), read from and
// written as decimal percent text ("16", "7.5", "9.975"). docs/taxes.md, "Rates".
import { Either, ParseResult, Schema } from "effect";

/*
 * Why parts per million: a rate is a decimal percentage with at most four decimals (9.975 %, 8.875 %),
 * so it is an integer number of millionths, and tax is then integer arithmetic (BigInt) rounded once.
 * Basis points cannot hold 9.975 %; a double cannot hold 0.16 exactly, and dividing a shelf price by
 * 1.16 in doubles can land on the wrong side of a rounding tie.
 */
export const PARTS_PER_MILLION = 1_000_000;

/** At most 100 %: no VAT or sales tax is higher, and a larger figure is a typing slip (1600 for 16). */
export const MAX_TAX_RATE = PARTS_PER_MILLION;

export const TaxRate = Schema.Int.pipe(
  Schema.between(0, MAX_TAX_RATE),
  Schema.brand("TaxRate"),
  Schema.annotations({ identifier: "TaxRate", description: "A tax rate in parts per million of the amount (16 % = 160000)." }),
);
export type TaxRate = typeof TaxRate.Type;

export const isTaxRate = Schema.is(TaxRate);

/** The rate as it is held; throws on anything but an integer from 0 to 1,000,000 (a caller's bug). */
export function taxRate(partsPerMillion: number): TaxRate {
  if (!isTaxRate(partsPerMillion)) {
    throw new RangeError(`a tax rate is an integer number of parts per million from 0 to ${MAX_TAX_RATE}, got ${partsPerMillion}`);
  }
  return partsPerMillion;
}

const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** "16" → 160000, "7.5" → 75000, "9.975" → 99750; more than four decimals or over 100 is refused. */
export function parseTaxRatePercent(text: string): Either.Either<TaxRate, string> {
  const match = PERCENT_TEXT.exec(text);
  if (match === null) {
    return Either.left(`a tax rate is a percentage with at most four decimals, like "16" or "7.5", got ${JSON.stringify(text)}`);
  }
  const [, whole = "0", fraction = ""] = match;
  const parts = Number(whole) * 10_000 + Number(fraction.padEnd(4, "0"));
  return isTaxRate(parts) ? Either.right(parts) : Either.left(`a tax rate is at most 100 %, got ${text}`);
}

/** 160000 → "16", 75000 → "7.5", 99750 → "9.975": the shortest exact decimal. */
export function formatTaxRatePercent(rate: TaxRate): string {
  const whole = Math.floor(rate / 10_000);
  const fraction = String(rate % 10_000).padStart(4, "0").replace(/0+$/, "");
  return fraction === "" ? String(whole) : `${whole}.${fraction}`;
}

/** The rate as percent text at the boundary (request bodies, stored settings), the exact integer inside. */
export const TaxRatePercent = Schema.transformOrFail(Schema.String, TaxRate, {
  strict: true,
  decode: (text, _options, ast) =>
    Either.match(parseTaxRatePercent(text), {
      onLeft: (message) => ParseResult.fail(new ParseResult.Type(ast, text, message)),
      onRight: (rate) => ParseResult.succeed(rate),
    }),
  encode: (rate) => ParseResult.succeed(formatTaxRatePercent(taxRate(rate))),
}).annotations({ identifier: "TaxRatePercent", description: "A tax rate as a percentage with at most four decimals, e.g. \"16\" or \"7.5\"." });
