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
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly disabledAt: string | null;
}

export interface StaffRepository {
  /** Throws ResourceConflict `email_taken` when the store has a member with this email. */
  insert(member: StaffMember): Promise<void>;
  findByEmail(storeId: string, email: string): Promise<StaffMember | undefined>;
  findById(storeId: string, memberId: string): Promise<StaffMember | undefined>;
}
export const StaffRepository: ServiceIdentifier<StaffRepository> = Symbol.for("storefront.StaffRepository");
