// A one-time sign-in link (docs/staff.md, "Accounts"): an invited member (or one an owner sent a
// new link) chooses a password with it and is signed in. The link works once and for 24 hours;
// a used, expired or unknown one is the same 401, and tries are throttled per address.
import { inject, injectable } from "inversify";
import { InvalidCredentials } from "../errors/access-errors.js";
import { AuthThrottle } from "../customers/auth-throttle.js";
import type { SignInSource } from "../customers/sign-in-source.js";
import { requireStrongPassword } from "../customers/password-rules.js";
import { Clock } from "../ports/clock.js";
import { PasswordStrength } from "../ports/password-strength.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StaffPasswordHasher } from "../ports/staff-password-hasher.js";
import { StaffRepository } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { AuditTrail } from "./audit-trail.js";
import { STAFF_THROTTLE_SCOPE } from "./sign-in-staff.js";
import { auditedFields } from "./staff-records.js";
import { StaffSessions, type OpenedSession, type SessionOrigin } from "./staff-sessions.js";

const linkRefused = (): InvalidCredentials =>
  new InvalidCredentials({ code: "invalid_credentials", message: "This sign-in link is not valid: it was used already, it ran out (links work for 24 hours), or it was mistyped. Ask an owner or manager for a new one." });

@injectable()
export class RedeemSignInLink {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(StaffPasswordHasher) private readonly passwords: StaffPasswordHasher,
    @inject(PasswordStrength) private readonly strength: PasswordStrength,
    @inject(AuthThrottle) private readonly throttle: AuthThrottle,
    @inject(StaffSessions) private readonly sessions: StaffSessions,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: { readonly token: string; readonly password: string }, source: SignInSource, origin: SessionOrigin): Promise<OpenedSession> {
    // Every try spends the address's budget (the link's hash stands in for an email).
    const linkHash = this.secrets.hash(input.token);
    const attempt = await this.throttle.signIn(STAFF_THROTTLE_SCOPE, `link:${linkHash}`, source);
    const found = await this.staff.findByLinkHash(linkHash);
    const now = this.clock.now();
    if (found === undefined || found.linkExpiresAt === null || Date.parse(found.linkExpiresAt) <= now.getTime() || found.status === "disabled") throw linkRefused();
    const store = await loadStore(this.stores, found.storeId);
    requireStrongPassword(this.strength, input.password, { email: found.email, name: found.name, storeName: store.name });
    await attempt.succeeded();
    const passwordHash = await this.passwords.hash(input.password);
    return this.uow.run(async () => {
      const current = await this.staff.findById(found.storeId, found.id, { forUpdate: true });
      if (current === undefined || current.linkHash !== linkHash || current.status === "disabled") throw linkRefused();
      const after = { ...current, passwordHash, linkHash: null, linkExpiresAt: null, status: "active" as const, updatedAt: now.toISOString() };
      await this.staff.update(after);
      // A new password ends every other session of the member.
      await this.staff.revokeSessionsOf(current.storeId, current.id, now.toISOString(), "password_set");
      await this.audit.record({ type: "staff", id: current.id, label: current.email }, current.storeId, {
        operation: "staff.redeem_link",
        resourceType: "staff_member",
        resourceId: current.id,
        before: auditedFields(current),
        after: auditedFields(after),
      });
      return this.sessions.open(after, origin);
    });
  }
}
