// ApproveReturn, the use case behind POST /admin/v1/returns/{id}/approve; what it shares with its
// sibling use cases is in return-changes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { type ReturnRecord, moveReturn } from "./return-changes.js";

@injectable()
export class ApproveReturn {
  constructor(
    @inject(ReturnRepository) private readonly returns: ReturnRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, returnId: string, note: string | undefined): Promise<ReturnRecord> {
    return moveReturn({ returns: this.returns, orders: this.orders, outbox: this.outbox, audit: this.audit, uow: this.uow, ids: this.ids, clock: this.clock }, principal, returnId, "approved", note ?? null, async (r) => ({ next: { ...r, staffNote: note ?? r.staffNote }, data: {} }));
  }
}
