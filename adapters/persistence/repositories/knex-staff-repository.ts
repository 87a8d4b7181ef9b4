// Staff members in `staff_members` (migration 0028).
import { inject, injectable } from "inversify";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { StaffMember, StaffRepository, StaffStatus } from "../../../application/ports/staff-repository.js";
import type { StaffRole } from "../../../domain/staff/permissions.js";
import { readBoolean } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";

interface StaffRow {
  readonly id: string;
  readonly store_id: string;
  readonly email: string;
  readonly name: string;
  readonly role: string;
  readonly status: string;
  readonly password_hash: string | null;
  readonly link_hash: string | null;
  readonly link_expires_at: string | null;
  readonly totp_enabled: number | boolean;
  readonly created_at: string;
  readonly updated_at: string;
  readonly disabled_at: string | null;
}

const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  storeId: row.store_id,
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
  status: row.status as StaffStatus,
  passwordHash: row.password_hash,
  linkHash: row.link_hash,
  linkExpiresAt: row.link_expires_at,
  totpEnabled: readBoolean(row.totp_enabled),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  disabledAt: row.disabled_at,
});

@injectable()
export class KnexStaffRepository implements StaffRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async insert(member: StaffMember): Promise<void> {
    try {
      // A savepoint keeps the caller's transaction usable when the email is taken.
      await this.db.run((q) =>
        q.transaction(async (trx) => {
          await trx("staff_members").insert({
            id: member.id,
            store_id: member.storeId,
            email: member.email,
            name: member.name,
            role: member.role,
            status: member.status,
            password_hash: member.passwordHash,
            link_hash: member.linkHash,
            link_expires_at: member.linkExpiresAt,
            totp_enabled: member.totpEnabled,
            created_at: member.createdAt,
            updated_at: member.updatedAt,
            disabled_at: member.disabledAt,
          });
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ResourceConflict({ code: "email_taken", param: "email", message: "A staff member with this email already exists in the store." });
      throw error;
    }
  }

  async findByEmail(storeId: string, email: string): Promise<StaffMember | undefined> {
    const [row] = await this.db.select<StaffRow>("select * from staff_members where store_id = ? and email = ? limit 1", [storeId, email]);
    return row === undefined ? undefined : toMember(row);
  }

  async findById(storeId: string, memberId: string): Promise<StaffMember | undefined> {
    const [row] = await this.db.select<StaffRow>("select * from staff_members where store_id = ? and id = ? limit 1", [storeId, memberId]);
    return row === undefined ? undefined : toMember(row);
  }
}
