// Changes the signed-in customer's password: the current password is checked (a guess counts
// against the same budgets as a sign-in, so a stolen access token does not buy unlimited
// guesses), the new one must pass the strength rule (password-rules.ts), and every other session
// of the customer ends at once; the session of the token making the change goes on.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Principal } from "../access/principal.js";
import { InvalidCredentials } from "../errors/access-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { CustomerSessionRepository } from "../ports/customer-session-repository.js";
import { PasswordHasher } from "../ports/password-hasher.js";
import { PasswordStrength } from "../ports/password-strength.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { AuthThrottle } from "./auth-throttle.js";
import type { PasswordChangeInput } from "./customer-inputs.js";
import { requireStrongPassword } from "./password-rules.js";
import type { SignInSource } from "./sign-in-source.js";

export interface PasswordChanged {
  readonly message: string;
  /** How many other sessions (sign-ins on other devices) were ended. */
  readonly other_sessions_ended: number;
}

@injectable()
export class ChangePassword {
  constructor(
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(CustomerSessionRepository) private readonly sessions: CustomerSessionRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(PasswordStrength) private readonly strength: PasswordStrength,
    @inject(AuthThrottle) private readonly throttle: AuthThrottle,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal, input: PasswordChangeInput, source: SignInSource): Promise<PasswordChanged> {
    const store = await loadStore(this.stores, principal.storeId);
    const found = await this.customers.findById(store.id, customer.customerId);
    if (found === undefined) throw new InvalidCredentials({ code: "invalid_credentials", message: "The current password is wrong." });
    requireStrongPassword(this.strength, input.new_password, { email: found.email, name: found.name, storeName: store.name }, "new_password");
    const attempt = await this.throttle.signIn(store.id, found.email, source);
    if (found.passwordHash === null || !(await this.passwords.verify(input.current_password, found.passwordHash))) {
      throw new InvalidCredentials({ code: "invalid_credentials", message: "The current password is wrong." });
    }
    await attempt.succeeded();
    // Hashing is slow on purpose; it stays outside the transaction.
    const hash = await this.passwords.hash(input.new_password);
    const at = this.clock.now().toISOString();
    const ended = await this.uow.run(async () => {
      await this.customers.setPasswordHash(store.id, found.id, hash, at);
      return this.sessions.revokeOtherSessions(store.id, found.id, customer.sessionId, at, "password_changed");
    });
    return { message: "Password changed; every other session has ended.", other_sessions_ended: ended };
  }
}
