// What owners and managers do to other members (docs/staff.md, "Accounts"): invite by email
// (a one-time link, emailed and answered), change name or role, disable (every session ends at
// once) and enable, and send a new sign-in link. Roles are given by rolesGrantableBy: a manager
// never makes or changes an owner. Nobody disables or demotes themselves, and a store always
// keeps one active owner. Every change is audited with its fields before and after.
// This module holds what the use cases InviteStaffMember, ListStaff, GetStaffMember,
// UpdateStaffMember, DisableStaffMember, EnableStaffMember, NewSignInLink and ListStaffSessions
// share (one class a file, docs/architecture.md, the application/ ring).
import { rolesGrantableBy, type StaffRole } from "../../domain/staff/permissions.js";
import type { Principal } from "../access/principal.js";
import { PermissionDenied } from "../errors/staff-errors.js";
import { BusinessRuleViolation, ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { StaffRepository, type StaffMember } from "../ports/staff-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "./audit-trail.js";
import { auditedFields } from "./staff-records.js";

export interface StaffLinks {
  /** The back office's address, for sign-in links (`<base>/sign-in?link=<token>`). */
  readonly adminUrl: string;
}

export const StaffLinks = Symbol.for("storefront.StaffLinks");

export const linkOf = (links: StaffLinks, token: string): string => `${links.adminUrl.replace(/\/+$/, "")}/sign-in?link=${token}`;

/** The role of the caller for granting: a member's, or the secret key's, which is the owner's. */
export const grantingRole = (principal: Principal): StaffRole => principal.staff?.role ?? "owner";

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "staff_member", param: "id", message: "No such staff member in this store." });

export interface Invited {
  readonly member: StaffMember;
  readonly signInLink: string;
  readonly linkExpiresAt: string;
}

export function mayGrant(principal: Principal, role: StaffRole): void {
  if (!rolesGrantableBy(grantingRole(principal)).includes(role)) {
    throw new PermissionDenied({ permission: "staff.manage", message: `A ${grantingRole(principal)} may not give the role ${role}.` });
  }
}

export async function changeStaffMember(deps: { readonly staff: StaffRepository; readonly audit: AuditTrail; readonly uow: UnitOfWork; readonly clock: Clock }, principal: Principal, memberId: string, operation: string, apply: (member: StaffMember, at: string) => Promise<StaffMember>): Promise<StaffMember> {
  return deps.uow.run(async () => {
    const member = await deps.staff.findById(principal.storeId, memberId, { forUpdate: true });
    if (member === undefined) throw missing();
    mayChange(principal, member);
    const at = deps.clock.now().toISOString();
    const after = { ...(await apply(member, at)), updatedAt: at };
    await deps.staff.update(after);
    await deps.audit.record(principal, principal.storeId, {
      operation,
      resourceType: "staff_member",
      resourceId: member.id,
      before: { ...auditedFields(member), sign_in_link: member.linkHash !== null },
      after: { ...auditedFields(after), sign_in_link: after.linkHash !== null },
    });
    return after;
  });
}

/** A manager may change members below owner; an owner anyone. */
export function mayChange(principal: Principal, member: StaffMember): void {
  if (member.role === "owner" && grantingRole(principal) !== "owner") {
    throw new PermissionDenied({ permission: "staff.manage", message: "Only an owner may change an owner." });
  }
}

export function notSelf(principal: Principal, member: StaffMember, what: string): void {
  if (principal.staff?.memberId === member.id) throw new BusinessRuleViolation({ code: "staff_self_change", message: `You may not ${what} yourself; ask another owner or manager.` });
}

export async function keepsAnOwner(deps: { readonly staff: StaffRepository }, storeId: string, leaving: StaffMember): Promise<void> {
  if (leaving.role !== "owner" || leaving.status !== "active") return;
  const owners = (await deps.staff.list(storeId, { status: "active", limit: 1_000 })).filter((m) => m.role === "owner" && m.id !== leaving.id);
  if (owners.length === 0) throw new BusinessRuleViolation({ code: "last_owner", message: "The store must keep one active owner: make someone else owner first." });
}
