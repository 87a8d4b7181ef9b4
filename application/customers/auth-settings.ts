// How many sign-in attempts and code requests an email or a client address gets per window,
// from configuration. Only failed sign-ins count; a success gives its attempt back.
import type { ServiceIdentifier } from "inversify";

export interface AuthSettings {
  readonly failuresPerEmail: number;
  /** Per client address: the shopper's when the shop's server names it, else the caller's. */
  readonly failuresPerAddress: number;
  /** Per caller address and API key, when the caller names its shoppers' addresses (the shop's server). */
  readonly failuresPerCaller: number;
  readonly codeRequestsPerEmail: number;
  readonly windowSeconds: number;
}
export const AuthSettings: ServiceIdentifier<AuthSettings> = Symbol.for("storefront.AuthSettings");
