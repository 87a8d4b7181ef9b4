// Time-based one-time codes (RFC 6238) for the staff second factor (docs/staff.md, "Second factor").
import type { ServiceIdentifier } from "inversify";

export interface Totp {
  /** A new random secret, base32. */
  newSecret(): string;
  /** The otpauth:// address an authenticator app reads (as a QR code or typed). */
  uri(secret: string, issuer: string, account: string): string;
  /** The time step (30 s) the code belongs to, within one step either side of `at`; undefined when it is wrong. */
  verify(secret: string, code: string, at: Date): number | undefined;
  /** The code of `at` (tests and the demo). */
  codeAt(secret: string, at: Date): string;
}
export const Totp: ServiceIdentifier<Totp> = Symbol.for("storefront.Totp");
