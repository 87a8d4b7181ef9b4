// The one rounding rule of Storefront (half-to-even) and the computations that must round to whole minor units:
// currency conversion and percentages.
import { minorDigits, type CurrencyCode } from "./currency.js";

/*
 * The rule: a number is read as a decimal to 15 significant digits, then rounded to the nearest integer;
 * an exact tie (x.5) goes to the even neighbour: 2.5 → 2, 3.5 → 4, -2.5 → -2.
 *
 * Why half-to-even: ties go up as often as down, so sums of many rounded amounts (order lines, tax over a
 * day of orders) do not drift the way half-up drifts; it is IEEE 754's default and accounting's
 * "banker's rounding".
 *
 * Why read at 15 digits: every decimal of at most 15 significant digits survives a trip through a double
 * (DBL_DIG), so reading there undoes the last-bit error of arithmetic. 1.005 * 100 evaluates to
 * 100.49999999999999 but is meant as the tie 100.5; read at 15 digits it is 100.5 again. The price is that
 * a value within about 5e-15 (relative) of a tie counts as the tie.
 *
 * Products are computed exactly with BigInt and rounded once, never rounded per step.
 */
const TRUSTED_SIGNIFICANT_DIGITS = 15;

/** value = units / 10^scale */
interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

function readDecimal(x: number): Decimal {
  if (Number.isInteger(x)) return { units: BigInt(x), scale: 0 };
  // From 1e14 on, 15 significant digits would leave no decimal and toPrecision would itself round the
  // tie (half away from zero). A double's step there is at least 2^-6, so 7 decimals spell it exactly.
  const text =
    Math.abs(x) >= 1e14 ? x.toFixed(7) : x.toPrecision(TRUSTED_SIGNIFICANT_DIGITS);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (match === null) throw new Error(`unexpected number text ${text}`);
  const [, sign, whole = "", fraction = "", exponent = "0"] = match;
  let units = BigInt(whole + fraction);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === "-" ? -units : units, scale };
}

/** numerator / denominator rounded to the nearest integer, an exact tie to the even one; denominator > 0. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError(`a denominator must be positive, got ${denominator}`);
  let quotient = numerator / denominator;
  let remainder = numerator % denominator;
  // BigInt division truncates toward zero; move to floor so the remainder is in [0, denominator)
  if (remainder < 0n) {
    quotient -= 1n;
    remainder += denominator;
  }
  const twice = 2n * remainder;
  if (twice > denominator || (twice === denominator && quotient % 2n !== 0n)) quotient += 1n;
  return quotient;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function toSafeInteger(value: bigint, what: string): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new RangeError(`${what} of ${value} minor units exceeds the safe integer range`);
  }
  return Number(value);
}

function assertMinorUnits(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`minor units must be a safe integer, got ${amountMinor}`);
  }
}

function assertFinite(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be finite, got ${value}`);
}

/** Banker's rounding to an integer, by the rule above. Never returns -0. */
export function roundHalfEven(value: number): number {
  assertFinite(value, "a value to round");
  // -0 would make structurally equal Money values compare unequal under Object.is
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  const { units, scale } = readDecimal(value);
  return Number(divideHalfEven(units, 10n ** BigInt(scale)));
}

/**
 * Converts an integer amount of `from` minor units into `to` minor units, where `rate` is how many major
 * units of `to` one major unit of `from` buys (e.g. 0.0077 USD per KES). Exact, then rounded once.
 */
export function convertMinor(
  amountMinor: number,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: number,
): number {
  const { numerator, denominator } = conversion(amountMinor, from, to, rate);
  return toSafeInteger(divideHalfEven(numerator, denominator), `converting ${amountMinor} ${from}`);
}

/** The exact value of a conversion (see convertMinor) as a fraction of `to` minor units. */
function conversion(amountMinor: number, from: CurrencyCode, to: CurrencyCode, rate: number): { numerator: bigint; denominator: bigint } {
  assertMinorUnits(amountMinor);
  if (!(Number.isFinite(rate) && rate > 0)) {
    throw new RangeError(`an exchange rate must be finite and positive, got ${rate}`);
  }
  const r = readDecimal(rate);
  return { numerator: BigInt(amountMinor) * r.units * 10n ** BigInt(minorDigits(to)), denominator: 10n ** BigInt(r.scale + minorDigits(from)) };
}

/** `percent` % of an amount of minor units (10 → a tenth), e.g. the discount of "10% off". */
export function applyPercentage(amountMinor: number, percent: number): number {
  assertMinorUnits(amountMinor);
  assertFinite(percent, "a percentage");
  const p = readDecimal(percent);
  const numerator = BigInt(amountMinor) * p.units;
  const denominator = 100n * 10n ** BigInt(p.scale);
  return toSafeInteger(divideHalfEven(numerator, denominator), `${percent}% of ${amountMinor}`);
}

/** floor(numerator / denominator) for a positive denominator. */
function divideFloor(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator < 0n ? quotient - 1n : quotient;
}

/**
 * What `amountMinor` of `from` is worth in `to` minor units at `rate` (major units of `to` per one of
 * `from`, as convertMinor takes it), rounded by `direction` instead of to the nearest: "up" where the
 * result must cover the amount (the part of a gift card that pays a total), "down" where it must not
 * exceed what is held (what a gift card's balance is worth).
 */
export function convertMinorDirected(amountMinor: number, from: CurrencyCode, to: CurrencyCode, rate: number, direction: "up" | "down"): number {
  const { numerator, denominator } = conversion(amountMinor, from, to, rate);
  return toSafeInteger(divideDirected(numerator, denominator, direction), `converting ${amountMinor} ${from}`);
}

/** numerator / denominator (positive) rounded down, or up when it is not exact. */
function divideDirected(numerator: bigint, denominator: bigint, direction: "up" | "down"): bigint {
  const down = divideFloor(numerator, denominator);
  return direction === "up" && down * denominator !== numerator ? down + 1n : down;
}

/**
 * convertMinorDirected with the rate the other way round: `inverseRate` is how many major units of
 * `from` one major unit of `to` buys (a store's rate to a gift card's currency, used to value the card
 * in the store's currency), exact, then rounded once by `direction`.
 */
export function convertMinorByInverse(amountMinor: number, from: CurrencyCode, to: CurrencyCode, inverseRate: number, direction: "up" | "down"): number {
  assertMinorUnits(amountMinor);
  // One minor unit of `to` in `from` minor units, turned upside down.
  const unit = conversion(1, to, from, inverseRate);
  return toSafeInteger(divideDirected(BigInt(amountMinor) * unit.denominator, unit.numerator, direction), `converting ${amountMinor} ${from}`);
}
