import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { Clock } from "../ports/clock.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { StaffRepository } from "../ports/staff-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { type InboxThreadRecord } from "./inbox-records.js";
import { changeThread } from "./inbox-changes.js";

/** Gives the thread to a staff member of the store (active or invited), or to nobody with null. */
@injectable()
export class AssignThread {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(principal: Principal, threadId: string, memberId: string | null): Promise<InboxThreadRecord> {
    return changeThread({ messaging: this.messaging, uow: this.uow, audit: this.audit, clock: this.clock }, principal, threadId, "thread.assign", async () => {
      if (memberId !== null) {
        const member = await this.staff.findById(principal.storeId, memberId);
        if (member === undefined || member.status === "disabled") {
          throw new ParameterInvalid({ param: "staff_member_id", message: "staff_member_id names no active staff member of this store" });
        }
      }
      return { assigneeId: memberId };
    });
  }
}
