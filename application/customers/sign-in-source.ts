// Where a sign-in attempt comes from, as the HTTP adapter read it (docs/decisions/security.md,
// "security-24"). A shop's server calls the auth routes with
// its secret key for every shopper, so the address the request came from is the shop's; the
// shopper's own address is the one the server names in the `Storefront-Customer-IP` header.

export interface SignInSource {
  /** The API key of the request: the caller's budget is counted per key. */
  readonly keyId: string;
  /** The address the request came from (behind a trusted proxy, the address the proxy names). */
  readonly callerAddress: string;
  /** The shopper's address named by a secret-key caller, when it named one. */
  readonly shopperAddress: string | undefined;
}
