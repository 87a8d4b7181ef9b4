import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { InvalidCredentials } from "../errors/access-errors.js";
import { Clock } from "../ports/clock.js";
import { StaffPasswordHasher } from "../ports/staff-password-hasher.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "./audit-trail.js";
import { auditedFields } from "./staff-records.js";
import { signedInMember } from "./second-factor-rules.js";

/** Turns the factor off; the password proves it is the member. */
@injectable()
export class TurnOffSecondFactor {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StaffPasswordHasher) private readonly passwords: StaffPasswordHasher,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, password: string): Promise<StaffMember> {
    const found = await signedInMember(this.staff, principal);
    if (found.passwordHash === null || !(await this.passwords.verify(password, found.passwordHash))) {
      throw new InvalidCredentials({ code: "invalid_credentials", message: "The password is wrong." });
    }
    return this.uow.run(async () => {
      const member = await signedInMember(this.staff, principal, true);
      const after: StaffMember = { ...member, totpEnabled: false, totpSecret: null, totpRecovery: [], totpLastStep: null, updatedAt: this.clock.now().toISOString() };
      await this.staff.update(after);
      await this.audit.record(principal, principal.storeId, { operation: "staff.second_factor_off", resourceType: "staff_member", resourceId: member.id, before: auditedFields(member), after: auditedFields(after) });
      return after;
    });
  }
}
