// Schemas of the admin API's staff, session and audit answers (docs/staff.md).
import { Schema } from "effect";
import { StaffRole } from "../../../domain/staff/permissions.js";
import { Pagination } from "../schemas/pagination-schema.js";

export const StaffMemberSchema = Schema.Struct({
  id: Schema.String.annotations({ description: "The member's id." }),
  object: Schema.Literal("staff_member"),
  store_id: Schema.String.annotations({ description: "The store the member works for." }),
  email: Schema.String.annotations({ description: "Their email (lower case), which they sign in with." }),
  name: Schema.String.annotations({ description: "How they are shown." }),
  role: StaffRole.annotations({ description: "owner, manager, catalog, support or fulfilment: what they may do (docs/staff.md)." }),
  status: Schema.Literal("invited", "active", "disabled").annotations({ description: "invited (no password yet), active, or disabled (cannot sign in)." }),
  totp_enabled: Schema.Boolean.annotations({ description: "Whether sign-in asks for an authenticator code." }),
  created_at: Schema.String,
  updated_at: Schema.String,
  disabled_at: Schema.NullOr(Schema.String),
}).annotations({ identifier: "StaffMember" });

export const StaffSessionSchema = Schema.Struct({
  id: Schema.String.annotations({ description: "The session's id." }),
  object: Schema.Literal("staff_session"),
  created_at: Schema.String.annotations({ description: "When it signed in." }),
  last_seen_at: Schema.String.annotations({ description: "Its last request (kept to the minute)." }),
  expires_at: Schema.String.annotations({ description: "When it ends at the latest: 7 days after sign-in (12 hours unused end it sooner)." }),
  client_address: Schema.NullOr(Schema.String).annotations({ description: "The address it signed in from." }),
  user_agent: Schema.NullOr(Schema.String).annotations({ description: "The browser it signed in with." }),
  current: Schema.Boolean.annotations({ description: "Whether it is the session of this request." }),
}).annotations({ identifier: "StaffSession" });

export const SignedIn = Schema.Struct({
  object: Schema.Literal("staff_sign_in"),
  member: StaffMemberSchema,
  csrf_token: Schema.String.annotations({ description: "Send it in `X-CSRF-Token` on every write of this session (also in the `storefront_csrf` cookie)." }),
  session: StaffSessionSchema,
  permissions: Schema.Array(Schema.String).annotations({ description: "The permissions of the member's role." }),
}).annotations({ identifier: "StaffSignIn" });

export const StaffList = Schema.Struct({ object: Schema.Literal("list"), data: Schema.Array(StaffMemberSchema), pagination: Pagination });

export const Invitation = Schema.Struct({
  object: Schema.Literal("staff_invitation"),
  member: StaffMemberSchema,
  sign_in_link: Schema.String.annotations({ description: "The one-time sign-in link (also emailed): it works once, until link_expires_at." }),
  link_expires_at: Schema.String,
}).annotations({ identifier: "StaffInvitation" });

const Change = Schema.Tuple(Schema.Unknown, Schema.Unknown);

export const AuditEntrySchema = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("audit_entry"),
  at: Schema.String.annotations({ description: "When the write committed (ISO 8601, UTC)." }),
  actor: Schema.Struct({
    type: Schema.Literal("staff", "api_key", "cli", "system").annotations({ description: "Who wrote: a staff member, an API key, the command line or the system." }),
    id: Schema.NullOr(Schema.String).annotations({ description: "The member's or key's id." }),
    label: Schema.String.annotations({ description: "The member's email or the key's name." }),
  }),
  request_id: Schema.NullOr(Schema.String).annotations({ description: "The request the write came in (its Request-Id)." }),
  operation: Schema.String.annotations({ description: "What was done: an operation id (`updateProduct`) or `resource.verb` (`staff.disable`)." }),
  resource_type: Schema.String,
  resource_id: Schema.NullOr(Schema.String),
  changes: Schema.Record({ key: Schema.String, value: Change }).annotations({ description: "Each field the write changed: [before, after] (null before a creation, after a deletion); secrets show as \"[redacted]\"." }),
}).annotations({ identifier: "AuditEntry" });

export const AuditList = Schema.Struct({ object: Schema.Literal("list"), data: Schema.Array(AuditEntrySchema), pagination: Pagination });

export const RoleTableSchema = Schema.Struct({
  object: Schema.Literal("staff_role_table"),
  roles: Schema.Array(
    Schema.Struct({
      role: StaffRole,
      permissions: Schema.Array(Schema.String).annotations({ description: "The permissions the role holds." }),
      grantable: Schema.Boolean.annotations({ description: "Whether the caller may give this role (invite as, or change a member to it)." }),
    }),
  ),
  permissions: Schema.Array(
    Schema.Struct({
      permission: Schema.String.annotations({ description: "The permission's name, as admin operations require it." }),
      description: Schema.String.annotations({ description: "What it allows." }),
    }),
  ),
}).annotations({ identifier: "StaffRoleTable" });
