// EnableStaffMember, the use case behind POST /admin/v1/staff/{id}/enable; what it shares with its
// sibling use cases is in staff-changes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { StaffRepository, type StaffMember, type StaffStatus } from "../ports/staff-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "./audit-trail.js";
import { changeStaffMember } from "./staff-changes.js";

@injectable()
export class EnableStaffMember {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, memberId: string): Promise<StaffMember> {
    return changeStaffMember({ staff: this.staff, audit: this.audit, uow: this.uow, clock: this.clock }, principal, memberId, "staff.enable", async (member) => ({
      ...member,
      status: (member.passwordHash === null ? "invited" : "active") as StaffStatus,
      disabledAt: null,
    }));
  }
}
