// Turns a customer access token (x-auth-token) into the customer it stands for, within the API
// key's store. A token of another store, or of an ended session, is unknown; the token of a
// customer the store blocked answers 403 `customer_blocked` (docs/staff.md, "Customers and the inbox").
import { inject, injectable } from "inversify";
import { isBlocked } from "../../domain/customers/customer-block.js";
import { isExpired } from "../../domain/customers/session-lifetimes.js";
import { customerBlocked } from "../customers/customer-blocked.js";
import { InvalidToken, TokenExpired } from "../errors/access-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { CustomerSessionRepository } from "../ports/customer-session-repository.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import type { CustomerPrincipal } from "./customer-principal.js";
import type { Principal } from "./principal.js";

@injectable()
export class AuthenticateCustomer {
  constructor(
    @inject(CustomerSessionRepository) private readonly sessions: CustomerSessionRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, rawToken: string | undefined): Promise<CustomerPrincipal> {
    if (rawToken === undefined || rawToken === "") {
      throw new InvalidToken({ message: "This operation needs the customer's access token in the x-auth-token header." });
    }
    const found = await this.sessions.findToken(principal.storeId, "access", this.secrets.hash(rawToken));
    if (found !== undefined && found.sessionRevokedAt !== null) {
      const owner = await this.customers.findById(principal.storeId, found.token.customerId);
      if (owner !== undefined && isBlocked(owner)) throw customerBlocked();
    }
    if (found === undefined || found.sessionRevokedAt !== null) {
      throw new InvalidToken({ message: "The customer access token is unknown or its session has ended." });
    }
    if (isExpired(found.token.expiresAt, this.clock.now())) {
      throw new TokenExpired({ message: "The customer access token has expired; refresh the session." });
    }
    const customer = await this.customers.findById(principal.storeId, found.token.customerId);
    if (customer !== undefined && isBlocked(customer)) throw customerBlocked();
    if (customer === undefined || customer.status !== "active") {
      throw new InvalidToken({ message: "The customer access token is unknown or its session has ended." });
    }
    return { storeId: principal.storeId, customerId: customer.id, sessionId: found.token.sessionId };
  }
}
