// What owners and managers do to other members (docs/staff.md, "Accounts"): invite by email
// (a one-time link, emailed and answered), change name or role, disable (every session ends at
// once) and enable, and send a new sign-in link. Roles are given by rolesGrantableBy: a manager
// never makes or changes an owner. Nobody disables or demotes themselves, and a store always
// keeps one active owner. Every change is audited with its fields before and after.
import { inject, injectable } from "inversify";
import { rolesGrantableBy, type StaffRole } from "../../domain/staff/permissions.js";
import type { Principal } from "../access/principal.js";
import { PermissionDenied } from "../errors/staff-errors.js";
import { BusinessRuleViolation, ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { Notifier } from "../ports/notifier.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StaffRepository, type StaffListFilter, type StaffMember, type StaffSession, type StaffStatus } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { AuditTrail } from "./audit-trail.js";
import { auditActorOf } from "./audit-actor.js";
import { CreateStaffMember, SIGN_IN_LINK_HOURS } from "./create-staff-member.js";
import { auditedFields } from "./staff-records.js";

export interface StaffLinks {
  /** The back office's address, for sign-in links (`<base>/sign-in?link=<token>`). */
  readonly adminUrl: string;
}
export const StaffLinks = Symbol.for("storefront.StaffLinks");

const linkOf = (links: StaffLinks, token: string): string => `${links.adminUrl.replace(/\/+$/, "")}/sign-in?link=${token}`;

/** The role of the caller for granting: a member's, or the secret key's, which is the owner's. */
const grantingRole = (principal: Principal): StaffRole => principal.staff?.role ?? "owner";

const missing = (): ResourceMissing => new ResourceMissing({ resource: "staff_member", param: "id", message: "No such staff member in this store." });

export interface Invited {
  readonly member: StaffMember;
  readonly signInLink: string;
  readonly linkExpiresAt: string;
}

@injectable()
export class ManageStaff {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(CreateStaffMember) private readonly create: CreateStaffMember,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(StaffLinks) private readonly links: StaffLinks,
  ) {}

  private mayGrant(principal: Principal, role: StaffRole): void {
    if (!rolesGrantableBy(grantingRole(principal)).includes(role)) {
      throw new PermissionDenied({ permission: "staff.manage", message: `A ${grantingRole(principal)} may not give the role ${role}.` });
    }
  }

  /** A manager may change members below owner; an owner anyone. */
  private mayChange(principal: Principal, member: StaffMember): void {
    if (member.role === "owner" && grantingRole(principal) !== "owner") {
      throw new PermissionDenied({ permission: "staff.manage", message: "Only an owner may change an owner." });
    }
  }

  private notSelf(principal: Principal, member: StaffMember, what: string): void {
    if (principal.staff?.memberId === member.id) throw new BusinessRuleViolation({ code: "staff_self_change", message: `You may not ${what} yourself; ask another owner or manager.` });
  }

  private async keepsAnOwner(storeId: string, leaving: StaffMember): Promise<void> {
    if (leaving.role !== "owner" || leaving.status !== "active") return;
    const owners = (await this.staff.list(storeId, { status: "active", limit: 1_000 })).filter((m) => m.role === "owner" && m.id !== leaving.id);
    if (owners.length === 0) throw new BusinessRuleViolation({ code: "last_owner", message: "The store must keep one active owner: make someone else owner first." });
  }

  async invite(principal: Principal, input: { readonly email: string; readonly role: StaffRole; readonly name?: string | undefined }): Promise<Invited> {
    this.mayGrant(principal, input.role);
    const store = await loadStore(this.stores, principal.storeId);
    const created = await this.create.execute({ storeId: principal.storeId, email: input.email, role: input.role, ...(input.name !== undefined ? { name: input.name } : {}) }, auditActorOf(principal));
    const link = linkOf(this.links, created.linkToken!);
    await this.notifier.sendStaffInvitation({
      to: created.member.email,
      memberName: created.member.name,
      storeName: store.name,
      invitedBy: principal.staff?.email ?? "The store's owner",
      role: created.member.role,
      link,
      expiresInHours: SIGN_IN_LINK_HOURS,
    });
    return { member: created.member, signInLink: link, linkExpiresAt: created.member.linkExpiresAt! };
  }

  async list(principal: Principal, filter: StaffListFilter): Promise<readonly StaffMember[]> {
    return this.staff.list(principal.storeId, filter);
  }

  async get(principal: Principal, memberId: string): Promise<StaffMember> {
    return (await this.staff.findById(principal.storeId, memberId)) ?? Promise.reject(missing());
  }

  /** Changes name and/or role. */
  async update(principal: Principal, memberId: string, input: { readonly name?: string | undefined; readonly role?: StaffRole | undefined }): Promise<StaffMember> {
    return this.change(principal, memberId, "staff.update", async (member) => {
      if (input.role !== undefined && input.role !== member.role) {
        this.mayGrant(principal, input.role);
        this.notSelf(principal, member, "change the role of");
        if (input.role !== "owner") await this.keepsAnOwner(principal.storeId, member);
      }
      return { ...member, name: input.name?.trim() || member.name, role: input.role ?? member.role };
    });
  }

  /** Disables a member: they cannot sign in, and every session of theirs ends now. */
  async disable(principal: Principal, memberId: string): Promise<StaffMember> {
    return this.change(principal, memberId, "staff.disable", async (member, at) => {
      this.notSelf(principal, member, "disable");
      await this.keepsAnOwner(principal.storeId, member);
      await this.staff.revokeSessionsOf(principal.storeId, member.id, at, "disabled");
      return { ...member, status: "disabled" as StaffStatus, disabledAt: at, linkHash: null, linkExpiresAt: null };
    });
  }

  async enable(principal: Principal, memberId: string): Promise<StaffMember> {
    return this.change(principal, memberId, "staff.enable", async (member) => ({
      ...member,
      status: (member.passwordHash === null ? "invited" : "active") as StaffStatus,
      disabledAt: null,
    }));
  }

  /** A new one-time sign-in link (the old one stops working): for a forgotten password or a lost invitation. */
  async newLink(principal: Principal, memberId: string): Promise<Invited> {
    const token = this.secrets.randomBase62(43);
    const member = await this.change(principal, memberId, "staff.new_link", async (current, at) => {
      if (current.status === "disabled") throw new BusinessRuleViolation({ code: "staff_disabled", message: "Enable the member first." });
      return { ...current, linkHash: this.secrets.hash(token), linkExpiresAt: new Date(Date.parse(at) + SIGN_IN_LINK_HOURS * 3_600_000).toISOString() };
    });
    const store = await loadStore(this.stores, principal.storeId);
    const link = linkOf(this.links, token);
    await this.notifier.sendStaffInvitation({ to: member.email, memberName: member.name, storeName: store.name, invitedBy: principal.staff?.email ?? "The store's owner", role: member.role, link, expiresInHours: SIGN_IN_LINK_HOURS });
    return { member, signInLink: link, linkExpiresAt: member.linkExpiresAt! };
  }

  async sessions(principal: Principal, memberId: string): Promise<readonly StaffSession[]> {
    await this.get(principal, memberId);
    return this.staff.openSessions(principal.storeId, memberId, this.clock.now().toISOString());
  }

  private async change(principal: Principal, memberId: string, operation: string, apply: (member: StaffMember, at: string) => Promise<StaffMember>): Promise<StaffMember> {
    return this.uow.run(async () => {
      const member = await this.staff.findById(principal.storeId, memberId, { forUpdate: true });
      if (member === undefined) throw missing();
      this.mayChange(principal, member);
      const at = this.clock.now().toISOString();
      const after = { ...(await apply(member, at)), updatedAt: at };
      await this.staff.update(after);
      await this.audit.record(principal, principal.storeId, {
        operation,
        resourceType: "staff_member",
        resourceId: member.id,
        before: { ...auditedFields(member), sign_in_link: member.linkHash !== null },
        after: { ...auditedFields(after), sign_in_link: after.linkHash !== null },
      });
      return after;
    });
  }
}
