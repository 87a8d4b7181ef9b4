// The worker's housekeeping for customer credentials: expired tokens and one-time codes go.
// A refresh token is kept 30 days past its expiry, so that presenting a rotated one late still
// counts as a reuse (and ends its session) rather than as an unknown token.
import { inject, injectable } from "inversify";
import { REFRESH_TOKEN_SECONDS } from "../../domain/customers/session-lifetimes.js";
import { Clock } from "../ports/clock.js";
import { CustomerSessionRepository } from "../ports/customer-session-repository.js";
import { OneTimeCodeRepository } from "../ports/one-time-code-repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CredentialPurgeReport {
  readonly tokens: number;
  readonly codes: number;
}

@injectable()
export class PurgeExpiredCredentials {
  constructor(
    @inject(CustomerSessionRepository) private readonly sessions: CustomerSessionRepository,
    @inject(OneTimeCodeRepository) private readonly codes: OneTimeCodeRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<CredentialPurgeReport> {
    const now = this.clock.now().getTime();
    return {
      tokens: await this.sessions.purgeExpired(new Date(now - REFRESH_TOKEN_SECONDS * 1000).toISOString()),
      codes: await this.codes.purgeExpired(new Date(now - DAY_MS).toISOString()),
    };
  }
}
