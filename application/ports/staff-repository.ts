// Staff members of a store (docs/staff.md): who runs the shop through the admin API.
import type { ServiceIdentifier } from "inversify";
import type { StaffRole } from "../../domain/staff/permissions.js";

/** `invited`: no password yet (a one-time sign-in link sets it); `active`; `disabled`: cannot sign in, sessions ended. */
export type StaffStatus = "invited" | "active" | "disabled";

export interface StaffMember {
  readonly id: string;
  readonly storeId: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly status: StaffStatus;
  /** argon2id; null until the member sets a password. */
  readonly passwordHash: string | null;
  /** SHA-256 of a one-time sign-in link's token, and when it stops working. */
  readonly linkHash: string | null;
  readonly linkExpiresAt: string | null;
  readonly totpEnabled: boolean;
  /** The TOTP secret (base32): set when enrolment starts, used once `totpEnabled`. */
  readonly totpSecret: string | null;
  /** SHA-256 hashes of the recovery codes not used yet. */
  readonly totpRecovery: readonly string[];
  /** The last TOTP time step accepted: a code is good once. */
  readonly totpLastStep: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly disabledAt: string | null;
}

/** A signed-in browser (docs/staff.md, "Sessions"): kept as hashes of its cookie and CSRF tokens. */
export interface StaffSession {
  readonly id: string;
  readonly storeId: string;
  readonly memberId: string;
  readonly tokenHash: string;
  readonly csrfHash: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
  readonly revokedAt: string | null;
  readonly revokeReason: string | null;
  readonly clientAddress: string | null;
  readonly userAgent: string | null;
}

export interface StaffListFilter {
  readonly status?: StaffStatus;
  readonly limit: number;
  /** Keyset: members created before this (created_at, id). */
  readonly before?: { readonly createdAt: string; readonly id: string };
}

export interface StaffRepository {
  /** Throws ResourceConflict `email_taken` when the store has a member with this email. */
  insert(member: StaffMember): Promise<void>;
  findByEmail(storeId: string, email: string): Promise<StaffMember | undefined>;
  findById(storeId: string, memberId: string, options?: { readonly forUpdate?: boolean }): Promise<StaffMember | undefined>;
  /** Members with this email in every store (a sign-in that names no store). */
  findByEmailInAnyStore(email: string): Promise<readonly StaffMember[]>;
  findByLinkHash(linkHash: string): Promise<StaffMember | undefined>;
  /** Writes every field a member's account may change (name, role, status, password, link, second factor). */
  update(member: StaffMember): Promise<void>;
  /** Newest first. */
  list(storeId: string, filter: StaffListFilter): Promise<readonly StaffMember[]>;

  insertSession(session: StaffSession): Promise<void>;
  /** The session with this token hash and its member, whatever their states. */
  findSession(tokenHash: string): Promise<{ readonly session: StaffSession; readonly member: StaffMember } | undefined>;
  touchSession(sessionId: string, at: string): Promise<void>;
  revokeSession(storeId: string, sessionId: string, at: string, reason: string): Promise<boolean>;
  /** Ends every open session of a member but `exceptSessionId`; answers how many. */
  revokeSessionsOf(storeId: string, memberId: string, at: string, reason: string, exceptSessionId?: string): Promise<number>;
  /** The member's open sessions, newest first. */
  openSessions(storeId: string, memberId: string, now: string): Promise<readonly StaffSession[]>;
}
export const StaffRepository: ServiceIdentifier<StaffRepository> = Symbol.for("storefront.StaffRepository");
