// Tax classes: the four every store has (standard, reduced, zero, exempt) and classes a store names.
// docs/taxes.md, "Tax classes".
import { Schema } from "effect";

export const BUILT_IN_TAX_CLASSES = ["standard", "reduced", "zero", "exempt"] as const;

export const TaxClass = Schema.String.pipe(
  Schema.pattern(/^[a-z][a-z0-9_-]{0,39}$/, {
    message: () => "a tax class is 1 to 40 lower-case letters, digits, '_' or '-', starting with a letter",
  }),
  Schema.brand("TaxClass"),
  Schema.annotations({ identifier: "TaxClass", description: "standard, reduced, zero, exempt, or a class the store names." }),
);
export type TaxClass = typeof TaxClass.Type;

export const isTaxClass = Schema.is(TaxClass);

export const STANDARD = "standard" as TaxClass;
export const REDUCED = "reduced" as TaxClass;
export const ZERO_RATED = "zero" as TaxClass;
export const EXEMPT = "exempt" as TaxClass;

/**
 * `zero` and `exempt` carry no tax anywhere, so no zone states a rate for them; they differ in what
 * an invoice says: a zero-rated line is taxed at 0 %, an exempt line is outside the tax.
 */
export const hasFixedZeroRate = (taxClass: TaxClass): boolean => taxClass === ZERO_RATED || taxClass === EXEMPT;
