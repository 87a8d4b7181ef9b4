// Money: an integer amount of minor units (cents, fils; whole shillings for UGX) in one currency.
import { Data } from "effect";
import { minorDigits, type CurrencyCode } from "./currency.js";
import { roundHalfEven } from "./rounding.js";

export interface Money {
  /** Integer minor units; a safe integer, may be negative (refunds, differences). */
  readonly amount: number;
  readonly currency: CurrencyCode;
}

/** Adding shillings to dollars is a bug in the caller, not a condition to recover from. */
export class CurrencyMismatch extends Data.TaggedError("CurrencyMismatch")<{
  readonly operation: "add" | "subtract";
  readonly left: CurrencyCode;
  readonly right: CurrencyCode;
}> {
  override readonly message = `cannot ${this.operation} ${this.left} and ${this.right} amounts`;
}

export function fromMinor(amount: number, currency: CurrencyCode): Money {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`a money amount must be a safe integer of minor units, got ${amount}`);
  }
  return { amount: amount === 0 ? 0 : amount, currency };
}

export function zero(currency: CurrencyCode): Money {
  return { amount: 0, currency };
}

/** From decimal major units (12.34 KES → 1234), rounded half-to-even to the currency's minor digits. */
export function fromMajor(major: number, currency: CurrencyCode): Money {
  return fromMinor(roundHalfEven(major * 10 ** minorDigits(currency)), currency);
}

/**
 * To decimal major units (1234 KES → 12.34, 500 UGX → 500). Dividing an integer by an exact power of ten
 * gives the double nearest the decimal, i.e. the same number the literal 12.34 denotes.
 */
export function toMajor(money: Money): number {
  return money.amount / 10 ** minorDigits(money.currency);
}

export function add(left: Money, right: Money): Money {
  if (left.currency !== right.currency) {
    throw new CurrencyMismatch({ operation: "add", left: left.currency, right: right.currency });
  }
  return fromMinor(left.amount + right.amount, left.currency);
}

export function subtract(left: Money, right: Money): Money {
  if (left.currency !== right.currency) {
    throw new CurrencyMismatch({ operation: "subtract", left: left.currency, right: right.currency });
  }
  return fromMinor(left.amount - right.amount, left.currency);
}
