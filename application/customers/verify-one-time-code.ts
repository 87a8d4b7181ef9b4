// Signs a customer in with the one-time code sent to their email, and confirms the email.
// Only the latest code counts; it works once, for ten minutes, with five tries. Failures are
// throttled like password failures, and every failure answers alike.
import { inject, injectable } from "inversify";
import { normaliseEmail } from "../../domain/customers/customer.js";
import { isBlocked } from "../../domain/customers/customer-block.js";
import { CODE_MAX_ATTEMPTS, codeUsability } from "../../domain/customers/one-time-code.js";
import type { Principal } from "../access/principal.js";
import { InvalidCredentials } from "../errors/access-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { OneTimeCodeRepository } from "../ports/one-time-code-repository.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { AuthThrottle } from "./auth-throttle.js";
import { customerBlocked, refuseIfBlocked } from "./customer-blocked.js";
import { DeviceTokens, deviceFields } from "./device-tokens.js";
import type { SignInSource } from "./sign-in-source.js";
import type { CodeVerifyInput } from "./customer-inputs.js";
import { toCustomerRecord, toUserRecord, type SignInRecord } from "./customer-records.js";
import { accountInactive } from "./log-in.js";
import { codeHash } from "./request-one-time-code.js";
import { SessionIssuer } from "./session-issuer.js";
import { MergeSessionCart } from "../carts/merge-session-cart.js";

const wrongCode = (): InvalidCredentials =>
  new InvalidCredentials({ code: "invalid_code", message: "The code is wrong, expired or used up. Request a new one." });

@injectable()
export class VerifyOneTimeCode {
  constructor(
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(OneTimeCodeRepository) private readonly codes: OneTimeCodeRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(AuthThrottle) private readonly throttle: AuthThrottle,
    @inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MergeSessionCart) private readonly carts: MergeSessionCart,
    @inject(Clock) private readonly clock: Clock,
    @inject(DeviceTokens) private readonly devices: DeviceTokens,
  ) {}

  async execute(principal: Principal, input: CodeVerifyInput, source: SignInSource, cartSessionId?: string): Promise<SignInRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    const email = normaliseEmail(input.email);
    const customer = await this.customers.findByEmail(store.id, email);
    const device = this.devices.verify(store, input.device_token);
    const attempt = await this.throttle.signIn(store.id, email, source, device !== undefined && device.customerId === customer?.id ? device : undefined);
    if (customer === undefined) throw wrongCode();
    const latest = await this.codes.findLatest(store.id, customer.id);
    const now = this.clock.now();
    if (latest === undefined || codeUsability(latest, now) !== "usable") throw wrongCode();
    // The try is counted before the comparison, atomically, so parallel guesses share the five.
    if (!(await this.codes.takeAttempt(latest.id, CODE_MAX_ATTEMPTS))) throw wrongCode();
    if (codeHash(this.secrets, customer.id, input.code) !== latest.hash) throw wrongCode();
    if (!(await this.codes.consume(latest.id, now.toISOString()))) throw wrongCode();
    await attempt.succeeded();
    if (customer.status !== "active") throw accountInactive();
    if (isBlocked(customer)) throw customerBlocked();
    const session = await this.uow.run(async () => {
      await refuseIfBlocked(this.customers, store.id, customer.id);
      if (!customer.emailConfirmed) await this.customers.confirmEmail(store.id, customer.id, now.toISOString());
      // The guest cart moves into the customer's cart in the same transaction as the sign-in.
      if (cartSessionId !== undefined) await this.carts.execute(store.id, cartSessionId, customer.id);
      return this.issuer.open(store.id, customer.id);
    });
    const confirmed = { ...customer, emailConfirmed: true, updatedAt: customer.emailConfirmed ? customer.updatedAt : now.toISOString() };
    return {
      message: "Signed in with a one-time code.",
      user: toUserRecord(confirmed),
      customer: toCustomerRecord(confirmed, store, now),
      session,
      ...deviceFields(this.devices.issue(store, customer.id)),
    };
  }
}
