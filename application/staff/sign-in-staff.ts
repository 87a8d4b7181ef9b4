// Signs a staff member in (docs/staff.md, "Signing in"): email and password, the store when the
// email belongs to members of several, and the second factor's code (or a recovery code) when the
// member has one. Failed attempts are throttled as strictly as customers' (auth-throttle.ts, in
// a namespace of their own), an unknown email costs the same hashing as a wrong password, and a
// TOTP code is good once. A success opens a session (staff-sessions.ts) and is audited.
import { inject, injectable } from "inversify";
import { normaliseEmail } from "../../domain/customers/customer.js";
import { AccountInactive, InvalidCredentials } from "../errors/access-errors.js";
import { ParameterMissing } from "../errors/request-errors.js";
import { SecondFactorRequired } from "../errors/staff-errors.js";
import { AuthThrottle } from "../customers/auth-throttle.js";
import type { SignInSource } from "../customers/sign-in-source.js";
import { Clock } from "../ports/clock.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StaffPasswordHasher } from "../ports/staff-password-hasher.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";
import { Totp } from "../ports/totp.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "./audit-trail.js";
import { StaffSessions, type OpenedSession, type SessionOrigin } from "./staff-sessions.js";

/** The throttle's namespace for staff: their budgets never mix with a store's customers'. */
export const STAFF_THROTTLE_SCOPE = "staff";

export interface StaffSignInInput {
  readonly email: string;
  readonly password: string;
  readonly store_id?: string | undefined;
  /** A 6-digit TOTP code, or a recovery code (`xxxxx-xxxxx`). */
  readonly code?: string | undefined;
}

const wrong = (): InvalidCredentials => new InvalidCredentials({ code: "invalid_credentials", message: "The email or password is wrong." });

/** Normalises a recovery code as typed (any case, with or without the dash). */
export const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]/g, "");

@injectable()
export class SignInStaff {
  private decoy: Promise<string> | undefined;

  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StaffPasswordHasher) private readonly passwords: StaffPasswordHasher,
    @inject(AuthThrottle) private readonly throttle: AuthThrottle,
    @inject(StaffSessions) private readonly sessions: StaffSessions,
    @inject(Totp) private readonly totp: Totp,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  private decoyHash(): Promise<string> {
    this.decoy ??= this.passwords.hash("a decoy password nobody has");
    return this.decoy;
  }

  async execute(input: StaffSignInInput, source: SignInSource, origin: SessionOrigin): Promise<OpenedSession> {
    const email = normaliseEmail(input.email);
    const attempt = await this.throttle.signIn(STAFF_THROTTLE_SCOPE, email, source);
    const candidates =
      input.store_id === undefined
        ? await this.staff.findByEmailInAnyStore(email)
        : [await this.staff.findByEmail(input.store_id, email)].filter((m): m is StaffMember => m !== undefined);
    const withPassword = candidates.filter((m) => m.passwordHash !== null);
    let matching: StaffMember[] = [];
    if (withPassword.length === 0) {
      await this.passwords.verify(input.password, await this.decoyHash());
    } else {
      const checks = await Promise.all(withPassword.map((m) => this.passwords.verify(input.password, m.passwordHash!)));
      matching = withPassword.filter((_, i) => checks[i]);
    }
    if (matching.length === 0) throw wrong();
    if (matching.length > 1) {
      // The password is right for several stores' accounts: only now is it said that there are several.
      await attempt.succeeded();
      throw new ParameterMissing({ param: "store_id", message: "This email and password sign in to several stores: name the store with store_id." });
    }
    const member = matching[0]!;
    if (member.status === "disabled") {
      await attempt.succeeded();
      throw new AccountInactive({ message: "This staff account is disabled; an owner or manager of the store can enable it again." });
    }
    let changed: StaffMember = member;
    if (member.totpEnabled) {
      if (input.code === undefined || input.code.trim() === "") {
        // The password was right: asking for the code costs no attempt.
        await attempt.succeeded();
        throw new SecondFactorRequired({ message: "Send the 6-digit code of your authenticator app (or a recovery code) in `code`." });
      }
      changed = this.secondFactor(member, input.code.trim());
    }
    await attempt.succeeded();
    return this.uow.run(async () => {
      // Read again under lock: a code or recovery code is spent once even by two sign-ins at the same moment.
      const current = await this.staff.findById(member.storeId, member.id, { forUpdate: true });
      if (current === undefined || current.status !== "active") throw wrong();
      if (changed !== member) {
        if (current.totpLastStep !== member.totpLastStep || current.totpRecovery.length !== member.totpRecovery.length) throw wrong();
        await this.staff.update({ ...changed, updatedAt: current.updatedAt });
      }
      const opened = await this.sessions.open(current, origin);
      await this.audit.record({ type: "staff", id: member.id, label: member.email }, member.storeId, {
        operation: "staff.sign_in",
        resourceType: "staff_session",
        resourceId: opened.session.id,
        changes: { second_factor: [null, member.totpEnabled ? (changed.totpRecovery.length < member.totpRecovery.length ? "recovery_code" : "totp") : "none"] },
      });
      return opened;
    });
  }

  /** The member after spending `code`: a TOTP code of a step later than the last used, or an unused recovery code. */
  private secondFactor(member: StaffMember, code: string): StaffMember {
    if (/^\d{6}$/.test(code)) {
      const step = member.totpSecret === null ? undefined : this.totp.verify(member.totpSecret, code, this.clock.now());
      if (step === undefined || (member.totpLastStep !== null && step <= member.totpLastStep)) {
        throw new InvalidCredentials({ code: "invalid_code", message: "The authenticator code is wrong or was used already; wait for the next one." });
      }
      return { ...member, totpLastStep: step };
    }
    const hash = this.secrets.hash(normaliseRecoveryCode(code));
    if (!member.totpRecovery.includes(hash)) throw new InvalidCredentials({ code: "invalid_code", message: "The recovery code is wrong or was used already." });
    return { ...member, totpRecovery: member.totpRecovery.filter((h) => h !== hash) };
  }
}
