// Issues a customer's credentials: a new session (token family) at sign-in, and a fresh access
// and refresh token in the same family at each refresh. Tokens are opaque random strings;
// only their SHA-256 hashes are stored.
import { inject, injectable } from "inversify";
import { ACCESS_TOKEN_SECONDS, tokenTimes } from "../../domain/customers/session-lifetimes.js";
import { Clock } from "../ports/clock.js";
import { CustomerSessionRepository } from "../ports/customer-session-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import type { SessionRecord } from "./customer-records.js";

export const ACCESS_TOKEN_PREFIX = "sf_at_";
export const REFRESH_TOKEN_PREFIX = "sf_rt_";
const TOKEN_RANDOM_LENGTH = 48;

@injectable()
export class SessionIssuer {
  constructor(
    @inject(CustomerSessionRepository) private readonly sessions: CustomerSessionRepository,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Opens a new session for the customer; call inside the sign-in's unit of work. */
  async open(storeId: string, customerId: string): Promise<SessionRecord> {
    const sessionId = this.ids.newId();
    await this.sessions.openSession({ id: sessionId, storeId, customerId, createdAt: this.clock.now().toISOString() });
    return this.issue(storeId, customerId, sessionId);
  }

  /** A new token pair in an existing session. */
  async issue(storeId: string, customerId: string, sessionId: string): Promise<SessionRecord> {
    const now = this.clock.now();
    const times = tokenTimes(now);
    const access = ACCESS_TOKEN_PREFIX + this.secrets.randomBase62(TOKEN_RANDOM_LENGTH);
    const refresh = REFRESH_TOKEN_PREFIX + this.secrets.randomBase62(TOKEN_RANDOM_LENGTH);
    const base = { sessionId, storeId, customerId, createdAt: now.toISOString(), rotatedAt: null };
    await this.sessions.addToken({ ...base, id: this.ids.newId(), kind: "access", hash: this.secrets.hash(access), expiresAt: times.accessExpiresAt.toISOString() });
    await this.sessions.addToken({ ...base, id: this.ids.newId(), kind: "refresh", hash: this.secrets.hash(refresh), expiresAt: times.refreshExpiresAt.toISOString() });
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: Math.floor(times.accessExpiresAt.getTime() / 1000),
    };
  }
}
