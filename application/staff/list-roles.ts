// The staff roles and what each may do (docs/staff.md, "Roles and permissions"): every role with
// its permissions, whether the caller may give it, and what each permission allows. Pure reading
// of the domain's table: nothing is stored per store.
import { injectable } from "inversify";
import { ALL_PERMISSIONS, PERMISSIONS, ROLE_PERMISSIONS, rolesGrantableBy, STAFF_ROLES, type Permission, type StaffRole } from "../../domain/staff/permissions.js";
import type { Principal } from "../access/principal.js";

export interface RoleTable {
  readonly roles: ReadonlyArray<{ readonly role: StaffRole; readonly permissions: readonly Permission[]; readonly grantable: boolean }>;
  readonly permissions: ReadonlyArray<{ readonly permission: Permission; readonly description: string }>;
}

@injectable()
export class ListRoles {
  /** The table as the caller sees it: a secret key gives roles as an owner does. */
  execute(principal: Principal): RoleTable {
    const grantable = new Set(rolesGrantableBy(principal.staff?.role ?? "owner"));
    return {
      roles: STAFF_ROLES.map((role) => ({ role, permissions: ALL_PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].has(p)), grantable: grantable.has(role) })),
      permissions: ALL_PERMISSIONS.map((permission) => ({ permission, description: PERMISSIONS[permission] })),
    };
  }
}
