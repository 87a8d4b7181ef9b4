// Customer sessions and their tokens on knex. A token is found by its hash within its store,
// with its session's revocation; rotation is a conditional update, so of two exchanges of one
// refresh token exactly one wins.
import { inject, injectable } from "inversify";
import type {
  CustomerSession,
  CustomerSessionRepository,
  FoundToken,
  RevokeReason,
  StoredToken,
  TokenKind,
} from "../../../application/ports/customer-session-repository.js";
import { Database } from "../database.js";

interface TokenRow {
  id: string;
  session_id: string;
  store_id: string;
  customer_id: string;
  kind: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  session_revoked_at: string | null;
}

@injectable()
export class KnexCustomerSessionRepository implements CustomerSessionRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async openSession(session: CustomerSession): Promise<void> {
    await this.db.run((q) =>
      q("customer_sessions").insert({
        id: session.id,
        store_id: session.storeId,
        customer_id: session.customerId,
        created_at: session.createdAt,
        revoked_at: null,
        revoke_reason: null,
      }),
    );
  }

  async addToken(token: StoredToken): Promise<void> {
    await this.db.run((q) =>
      q("customer_tokens").insert({
        id: token.id,
        session_id: token.sessionId,
        store_id: token.storeId,
        customer_id: token.customerId,
        kind: token.kind,
        token_hash: token.hash,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        rotated_at: token.rotatedAt,
      }),
    );
  }

  async findToken(storeId: string, kind: TokenKind, hash: string): Promise<FoundToken | undefined> {
    const row: TokenRow | undefined = await this.db.run((q) =>
      q("customer_tokens as t")
        .join("customer_sessions as s", "s.id", "t.session_id")
        .where({ "t.token_hash": hash, "t.store_id": storeId, "t.kind": kind })
        .first("t.*", "s.revoked_at as session_revoked_at"),
    );
    if (row === undefined) return undefined;
    return {
      token: {
        id: row.id,
        sessionId: row.session_id,
        storeId: row.store_id,
        customerId: row.customer_id,
        kind: row.kind as TokenKind,
        hash: row.token_hash,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        rotatedAt: row.rotated_at,
      },
      sessionRevokedAt: row.session_revoked_at,
    };
  }

  async markRotated(tokenId: string, at: string): Promise<boolean> {
    const changed = await this.db.run((q) => q("customer_tokens").where({ id: tokenId }).whereNull("rotated_at").update({ rotated_at: at }));
    return changed === 1;
  }

  async revokeOtherSessions(storeId: string, customerId: string, keepSessionId: string, at: string, reason: RevokeReason): Promise<number> {
    return this.db.run((q) =>
      q("customer_sessions")
        .where({ store_id: storeId, customer_id: customerId })
        .whereNot({ id: keepSessionId })
        .whereNull("revoked_at")
        .update({ revoked_at: at, revoke_reason: reason }),
    );
  }

  async revokeAllSessions(storeId: string, customerId: string, at: string, reason: RevokeReason): Promise<number> {
    return this.db.run((q) =>
      q("customer_sessions").where({ store_id: storeId, customer_id: customerId }).whereNull("revoked_at").update({ revoked_at: at, revoke_reason: reason }),
    );
  }

  async revokeSession(sessionId: string, at: string, reason: RevokeReason): Promise<void> {
    await this.db.run((q) =>
      q("customer_sessions").where({ id: sessionId }).whereNull("revoked_at").update({ revoked_at: at, revoke_reason: reason }),
    );
  }

  async purgeExpired(before: string): Promise<number> {
    return this.db.run(async (q) => {
      const tokens = await q("customer_tokens").where("expires_at", "<", before).delete();
      await q("customer_sessions")
        .whereNotExists((sub) => {
          void sub.select(q.raw("1")).from("customer_tokens as t").whereRaw("t.session_id = customer_sessions.id");
        })
        .delete();
      return tokens;
    });
  }
}
