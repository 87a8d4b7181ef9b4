// How a staff member appears in the admin API's answers (docs/staff.md): never a hash or secret.
import type { StaffMember, StaffSession } from "../ports/staff-repository.js";

export interface StaffMemberRecord {
  readonly id: string;
  readonly object: "staff_member";
  readonly store_id: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffMember["role"];
  readonly status: StaffMember["status"];
  readonly totp_enabled: boolean;
  readonly created_at: string;
  readonly updated_at: string;
  readonly disabled_at: string | null;
}

export const toStaffRecord = (m: StaffMember): StaffMemberRecord => ({
  id: m.id,
  object: "staff_member",
  store_id: m.storeId,
  email: m.email,
  name: m.name,
  role: m.role,
  status: m.status,
  totp_enabled: m.totpEnabled,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
  disabled_at: m.disabledAt,
});

/** The fields of a member the audit log compares before and after a change. */
export const auditedFields = (m: StaffMember): Record<string, unknown> => ({
  name: m.name,
  role: m.role,
  status: m.status,
  totp_enabled: m.totpEnabled,
  password_set: m.passwordHash !== null,
});

export interface StaffSessionRecord {
  readonly id: string;
  readonly object: "staff_session";
  readonly created_at: string;
  readonly last_seen_at: string;
  readonly expires_at: string;
  readonly client_address: string | null;
  readonly user_agent: string | null;
  readonly current: boolean;
}

export const toSessionRecord = (s: StaffSession, currentId: string | undefined): StaffSessionRecord => ({
  id: s.id,
  object: "staff_session",
  created_at: s.createdAt,
  last_seen_at: s.lastSeenAt,
  expires_at: s.expiresAt,
  client_address: s.clientAddress,
  user_agent: s.userAgent,
  current: s.id === currentId,
});
