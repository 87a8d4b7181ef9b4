// Sign-out (docs/staff.md, "Sessions"): this session, or every session of the member.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { StaffRepository } from "../ports/staff-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "./audit-trail.js";
import { StaffSessionRequired } from "../errors/staff-errors.js";

@injectable()
export class SignOutStaff {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Ends the caller's session, or with `everywhere` all of the member's sessions; answers how many ended. */
  async execute(principal: Principal, everywhere: boolean): Promise<number> {
    const staff = principal.staff;
    if (staff === undefined) throw new StaffSessionRequired({ message: "Only a signed-in staff member can sign out; an API key has no session." });
    const at = this.clock.now().toISOString();
    return this.uow.run(async () => {
      const ended = everywhere
        ? await this.staff.revokeSessionsOf(principal.storeId, staff.memberId, at, "signed_out_everywhere")
        : (await this.staff.revokeSession(principal.storeId, staff.sessionId, at, "signed_out"))
          ? 1
          : 0;
      await this.audit.record(principal, principal.storeId, {
        operation: everywhere ? "staff.sign_out_everywhere" : "staff.sign_out",
        resourceType: "staff_member",
        resourceId: staff.memberId,
        changes: { open_sessions_ended: [null, ended] },
      });
      return ended;
    });
  }
}
