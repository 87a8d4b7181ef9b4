// Sends a six-digit sign-in code to a customer's email. The answer is the same whether or not
// the email belongs to an active customer; requests are throttled per email and address. A
// blocked customer gets no code (docs/staff.md, "Customers and the inbox").
import { inject, injectable } from "inversify";
import { normaliseEmail } from "../../domain/customers/customer.js";
import { isBlocked } from "../../domain/customers/customer-block.js";
import { CODE_DIGITS, CODE_LIFETIME_SECONDS, codeExpiry } from "../../domain/customers/one-time-code.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { Notifier } from "../ports/notifier.js";
import { OneTimeCodeRepository } from "../ports/one-time-code-repository.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { AuthThrottle } from "./auth-throttle.js";
import type { SignInSource } from "./sign-in-source.js";

/** The stored form of a code: bound to its customer, so one customer's code hash fits no other. */
export const codeHash = (secrets: SecretGenerator, customerId: string, code: string): string => secrets.hash(`${customerId}:${code}`);

@injectable()
export class RequestOneTimeCode {
  constructor(
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(OneTimeCodeRepository) private readonly codes: OneTimeCodeRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(AuthThrottle) private readonly throttle: AuthThrottle,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, rawEmail: string, source: SignInSource): Promise<void> {
    const store = await loadStore(this.stores, principal.storeId);
    const email = normaliseEmail(rawEmail);
    await this.throttle.codeRequest(store.id, email, source);
    const customer = await this.customers.findByEmail(store.id, email);
    if (customer === undefined || customer.status !== "active" || isBlocked(customer)) return;
    const code = this.secrets.randomDigits(CODE_DIGITS);
    const now = this.clock.now();
    await this.codes.insert({
      id: this.ids.newId(),
      storeId: store.id,
      customerId: customer.id,
      hash: codeHash(this.secrets, customer.id, code),
      createdAt: now.toISOString(),
      expiresAt: codeExpiry(now).toISOString(),
      attempts: 0,
      consumedAt: null,
    });
    await this.notifier.sendOneTimeCode({
      to: customer.email,
      customerName: customer.name,
      storeName: store.name,
      code,
      expiresInMinutes: CODE_LIFETIME_SECONDS / 60,
    });
  }
}
