// The optional second factor of a staff member (docs/staff.md, "Second factor"): a TOTP secret
// for an authenticator app, turned on by a first good code, with ten one-use recovery codes shown
// once; turning it off needs the password. Each is audited.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { InvalidCredentials } from "../errors/access-errors.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { StaffSessionRequired } from "../errors/staff-errors.js";
import { Clock } from "../ports/clock.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StaffPasswordHasher } from "../ports/staff-password-hasher.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { Totp } from "../ports/totp.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { AuditTrail } from "./audit-trail.js";
import { normaliseRecoveryCode } from "./sign-in-staff.js";
import { auditedFields } from "./staff-records.js";

export const RECOVERY_CODES = 10;

const signedInMember = async (staff: StaffRepository, principal: Principal, forUpdate = false): Promise<StaffMember> => {
  if (principal.staff === undefined) throw new StaffSessionRequired({ message: "The second factor belongs to a signed-in staff member; an API key has none." });
  const member = await staff.findById(principal.storeId, principal.staff.memberId, { forUpdate });
  if (member === undefined) throw new StaffSessionRequired({ message: "The signed-in member no longer exists." });
  return member;
};

@injectable()
export class SecondFactor {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(StaffPasswordHasher) private readonly passwords: StaffPasswordHasher,
    @inject(Totp) private readonly totp: Totp,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Starts (or starts again) enrolment: a new secret, not in force until confirmed with a code. */
  async start(principal: Principal): Promise<{ readonly secret: string; readonly otpauth_uri: string }> {
    const store = await loadStore(this.stores, principal.storeId);
    return this.uow.run(async () => {
      const member = await signedInMember(this.staff, principal, true);
      if (member.totpEnabled) throw new BusinessRuleViolation({ code: "second_factor_on", message: "The second factor is on already; turn it off first to enrol another device." });
      const secret = this.totp.newSecret();
      await this.staff.update({ ...member, totpSecret: secret, updatedAt: this.clock.now().toISOString() });
      return { secret, otpauth_uri: this.totp.uri(secret, `Storefront ${store.name}`, member.email) };
    });
  }

  /** Confirms enrolment with a code of the app: the factor is on, and the recovery codes are answered once. */
  async confirm(principal: Principal, code: string): Promise<{ readonly recovery_codes: readonly string[] }> {
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

  /** Turns the factor off; the password proves it is the member. */
  async turnOff(principal: Principal, password: string): Promise<StaffMember> {
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
