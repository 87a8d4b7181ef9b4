// Throttles guessing: sign-in attempts (password or one-time code) per email and per client
// address, and code requests likewise. Emails are hashed into the counter keys, so the
// counters table holds no address book.
import { inject, injectable } from "inversify";
import { RateLimited } from "../errors/limit-errors.js";
import { RateLimiter, type RateLimitRule } from "../ports/rate-limiter.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { AuthSettings } from "./auth-settings.js";

export interface SignInAttempt {
  /** The attempt succeeded: it does not count against the budgets. */
  succeeded(): Promise<void>;
}

@injectable()
export class AuthThrottle {
  private readonly failuresByEmail: RateLimitRule;
  private readonly failuresByAddress: RateLimitRule;
  private readonly codesByEmail: RateLimitRule;
  private readonly codesByAddress: RateLimitRule;

  constructor(
    @inject(RateLimiter) private readonly limiter: RateLimiter,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(AuthSettings) settings: AuthSettings,
  ) {
    const window = settings.windowSeconds;
    this.failuresByEmail = { name: "auth-fail-email", points: settings.failuresPerEmail, windowSeconds: window };
    this.failuresByAddress = { name: "auth-fail-addr", points: settings.failuresPerAddress, windowSeconds: window };
    this.codesByEmail = { name: "otp-req-email", points: settings.codeRequestsPerEmail, windowSeconds: window };
    this.codesByAddress = { name: "otp-req-addr", points: settings.failuresPerAddress, windowSeconds: window };
  }

  private emailKey(storeId: string, email: string): string {
    return this.secrets.hash(`${storeId}:${email}`);
  }

  /**
   * Spends an attempt of the email and of the client address in this store; throws RateLimited
   * when the email's budget is spent. An address whose budget is spent (many failures from behind
   * one address: an office, a carrier's NAT) still gets one attempt for an email that has no
   * failure in the window, so one attacker cannot lock out every customer behind it; a second try
   * for that email, or any try for an email that has failed before, is refused (docs/decisions.md,
   * "Brute-force limits").
   */
  async signIn(storeId: string, email: string, address: string): Promise<SignInAttempt> {
    const emailKey = this.emailKey(storeId, email);
    const addressKey = `${storeId}:${address}`;
    const emailStatus = await this.limiter.consume(this.failuresByEmail, emailKey);
    let addressSpent = false;
    try {
      await this.limiter.consume(this.failuresByAddress, addressKey);
    } catch (error) {
      const untouched = emailStatus.remaining === this.failuresByEmail.points - 1;
      if (!(error instanceof RateLimited) || !untouched) {
        await this.limiter.refund(this.failuresByEmail, emailKey);
        throw error;
      }
      addressSpent = true;
    }
    return {
      succeeded: async () => {
        await this.limiter.refund(this.failuresByEmail, emailKey);
        if (!addressSpent) await this.limiter.refund(this.failuresByAddress, addressKey);
      },
    };
  }

  async codeRequest(storeId: string, email: string, address: string): Promise<void> {
    await this.limiter.consume(this.codesByAddress, `${storeId}:${address}`);
    await this.limiter.consume(this.codesByEmail, this.emailKey(storeId, email));
  }
}
