// Exchanges a refresh token for a new access and refresh token. Refresh tokens rotate: each
// works once. Presenting one again means it was copied, so the whole session (every access and
// refresh token of that sign-in) is revoked, for the thief and the customer alike. The refresh
// token of a blocked customer answers 403 `customer_blocked` (docs/staff.md, "Customers and the inbox").
import { inject, injectable } from "inversify";
import { isBlocked } from "../../domain/customers/customer-block.js";
import { isExpired } from "../../domain/customers/session-lifetimes.js";
import type { Principal } from "../access/principal.js";
import { InvalidToken, TokenExpired } from "../errors/access-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { CustomerSessionRepository } from "../ports/customer-session-repository.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { SessionRecord } from "./customer-records.js";
import { customerBlocked } from "./customer-blocked.js";
import { SessionIssuer } from "./session-issuer.js";

const reused = (): InvalidToken =>
  new InvalidToken({ message: "This refresh token was already used. The session has been ended; sign in again." });

@injectable()
export class RefreshSession {
  constructor(
    @inject(CustomerSessionRepository) private readonly sessions: CustomerSessionRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, refreshToken: string): Promise<{ readonly session: SessionRecord }> {
    const found = await this.sessions.findToken(principal.storeId, "refresh", this.secrets.hash(refreshToken));
    if (found !== undefined && found.sessionRevokedAt !== null) {
      const owner = await this.customers.findById(principal.storeId, found.token.customerId);
      if (owner !== undefined && isBlocked(owner)) throw customerBlocked();
    }
    if (found === undefined || found.sessionRevokedAt !== null) {
      throw new InvalidToken({ message: "The refresh token is unknown or its session has ended." });
    }
    const token = found.token;
    const now = this.clock.now();
    if (token.rotatedAt !== null) {
      await this.sessions.revokeSession(token.sessionId, now.toISOString(), "refresh_reuse");
      throw reused();
    }
    if (isExpired(token.expiresAt, now)) throw new TokenExpired({ message: "The refresh token has expired; sign in again." });
    const customer = await this.customers.findById(principal.storeId, token.customerId);
    if (customer !== undefined && isBlocked(customer)) throw customerBlocked();
    if (customer === undefined || customer.status !== "active") {
      throw new InvalidToken({ message: "The refresh token is unknown or its session has ended." });
    }
    // The revocation of a raced reuse must commit, so the unit of work answers instead of throwing.
    const session = await this.uow.run(async () => {
      if (!(await this.sessions.markRotated(token.id, now.toISOString()))) {
        await this.sessions.revokeSession(token.sessionId, now.toISOString(), "refresh_reuse");
        return undefined;
      }
      return this.issuer.issue(principal.storeId, token.customerId, token.sessionId);
    });
    if (session === undefined) throw reused();
    return { session };
  }
}
