// The examples of the admin API's staff and audit log operations (staff-routes.ts; docs/staff.md,
// "Accounts" and "Audit log"), keyed by operationId: a member invited, changed, disabled and
// enabled again, and the audit entry of the disabling.
import { ListRoles } from "../../../application/staff/list-roles.js";
import { ADMIN } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const member = {
  id: ADMIN.invitedId,
  object: "staff_member",
  store_id: "019ab1e0-7c5a-7d1e-9d55-3b1c3e1f0a01",
  email: ADMIN.invitedEmail,
  name: "Wanjiru Kamau",
  role: "support",
  status: "invited",
  totp_enabled: false,
  created_at: "2026-11-27T08:10:00.000Z",
  updated_at: "2026-11-27T08:10:00.000Z",
  disabled_at: null,
} as const;

export const adminStaffExamples = {
  adminListStaff: { query: { status: "invited", limit: "20" }, response: { status: 200, body: { object: "list", data: [member], pagination: { limit: 20, next_cursor: null, has_more: false } } } },
  adminListRoles: {
    response: {
      status: 200,
      // The example is the table itself, as an owner reads it.
      body: { object: "staff_role_table", ...new ListRoles().execute({ storeId: "019ab1e0-7c5a-7d1e-9d55-3b1c3e1f0a01", keyId: "example", keyType: "secret", mode: "test" }) },
    },
  },
  adminInviteStaff: { body: { email: ADMIN.invitedEmail, role: "support", name: "Wanjiru Kamau" }, response: { status: 201, body: { object: "staff_invitation", member, sign_in_link: `http://localhost:3000/admin/sign-in?link=${ADMIN.linkToken}`, link_expires_at: "2026-11-28T08:10:00.000Z" } } },
  adminGetStaffMember: { params: { id: ADMIN.invitedId }, response: { status: 200, body: member } },
  adminUpdateStaffMember: { params: { id: ADMIN.invitedId }, body: { role: "fulfilment" }, response: { status: 200, body: { ...member, role: "fulfilment" } } },
  adminDisableStaffMember: { params: { id: ADMIN.invitedId }, response: { status: 200, body: { ...member, role: "fulfilment", status: "disabled", disabled_at: "2026-11-27T08:20:00.000Z" } } },
  adminEnableStaffMember: { params: { id: ADMIN.invitedId }, response: { status: 200, body: { ...member, role: "fulfilment" } } },
  adminSendStaffSignInLink: { params: { id: ADMIN.invitedId }, response: { status: 200, body: { object: "staff_invitation", member: { ...member, role: "fulfilment" }, sign_in_link: `http://localhost:3000/admin/sign-in?link=${ADMIN.linkToken}`, link_expires_at: "2026-11-28T08:25:00.000Z" } } },
  adminListStaffSessions: { params: { id: ADMIN.invitedId }, response: { status: 200, body: { object: "list", data: [] } } },
  adminListAuditEntries: {
    query: { operation: "staff.disable" },
    response: {
      status: 200,
      body: {
        object: "list",
        data: [
          {
            id: ADMIN.auditEntry,
            object: "audit_entry",
            at: "2026-11-27T08:20:00.000Z",
            actor: { type: "staff", id: ADMIN.ownerId, label: ADMIN.ownerEmail },
            request_id: "req_0123456789abcdef01234567",
            operation: "staff.disable",
            resource_type: "staff_member",
            resource_id: ADMIN.invitedId,
            changes: { status: ["active", "disabled"] },
          },
        ],
        pagination: { limit: 20, next_cursor: null, has_more: false },
      },
    },
  },
} satisfies Record<string, RouteExample>;
