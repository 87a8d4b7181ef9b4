// Customer sessions: one per sign-in (the token family), with its access and refresh tokens,
// kept only as SHA-256 hashes. Revoking the session ends every token of the family at once.
import type { ServiceIdentifier } from "inversify";

export type TokenKind = "access" | "refresh";

export interface CustomerSession {
  readonly id: string;
  readonly storeId: string;
  readonly customerId: string;
  readonly createdAt: string;
}

export interface StoredToken {
  readonly id: string;
  readonly sessionId: string;
  readonly storeId: string;
  readonly customerId: string;
  readonly kind: TokenKind;
  readonly hash: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** Refresh tokens: when it was exchanged for a new pair; a second exchange is a reuse. */
  readonly rotatedAt: string | null;
}

export interface FoundToken {
  readonly token: StoredToken;
  /** When the token's session (family) was revoked; null while it lives. */
  readonly sessionRevokedAt: string | null;
}

export type RevokeReason = "logout" | "refresh_reuse" | "password_changed" | "customer_blocked";

export interface CustomerSessionRepository {
  openSession(session: CustomerSession): Promise<void>;
  addToken(token: StoredToken): Promise<void>;
  findToken(storeId: string, kind: TokenKind, hash: string): Promise<FoundToken | undefined>;
  /** Marks a refresh token exchanged; false when it already was (the token is being reused). */
  markRotated(tokenId: string, at: string): Promise<boolean>;
  revokeSession(sessionId: string, at: string, reason: RevokeReason): Promise<void>;
  /** Revokes every live session of the customer but `keepSessionId`; answers how many ended. */
  revokeOtherSessions(storeId: string, customerId: string, keepSessionId: string, at: string, reason: RevokeReason): Promise<number>;
  /** Revokes every live session of the customer (a block ends them all at once); answers how many ended. */
  revokeAllSessions(storeId: string, customerId: string, at: string, reason: RevokeReason): Promise<number>;
  /** Deletes tokens that expired before `before`, then sessions left without a token; answers how many tokens went. */
  purgeExpired(before: string): Promise<number>;
}
export const CustomerSessionRepository: ServiceIdentifier<CustomerSessionRepository> = Symbol.for(
  "storefront.CustomerSessionRepository",
);
