// Who is calling: the store and mode an API key grants. Every use case is scoped by it.
// On the admin API (`/admin/v1`) the caller may instead be a signed-in staff member
// (docs/staff.md): then `staff` names them, `keyType` is "secret" and `keyId` is the session's id.
import type { KeyType, Mode } from "../../domain/access/api-key.js";
import type { StaffRole } from "../../domain/staff/permissions.js";

export interface StaffCaller {
  readonly memberId: string;
  readonly email: string;
  readonly role: StaffRole;
  readonly sessionId: string;
}

export interface Principal {
  readonly storeId: string;
  readonly keyId: string;
  readonly keyType: KeyType;
  readonly mode: Mode;
  /** The signed-in staff member, on the admin API; absent for an API key. */
  readonly staff?: StaffCaller;
  /** The key's name, shown in the audit log; absent for staff. */
  readonly keyName?: string;
}
