import { inject, injectable } from "inversify";
import { type StaffRole } from "../../domain/staff/permissions.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "./audit-trail.js";
import { mayGrant, changeStaffMember, notSelf, keepsAnOwner } from "./staff-changes.js";

/** Changes name and/or role. */
@injectable()
export class UpdateStaffMember {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, memberId: string, input: { readonly name?: string | undefined; readonly role?: StaffRole | undefined }): Promise<StaffMember> {
    return changeStaffMember({ staff: this.staff, audit: this.audit, uow: this.uow, clock: this.clock }, principal, memberId, "staff.update", async (member) => {
      if (input.role !== undefined && input.role !== member.role) {
        mayGrant(principal, input.role);
        notSelf(principal, member, "change the role of");
        if (input.role !== "owner") await keepsAnOwner({ staff: this.staff }, principal.storeId, member);
      }
      return { ...member, name: input.name?.trim() || member.name, role: input.role ?? member.role };
    });
  }
}
