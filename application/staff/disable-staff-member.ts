import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { StaffRepository, type StaffMember, type StaffStatus } from "../ports/staff-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "./audit-trail.js";
import { changeStaffMember, notSelf, keepsAnOwner } from "./staff-changes.js";

/** Disables a member: they cannot sign in, and every session of theirs ends now. */
@injectable()
export class DisableStaffMember {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, memberId: string): Promise<StaffMember> {
    return changeStaffMember({ staff: this.staff, audit: this.audit, uow: this.uow, clock: this.clock }, principal, memberId, "staff.disable", async (member, at) => {
      notSelf(principal, member, "disable");
      await keepsAnOwner({ staff: this.staff }, principal.storeId, member);
      await this.staff.revokeSessionsOf(principal.storeId, member.id, at, "disabled");
      return { ...member, status: "disabled" as StaffStatus, disabledAt: at, linkHash: null, linkExpiresAt: null };
    });
  }
}
