// Creates a staff member of a store (the `storefront staff create` command; the admin API's
// invitations come with it: docs/staff.md). With a password, it must pass the strength rule
// (customers/password-rules.ts) and is hashed with argon2id; without one, the member is
// `invited` and gets a one-time sign-in link, valid 24 hours, whose token is shown once and kept
// only as its SHA-256. The creation is written to the audit log in the same transaction.
import { Either, Schema } from "effect";
import { inject, injectable } from "inversify";
import { Email } from "../customers/customer-inputs.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { normaliseEmail } from "../../domain/customers/customer.js";
import type { StaffRole } from "../../domain/staff/permissions.js";
import type { AuditActor } from "../ports/audit-log.js";
import { AuditTrail } from "./audit-trail.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PasswordStrength } from "../ports/password-strength.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StaffPasswordHasher } from "../ports/staff-password-hasher.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { requireStrongPassword } from "../customers/password-rules.js";
import { loadStore } from "../stores/load-store.js";

/** How long a one-time sign-in link works. */
export const SIGN_IN_LINK_HOURS = 24;
const LINK_TOKEN_LENGTH = 43;

export interface NewStaffMember {
  readonly storeId: string;
  readonly email: string;
  readonly name?: string;
  readonly role: StaffRole;
  readonly password?: string;
}

export interface CreatedStaffMember {
  readonly member: StaffMember;
  /** The one-time sign-in link's token (only when no password was given): shown once. */
  readonly linkToken: string | undefined;
}

@injectable()
export class CreateStaffMember {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(StaffPasswordHasher) private readonly passwords: StaffPasswordHasher,
    @inject(PasswordStrength) private readonly strength: PasswordStrength,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: NewStaffMember, actor: AuditActor): Promise<CreatedStaffMember> {
    const store = await loadStore(this.stores, input.storeId, { fresh: true });
    if (Either.isLeft(Schema.decodeUnknownEither(Email)(input.email))) throw new ParameterInvalid({ param: "email", message: "email must be an email address" });
    const email = normaliseEmail(input.email);
    const name = input.name?.trim() || email.split("@")[0]!;
    if (input.password !== undefined) requireStrongPassword(this.strength, input.password, { email, name, storeName: store.name });
    // Hashing is slow on purpose; it stays outside the transaction.
    const passwordHash = input.password === undefined ? null : await this.passwords.hash(input.password);
    const now = this.clock.now();
    const at = now.toISOString();
    const linkToken = input.password === undefined ? this.secrets.randomBase62(LINK_TOKEN_LENGTH) : undefined;
    const member: StaffMember = {
      id: this.ids.newId(),
      storeId: store.id,
      email,
      name,
      role: input.role,
      status: passwordHash === null ? "invited" : "active",
      passwordHash,
      linkHash: linkToken === undefined ? null : this.secrets.hash(linkToken),
      linkExpiresAt: linkToken === undefined ? null : new Date(now.getTime() + SIGN_IN_LINK_HOURS * 3_600_000).toISOString(),
      totpEnabled: false,
      totpSecret: null,
      totpRecovery: [],
      totpLastStep: null,
      createdAt: at,
      updatedAt: at,
      disabledAt: null,
    };
    await this.uow.run(async () => {
      await this.staff.insert(member);
      await this.audit.record(actor, store.id, {
        operation: "staff.create",
        resourceType: "staff_member",
        resourceId: member.id,
        changes: { email: [null, member.email], name: [null, member.name], role: [null, member.role], status: [null, member.status] },
      });
    });
    return { member, linkToken };
  }
}
