// The audit log (docs/staff.md, "Audit log"): every write by a staff member, an API key or the
// command line, appended in the write's own transaction and never changed.
import type { ServiceIdentifier } from "inversify";

export type AuditActorType = "staff" | "api_key" | "cli" | "system";

export interface AuditActor {
  readonly type: AuditActorType;
  /** The member's or the key's id; null for the command line and the system. */
  readonly id: string | null;
  /** How the actor is shown: the member's email, the key's name, `storefront staff create`. */
  readonly label: string;
}

export interface AuditEntry {
  readonly id: string;
  readonly storeId: string;
  readonly at: string;
  readonly actor: AuditActor;
  readonly requestId: string | null;
  /** What was done, as `resource.verb` (`staff.create`, `order.refund`). */
  readonly operation: string;
  readonly resourceType: string;
  readonly resourceId: string | null;
  /** The fields the write changed: each with its value before (null when created) and after (null when deleted). */
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
}

export interface AuditFilter {
  readonly limit: number;
  readonly actorId?: string | undefined;
  readonly resourceType?: string | undefined;
  readonly resourceId?: string | undefined;
  readonly operation?: string | undefined;
  /** Entries at or after this instant (ISO). */
  readonly from?: string | undefined;
  /** Entries before this instant (ISO). */
  readonly to?: string | undefined;
  readonly before?: { readonly at: string; readonly id: string } | undefined;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** The store's entries, newest first, filtered; `before` pages by (at, id). */
  list(storeId: string, filter: AuditFilter): Promise<readonly AuditEntry[]>;
}
export const AuditLog: ServiceIdentifier<AuditLog> = Symbol.for("storefront.AuditLog");
