import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { InvalidCredentials } from "../errors/access-errors.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";
import { Totp } from "../ports/totp.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "./audit-trail.js";
import { normaliseRecoveryCode } from "./sign-in-staff.js";
import { auditedFields } from "./staff-records.js";
import { RECOVERY_CODES, signedInMember } from "./second-factor-rules.js";

/** Confirms enrolment with a code of the app: the factor is on, and the recovery codes are answered once. */
@injectable()
export class ConfirmSecondFactor {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(Totp) private readonly totp: Totp,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, code: string): Promise<{ readonly recovery_codes: readonly string[] }> {
    return this.uow.run(async () => {
      const member = await signedInMember(this.staff, principal, true);
      if (member.totpEnabled) throw new BusinessRuleViolation({ code: "second_factor_on", message: "The second factor is on already." });
      if (member.totpSecret === null) throw new BusinessRuleViolation({ code: "second_factor_not_started", message: "Start enrolment first (POST /admin/v1/me/second-factor)." });
      const step = this.totp.verify(member.totpSecret, code.trim(), this.clock.now());
      if (step === undefined) throw new InvalidCredentials({ code: "invalid_code", message: "The code is wrong: check the device's clock and send the code it shows now." });
      const codes = Array.from({ length: RECOVERY_CODES }, () => {
        const raw = this.secrets.randomBase62(10).toLowerCase();
        return `${raw.slice(0, 5)}-${raw.slice(5)}`;
      });
      const after: StaffMember = { ...member, totpEnabled: true, totpLastStep: step, totpRecovery: codes.map((c) => this.secrets.hash(normaliseRecoveryCode(c))), updatedAt: this.clock.now().toISOString() };
      await this.staff.update(after);
      await this.audit.record(principal, principal.storeId, { operation: "staff.second_factor_on", resourceType: "staff_member", resourceId: member.id, before: auditedFields(member), after: auditedFields(after) });
      return { recovery_codes: codes };
    });
  }
}
