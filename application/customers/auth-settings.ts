// How many sign-in attempts and code requests an email or a client address gets per window,
// from configuration. Only failed sign-ins count; a success gives its attempt back.
import type { ServiceIdentifier } from "inversify";

export interface AuthSettings {
  readonly failuresPerEmail: number;
  readonly failuresPerAddress: number;
  readonly codeRequestsPerEmail: number;
  readonly windowSeconds: number;
}
export const AuthSettings: ServiceIdentifier<AuthSettings> = Symbol.for("storefront.AuthSettings");
