// Throttles guessing (docs/decisions/security.md, "security-25" and
// "security-26"): failed sign-ins (password or one-time code) are counted per email, per client address
// (the shopper's, when the shop's server names it, else the caller's), and per caller address and
// API key when a shopper's address was named; code requests likewise. A sign-in from a known
// device of the customer counts only against that device's own budget. Emails are hashed into the
// counter keys, so the counters table holds no address book.
import { inject, injectable } from "inversify";
import { RateLimiter, type RateLimitRule } from "../ports/rate-limiter.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { AuthSettings } from "./auth-settings.js";
import type { KnownDevice } from "./device-tokens.js";
import type { SignInSource } from "./sign-in-source.js";

export interface SignInAttempt {
  /** The attempt succeeded: it does not count against the budgets. */
  succeeded(): Promise<void>;
}

interface Spent {
  readonly rule: RateLimitRule;
  readonly key: string;
}

@injectable()
export class AuthThrottle {
  private readonly failuresByEmail: RateLimitRule;
  private readonly failuresByAddress: RateLimitRule;
  private readonly failuresByCaller: RateLimitRule;
  private readonly failuresByDevice: RateLimitRule;
  private readonly codesByEmail: RateLimitRule;
  private readonly codesByAddress: RateLimitRule;
  private readonly codesByCaller: RateLimitRule;

  constructor(
    @inject(RateLimiter) private readonly limiter: RateLimiter,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(AuthSettings) settings: AuthSettings,
  ) {
    const window = settings.windowSeconds;
    this.failuresByEmail = { name: "auth-fail-email", points: settings.failuresPerEmail, windowSeconds: window };
    this.failuresByAddress = { name: "auth-fail-addr", points: settings.failuresPerAddress, windowSeconds: window };
    this.failuresByCaller = { name: "auth-fail-caller", points: settings.failuresPerCaller, windowSeconds: window };
    this.failuresByDevice = { name: "auth-fail-device", points: settings.failuresPerEmail, windowSeconds: window };
    this.codesByEmail = { name: "otp-req-email", points: settings.codeRequestsPerEmail, windowSeconds: window };
    this.codesByAddress = { name: "otp-req-addr", points: settings.failuresPerAddress, windowSeconds: window };
    this.codesByCaller = { name: "otp-req-caller", points: settings.failuresPerCaller, windowSeconds: window };
  }

  private emailKey(storeId: string, email: string): string {
    return this.secrets.hash(`${storeId}:${email}`);
  }

  /** The address budgets of a source: the client's (shopper's or caller's) per store, and the caller's per key when a shopper was named. */
  private addressBudgets(storeId: string, source: SignInSource, byAddress: RateLimitRule, byCaller: RateLimitRule): Spent[] {
    const budgets: Spent[] = [{ rule: byAddress, key: `${storeId}:${source.shopperAddress ?? source.callerAddress}` }];
    if (source.shopperAddress !== undefined) budgets.push({ rule: byCaller, key: `${source.keyId}:${source.callerAddress}` });
    return budgets;
  }

  /** Spends one point of each budget in order; when one is spent, gives back what was taken and throws its RateLimited. */
  private async spendAll(budgets: readonly Spent[]): Promise<void> {
    const taken: Spent[] = [];
    try {
      for (const budget of budgets) {
        await this.limiter.consume(budget.rule, budget.key);
        taken.push(budget);
      }
    } catch (error) {
      await Promise.all(taken.map((budget) => this.limiter.refund(budget.rule, budget.key)));
      throw error;
    }
  }

  /**
   * Spends an attempt and throws RateLimited when a budget is spent, even for the right password.
   * Without a known device: the email's budget, the client address's (per store), and the
   * caller's (per key) when a shopper's address was named; once the client address's budget is
   * spent every email from it is refused, so a list of leaked passwords gets no guesses there.
   * With a known device of this customer: only the device's own budget.
   */
  async signIn(storeId: string, email: string, source: SignInSource, device?: KnownDevice): Promise<SignInAttempt> {
    const budgets: Spent[] =
      device !== undefined
        ? [{ rule: this.failuresByDevice, key: `${storeId}:${device.deviceId}` }]
        : [{ rule: this.failuresByEmail, key: this.emailKey(storeId, email) }, ...this.addressBudgets(storeId, source, this.failuresByAddress, this.failuresByCaller)];
    await this.spendAll(budgets);
    return {
      succeeded: async () => {
        await Promise.all(budgets.map((budget) => this.limiter.refund(budget.rule, budget.key)));
      },
    };
  }

  async codeRequest(storeId: string, email: string, source: SignInSource): Promise<void> {
    await this.spendAll([...this.addressBudgets(storeId, source, this.codesByAddress, this.codesByCaller), { rule: this.codesByEmail, key: this.emailKey(storeId, email) }]);
  }
}
