// Which customer a request acts for: resolved from its x-auth-token within the API key's store.
export interface CustomerPrincipal {
  readonly storeId: string;
  readonly customerId: string;
  /** The sign-in (token family) the token belongs to. */
  readonly sessionId: string;
}
