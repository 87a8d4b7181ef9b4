// UnblockCustomer, the use case behind POST /admin/v1/customers/{id}/unblock; what it shares with
// its sibling use cases is in customer-blocks.ts.
import { inject, injectable } from "inversify";
import { unblocked } from "../../domain/customers/customer-block.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { CustomerSessionRepository } from "../ports/customer-session-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { type BlockOutcome, changeCustomerBlock } from "./customer-blocks.js";

@injectable()
export class UnblockCustomer {
  constructor(
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(CustomerSessionRepository) private readonly sessions: CustomerSessionRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(principal: Principal, customerId: string): Promise<BlockOutcome> {
    return changeCustomerBlock({ customers: this.customers, sessions: this.sessions, stores: this.stores, uow: this.uow, audit: this.audit, clock: this.clock }, principal, customerId, "customer.unblock", () => unblocked);
  }
}
