// Staff members in `staff_members` (migration 0028).
import { inject, injectable } from "inversify";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { StaffListFilter, StaffMember, StaffRepository, StaffSession, StaffStatus } from "../../../application/ports/staff-repository.js";
import type { StaffRole } from "../../../domain/staff/permissions.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
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
  readonly totp_secret: string | null;
  readonly totp_recovery: string | null;
  readonly totp_last_step: number | string | null;
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
  totpSecret: row.totp_secret,
  totpRecovery: row.totp_recovery === null ? [] : readJson<string[]>(row.totp_recovery, []),
  totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  disabledAt: row.disabled_at,
});

interface SessionRow {
  readonly id: string;
  readonly store_id: string;
  readonly member_id: string;
  readonly token_hash: string;
  readonly csrf_hash: string;
  readonly created_at: string;
  readonly last_seen_at: string;
  readonly expires_at: string;
  readonly revoked_at: string | null;
  readonly revoke_reason: string | null;
  readonly client_address: string | null;
  readonly user_agent: string | null;
}

const toSession = (row: SessionRow): StaffSession => ({
  id: row.id,
  storeId: row.store_id,
  memberId: row.member_id,
  tokenHash: row.token_hash,
  csrfHash: row.csrf_hash,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  revokeReason: row.revoke_reason,
  clientAddress: row.client_address,
  userAgent: row.user_agent,
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
            totp_secret: member.totpSecret,
            totp_recovery: member.totpRecovery.length === 0 ? null : writeJson(member.totpRecovery),
            totp_last_step: member.totpLastStep,
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

  async findById(storeId: string, memberId: string, options?: { readonly forUpdate?: boolean }): Promise<StaffMember | undefined> {
    const lock = options?.forUpdate === true && this.db.dialect === "mysql" ? " for update" : "";
    const [row] = await this.db.select<StaffRow>(`select * from staff_members where store_id = ? and id = ? limit 1${lock}`, [storeId, memberId]);
    return row === undefined ? undefined : toMember(row);
  }

  async findByEmailInAnyStore(email: string): Promise<readonly StaffMember[]> {
    const rows = await this.db.select<StaffRow>("select * from staff_members where email = ? limit 20", [email]);
    return rows.map(toMember);
  }

  async findByLinkHash(linkHash: string): Promise<StaffMember | undefined> {
    const [row] = await this.db.select<StaffRow>("select * from staff_members where link_hash = ? limit 1", [linkHash]);
    return row === undefined ? undefined : toMember(row);
  }

  async update(member: StaffMember): Promise<void> {
    await this.db.execute(
      "update staff_members set name = ?, role = ?, status = ?, password_hash = ?, link_hash = ?, link_expires_at = ?, totp_enabled = ?, totp_secret = ?, totp_recovery = ?, totp_last_step = ?, updated_at = ?, disabled_at = ? where store_id = ? and id = ?",
      [
        member.name,
        member.role,
        member.status,
        member.passwordHash,
        member.linkHash,
        member.linkExpiresAt,
        member.totpEnabled ? 1 : 0,
        member.totpSecret,
        member.totpRecovery.length === 0 ? null : writeJson(member.totpRecovery),
        member.totpLastStep,
        member.updatedAt,
        member.disabledAt,
        member.storeId,
        member.id,
      ],
    );
  }

  async list(storeId: string, filter: StaffListFilter): Promise<readonly StaffMember[]> {
    const where = ["store_id = ?"];
    const values: unknown[] = [storeId];
    if (filter.status !== undefined) {
      where.push("status = ?");
      values.push(filter.status);
    }
    if (filter.before !== undefined) {
      where.push("(created_at < ? or (created_at = ? and id < ?))");
      values.push(filter.before.createdAt, filter.before.createdAt, filter.before.id);
    }
    values.push(filter.limit);
    const rows = await this.db.select<StaffRow>(`select * from staff_members where ${where.join(" and ")} order by created_at desc, id desc limit ?`, values);
    return rows.map(toMember);
  }

  async insertSession(session: StaffSession): Promise<void> {
    await this.db.execute(
      "insert into staff_sessions (id, store_id, member_id, token_hash, csrf_hash, created_at, last_seen_at, expires_at, revoked_at, revoke_reason, client_address, user_agent) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      [
        session.id,
        session.storeId,
        session.memberId,
        session.tokenHash,
        session.csrfHash,
        session.createdAt,
        session.lastSeenAt,
        session.expiresAt,
        session.revokedAt,
        session.revokeReason,
        session.clientAddress,
        session.userAgent,
      ],
    );
  }

  async findSession(tokenHash: string): Promise<{ readonly session: StaffSession; readonly member: StaffMember } | undefined> {
    const [session] = await this.db.select<SessionRow>("select * from staff_sessions where token_hash = ? limit 1", [tokenHash]);
    if (session === undefined) return undefined;
    const member = await this.findById(session.store_id, session.member_id);
    return member === undefined ? undefined : { session: toSession(session), member };
  }

  async touchSession(sessionId: string, at: string): Promise<void> {
    await this.db.execute("update staff_sessions set last_seen_at = ? where id = ?", [at, sessionId]);
  }

  async revokeSession(storeId: string, sessionId: string, at: string, reason: string): Promise<boolean> {
    const changed = await this.db.execute("update staff_sessions set revoked_at = ?, revoke_reason = ? where store_id = ? and id = ? and revoked_at is null", [at, reason, storeId, sessionId]);
    return changed > 0;
  }

  async revokeSessionsOf(storeId: string, memberId: string, at: string, reason: string, exceptSessionId?: string): Promise<number> {
    const except = exceptSessionId === undefined ? "" : " and id <> ?";
    const values: unknown[] = [at, reason, storeId, memberId];
    if (exceptSessionId !== undefined) values.push(exceptSessionId);
    return this.db.execute(`update staff_sessions set revoked_at = ?, revoke_reason = ? where store_id = ? and member_id = ? and revoked_at is null${except}`, values);
  }

  async openSessions(storeId: string, memberId: string, now: string): Promise<readonly StaffSession[]> {
    const rows = await this.db.select<SessionRow>(
      "select * from staff_sessions where store_id = ? and member_id = ? and revoked_at is null and expires_at > ? order by created_at desc, id desc limit 100",
      [storeId, memberId, now],
    );
    return rows.map(toSession);
  }
}

