// The audit log in `audit_log` (migration 0028): appended in the caller's transaction, never updated.
import { inject, injectable } from "inversify";
import type { AuditActorType, AuditEntry, AuditFilter, AuditLog } from "../../../application/ports/audit-log.js";
import { readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";

interface AuditRow {
  readonly id: string;
  readonly store_id: string;
  readonly at: string;
  readonly actor_type: string;
  readonly actor_id: string | null;
  readonly actor_label: string;
  readonly request_id: string | null;
  readonly operation: string;
  readonly resource_type: string;
  readonly resource_id: string | null;
  readonly changes: string;
}

@injectable()
export class KnexAuditLog implements AuditLog {
  constructor(@inject(Database) private readonly db: Database) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.execute(
      "insert into audit_log (id, store_id, at, actor_type, actor_id, actor_label, request_id, operation, resource_type, resource_id, changes) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      [
        entry.id,
        entry.storeId,
        entry.at,
        entry.actor.type,
        entry.actor.id,
        entry.actor.label,
        entry.requestId,
        entry.operation,
        entry.resourceType,
        entry.resourceId,
        writeJson(entry.changes),
      ],
    );
  }

  // Each filter has an index that begins (store_id, <filter>, at): by member (actor_id), by
  // resource (resource_type, resource_id), or the store's whole log (at, id); a time range and the
  // page's keyset then walk `at` within it (migration 0028).
  async list(storeId: string, filter: AuditFilter): Promise<readonly AuditEntry[]> {
    const where = ["store_id = ?"];
    const values: unknown[] = [storeId];
    const add = (clause: string, ...bound: unknown[]): void => {
      where.push(clause);
      values.push(...bound);
    };
    if (filter.actorId !== undefined) add("actor_id = ?", filter.actorId);
    if (filter.resourceType !== undefined) add("resource_type = ?", filter.resourceType);
    if (filter.resourceId !== undefined) add("resource_id = ?", filter.resourceId);
    if (filter.operation !== undefined) add("operation = ?", filter.operation);
    if (filter.from !== undefined) add("at >= ?", filter.from);
    if (filter.to !== undefined) add("at < ?", filter.to);
    if (filter.before !== undefined) add("(at < ? or (at = ? and id < ?))", filter.before.at, filter.before.at, filter.before.id);
    values.push(filter.limit);
    const rows = await this.db.select<AuditRow>(`select * from audit_log where ${where.join(" and ")} order by at desc, id desc limit ?`, values);
    return rows.map((row) => ({
      id: row.id,
      storeId: row.store_id,
      at: row.at,
      actor: { type: row.actor_type as AuditActorType, id: row.actor_id, label: row.actor_label },
      requestId: row.request_id,
      operation: row.operation,
      resourceType: row.resource_type,
      resourceId: row.resource_id,
      changes: readJson(row.changes, {}),
    }));
  }
}
