// Staff members and the audit log on the admin API (docs/staff.md, "Accounts" and "Audit log"):
// the roles' table; list, read, invite, change, disable and enable members, send a new sign-in
// link, see a member's sessions; read the audit log filtered by member, resource, operation and time.
import { InviteStaffMember } from "../../../application/staff/invite-staff-member.js";
import { ListStaff } from "../../../application/staff/list-staff.js";
import { GetStaffMember } from "../../../application/staff/get-staff-member.js";
import { UpdateStaffMember } from "../../../application/staff/update-staff-member.js";
import { DisableStaffMember } from "../../../application/staff/disable-staff-member.js";
import { EnableStaffMember } from "../../../application/staff/enable-staff-member.js";
import { NewSignInLink } from "../../../application/staff/new-sign-in-link.js";
import { ListStaffSessions } from "../../../application/staff/list-staff-sessions.js";
import { type Invited } from "../../../application/staff/staff-changes.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { AuditLog, type AuditEntry } from "../../../application/ports/audit-log.js";
import { ListRoles } from "../../../application/staff/list-roles.js";
import { toSessionRecord, toStaffRecord } from "../../../application/staff/staff-records.js";
import { StaffRole } from "../../../domain/staff/permissions.js";
import { cursorParam, integerParam, textParam, uuidParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { fromTimeCursor, pageOf } from "./admin-cursor.js";
import { AuditList, Invitation, RoleTableSchema, StaffList, StaffMemberSchema, StaffSessionSchema } from "./staff-schemas.js";
import { adminStaffExamples } from "./staff-examples.js";

const TAG = "Staff";
const AUDIT_TAG = "Audit log";

const IdParams = Schema.Struct({ id: uuidParam });
const Limit = Schema.optionalWith(integerParam(1, 100), { default: () => 20 }).annotations({ description: "Page size, 1-100 (default 20)." });
const Instant = Schema.String.pipe(Schema.filter((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}/.test(s), { message: () => "must be a date or date-time (ISO 8601)" }));

const invitationAnswer = (invited: Invited) => ({
  object: "staff_invitation" as const,
  member: toStaffRecord(invited.member),
  sign_in_link: invited.signInLink,
  link_expires_at: invited.linkExpiresAt,
});

const toAuditRecord = (e: AuditEntry) => ({
  id: e.id,
  object: "audit_entry" as const,
  at: e.at,
  actor: e.actor,
  request_id: e.requestId,
  operation: e.operation,
  resource_type: e.resourceType,
  resource_id: e.resourceId,
  changes: e.changes as Record<string, readonly [unknown, unknown]>,
});

@injectable()
export class StaffRoutes implements RouteModule {
  constructor(
    @inject(ListStaff) private readonly listStaff: ListStaff,
    @inject(InviteStaffMember) private readonly inviteStaffMember: InviteStaffMember,
    @inject(GetStaffMember) private readonly getStaffMember: GetStaffMember,
    @inject(UpdateStaffMember) private readonly updateStaffMember: UpdateStaffMember,
    @inject(DisableStaffMember) private readonly disableStaffMember: DisableStaffMember,
    @inject(EnableStaffMember) private readonly enableStaffMember: EnableStaffMember,
    @inject(NewSignInLink) private readonly newSignInLink: NewSignInLink,
    @inject(ListStaffSessions) private readonly listStaffSessions: ListStaffSessions,
    @inject(AuditLog) private readonly audit: AuditLog,
    @inject(ListRoles) private readonly roles: ListRoles,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminListStaff",
        method: "GET",
        path: "/admin/v1/staff",
        summary: "List the store's staff members",
        description: "Permission `staff.manage`. Members newest first, optionally by status; paged by cursor.",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        query: Schema.Struct({ status: Schema.optional(Schema.Literal("invited", "active", "disabled")), limit: Limit, cursor: Schema.optional(cursorParam) }),
        example: adminStaffExamples.adminListStaff,
        success: { status: 200, description: "A page of members.", schema: StaffList },
        handle: async ({ principal, query }) => {
          const before = fromTimeCursor(query.cursor);
          const rows = await this.listStaff.execute(principal, { limit: query.limit + 1, ...(query.status !== undefined ? { status: query.status } : {}), ...(before !== undefined ? { before: { createdAt: before.at, id: before.id } } : {}) });
          const page = pageOf(rows, query.limit, (m) => [m.createdAt, m.id]);
          return { object: "list" as const, data: page.data.map(toStaffRecord), pagination: page.pagination };
        },
      }),
      defineRoute({
        operationId: "adminListRoles",
        method: "GET",
        path: "/admin/v1/roles",
        summary: "The staff roles, each with its permissions, and what each permission allows",
        description:
          "Permission `staff.manage`. Every role (owner, manager, catalog, support, fulfilment) with the permissions it holds and whether the caller may give it (an owner any role, a manager any but owner), and every permission with what it allows. The same table for every store: roles are not configurable.",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        example: adminStaffExamples.adminListRoles,
        success: { status: 200, description: "The roles and permissions.", schema: RoleTableSchema },
        handle: async ({ principal }) => ({ object: "staff_role_table" as const, ...this.roles.execute(principal) }),
      }),
      defineRoute({
        operationId: "adminInviteStaff",
        method: "POST",
        path: "/admin/v1/staff",
        summary: "Invite a staff member by email: a one-time sign-in link",
        description:
          "Permission `staff.manage`. Creates an `invited` member with the role given and emails them a one-time sign-in link (valid 24 hours), also answered here so it can be handed over another way. An owner may give any role; a manager any but owner (403 `permission_denied`). 409 `email_taken` when the store has a member with this email.",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        idempotency: "optional",
        body: Schema.Struct({
          email: Schema.String.pipe(Schema.maxLength(254)),
          role: StaffRole,
          name: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))),
        }),
        errors: [409],
        example: adminStaffExamples.adminInviteStaff,
        success: { status: 201, description: "The invited member and their link.", schema: Invitation },
        handle: async ({ principal, body }) => invitationAnswer(await this.inviteStaffMember.execute(principal, body)),
      }),
      defineRoute({
        operationId: "adminGetStaffMember",
        method: "GET",
        path: "/admin/v1/staff/{id}",
        summary: "A staff member",
        description: "Permission `staff.manage`. One member of the store; 404 for another store's.",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        params: IdParams,
        example: adminStaffExamples.adminGetStaffMember,
        success: { status: 200, description: "The member.", schema: StaffMemberSchema },
        handle: async ({ principal, params }) => toStaffRecord(await this.getStaffMember.execute(principal, params.id)),
      }),
      defineRoute({
        operationId: "adminUpdateStaffMember",
        method: "PATCH",
        path: "/admin/v1/staff/{id}",
        summary: "Change a member's name or role",
        description: "Permission `staff.manage`. A manager may not change an owner nor make one (403 `permission_denied`); nobody changes their own role (422 `staff_self_change`), and the store keeps one active owner (422 `last_owner`). The change is audited.",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        params: IdParams,
        body: Schema.Struct({ name: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))), role: Schema.optional(StaffRole) }),
        errors: [422],
        example: adminStaffExamples.adminUpdateStaffMember,
        success: { status: 200, description: "The member.", schema: StaffMemberSchema },
        handle: async ({ principal, params, body }) => toStaffRecord(await this.updateStaffMember.execute(principal, params.id, body)),
      }),
      defineRoute({
        operationId: "adminDisableStaffMember",
        method: "POST",
        path: "/admin/v1/staff/{id}/disable",
        summary: "Disable a member: no sign-in, every session ends at once",
        description: "Permission `staff.manage`. The member cannot sign in and each of their sessions ends now (their next request is 401). Not yourself (422 `staff_self_change`), not the last active owner (422 `last_owner`).",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        params: IdParams,
        errors: [422],
        example: adminStaffExamples.adminDisableStaffMember,
        success: { status: 200, description: "The member.", schema: StaffMemberSchema },
        handle: async ({ principal, params }) => toStaffRecord(await this.disableStaffMember.execute(principal, params.id)),
      }),
      defineRoute({
        operationId: "adminEnableStaffMember",
        method: "POST",
        path: "/admin/v1/staff/{id}/enable",
        summary: "Enable a disabled member again",
        description: "Permission `staff.manage`. Active again (or invited, when they never set a password); they sign in anew.",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        params: IdParams,
        example: adminStaffExamples.adminEnableStaffMember,
        success: { status: 200, description: "The member.", schema: StaffMemberSchema },
        handle: async ({ principal, params }) => toStaffRecord(await this.enableStaffMember.execute(principal, params.id)),
      }),
      defineRoute({
        operationId: "adminSendStaffSignInLink",
        method: "POST",
        path: "/admin/v1/staff/{id}/sign-in-link",
        summary: "Send a member a new one-time sign-in link (a forgotten password, a lost invitation)",
        description: "Permission `staff.manage`. A new link, valid 24 hours, emailed and answered; an earlier link stops working. 422 `staff_disabled` for a disabled member.",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        params: IdParams,
        errors: [422],
        example: adminStaffExamples.adminSendStaffSignInLink,
        success: { status: 200, description: "The member and their new link.", schema: Invitation },
        handle: async ({ principal, params }) => invitationAnswer(await this.newSignInLink.execute(principal, params.id)),
      }),
      defineRoute({
        operationId: "adminListStaffSessions",
        method: "GET",
        path: "/admin/v1/staff/{id}/sessions",
        summary: "A member's open sessions",
        description: "Permission `staff.manage`. Where the member is signed in, newest first.",
        tag: TAG,
        access: "secret",
        permission: "staff.manage",
        params: IdParams,
        example: adminStaffExamples.adminListStaffSessions,
        success: { status: 200, description: "The open sessions.", schema: Schema.Struct({ object: Schema.Literal("list"), data: Schema.Array(StaffSessionSchema) }) },
        handle: async ({ principal, params }) => ({ object: "list" as const, data: (await this.listStaffSessions.execute(principal, params.id)).map((s) => toSessionRecord(s, principal.staff?.sessionId)) }),
      }),
      defineRoute({
        operationId: "adminListAuditEntries",
        method: "GET",
        path: "/admin/v1/audit-log",
        summary: "The audit log: every write by staff and by the secret key, newest first",
        description:
          "Permission `audit.read`. Append-only records of writes: who (member or key), when, the request id, the operation, the resource, and each changed field's value before and after. Filter by `actor_id` (a member or key id), `resource_type` with `resource_id`, `operation`, and a time range `from` (inclusive) to `to` (exclusive); paged by cursor.",
        tag: AUDIT_TAG,
        access: "secret",
        permission: "audit.read",
        query: Schema.Struct({
          actor_id: Schema.optional(textParam(64)),
          resource_type: Schema.optional(textParam(32)),
          resource_id: Schema.optional(textParam(64)),
          operation: Schema.optional(textParam(64)),
          from: Schema.optional(Instant),
          to: Schema.optional(Instant),
          limit: Limit,
          cursor: Schema.optional(cursorParam),
        }),
        example: adminStaffExamples.adminListAuditEntries,
        success: { status: 200, description: "A page of entries.", schema: AuditList },
        handle: async ({ principal, query }) => {
          const rows = await this.audit.list(principal.storeId, {
            limit: query.limit + 1,
            actorId: query.actor_id,
            resourceType: query.resource_type,
            resourceId: query.resource_id,
            operation: query.operation,
            from: query.from === undefined ? undefined : new Date(query.from).toISOString(),
            to: query.to === undefined ? undefined : new Date(query.to).toISOString(),
            before: fromTimeCursor(query.cursor),
          });
          const page = pageOf(rows, query.limit, (e) => [e.at, e.id]);
          return { object: "list" as const, data: page.data.map(toAuditRecord), pagination: page.pagination };
        },
      }),
    ];
  }
}
