// How long a customer's credentials live (docs/api/keys-and-auth.md, "Customer tokens"): an access
// token one hour, a refresh token thirty days from its issue; every refresh issues a fresh pair.
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

export interface TokenTimes {
  readonly accessExpiresAt: Date;
  readonly refreshExpiresAt: Date;
}

export const tokenTimes = (now: Date): TokenTimes => ({
  accessExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
  refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
});

/** A token is expired from its expiry instant on. */
export const isExpired = (expiresAt: string, now: Date): boolean => Date.parse(expiresAt) <= now.getTime();
