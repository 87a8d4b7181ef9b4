// Compares a signature we computed with one a provider sent, in constant time.
import { timingSafeEqual } from "node:crypto";

export const sameText = (expected: string, given: string): boolean => {
  const left = Buffer.from(expected, "utf8");
  const right = Buffer.from(given, "utf8");
  // timingSafeEqual needs equal lengths; comparing with itself keeps the time independent of `given`.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
};
