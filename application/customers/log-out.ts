// Ends the session of the customer's access token: every token of that sign-in stops working.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { Clock } from "../ports/clock.js";
import { CustomerSessionRepository } from "../ports/customer-session-repository.js";

@injectable()
export class LogOut {
  constructor(
    @inject(CustomerSessionRepository) private readonly sessions: CustomerSessionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(customer: CustomerPrincipal): Promise<void> {
    await this.sessions.revokeSession(customer.sessionId, this.clock.now().toISOString(), "logout");
  }
}
