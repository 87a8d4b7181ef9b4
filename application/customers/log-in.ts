// Signs a customer in with email and password. Failed attempts are throttled per email and per
// address, or per known device when the attempt carries the customer's device token (auth-throttle.ts);
// an unknown email costs the same hashing time as a wrong password, so the answer's timing does
// not tell whether the email is a customer's. A success answers a new device token.
import { inject, injectable } from "inversify";
import { normaliseEmail } from "../../domain/customers/customer.js";
import { isBlocked } from "../../domain/customers/customer-block.js";
import type { Principal } from "../access/principal.js";
import { AccountInactive, InvalidCredentials } from "../errors/access-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { PasswordHasher } from "../ports/password-hasher.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { AuthThrottle } from "./auth-throttle.js";
import { customerBlocked, refuseIfBlocked } from "./customer-blocked.js";
import { DeviceTokens, deviceFields } from "./device-tokens.js";
import type { SignInSource } from "./sign-in-source.js";
import type { LoginInput } from "./customer-inputs.js";
import { toCustomerRecord, toUserRecord, type SignInRecord } from "./customer-records.js";
import { SessionIssuer } from "./session-issuer.js";
import { MergeSessionCart } from "../carts/merge-session-cart.js";

export const accountInactive = (): AccountInactive =>
  new AccountInactive({ message: "This customer account is inactive; it cannot sign in." });

@injectable()
export class LogIn {
  private decoy: Promise<string> | undefined;

  constructor(
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(AuthThrottle) private readonly throttle: AuthThrottle,
    @inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MergeSessionCart) private readonly carts: MergeSessionCart,
    @inject(Clock) private readonly clock: Clock,
    @inject(DeviceTokens) private readonly devices: DeviceTokens,
  ) {}

  async execute(principal: Principal, input: LoginInput, source: SignInSource, cartSessionId?: string): Promise<SignInRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    const email = normaliseEmail(input.email);
    const customer = await this.customers.findByEmail(store.id, email);
    // A device token counts only when it is this customer's: another's is no better than none.
    const device = this.devices.verify(store, input.device_token);
    const known = device !== undefined && device.customerId === customer?.id ? device : undefined;
    const attempt = await this.throttle.signIn(store.id, email, source, known);
    const encoded = customer?.passwordHash ?? (await this.decoyHash());
    const matches = await this.passwords.verify(input.password, encoded);
    if (customer === undefined || customer.passwordHash === null || !matches) {
      throw new InvalidCredentials({ code: "invalid_credentials", message: "The email or password is wrong." });
    }
    await attempt.succeeded();
    if (customer.status !== "active") throw accountInactive();
    if (isBlocked(customer)) throw customerBlocked();
    // The guest cart moves into the customer's cart in the same transaction as the sign-in.
    const session = await this.uow.run(async () => {
      await refuseIfBlocked(this.customers, store.id, customer.id);
      if (cartSessionId !== undefined) await this.carts.execute(store.id, cartSessionId, customer.id);
      return this.issuer.open(store.id, customer.id);
    });
    const issued = this.devices.issue(store, customer.id);
    return {
      message: "Signed in.",
      user: toUserRecord(customer),
      customer: toCustomerRecord(customer, store, this.clock.now()),
      session,
      ...deviceFields(issued),
    };
  }

  private decoyHash(): Promise<string> {
    this.decoy ??= this.passwords.hash("a password no customer has");
    return this.decoy;
  }
}
