// Records a write in the audit log (docs/staff.md, "Audit log") from inside the write's unit of
// work: who (auditActorOf the caller), when, the request it came in (the ambient request id the
// HTTP layer sets for writes: the RequestContext port), the operation, the resource, and the fields the
// write changed with their values before and after.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { AuditLog, type AuditActor } from "../ports/audit-log.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { RequestContext } from "../ports/request-context.js";
import { auditActorOf } from "./audit-actor.js";

type Fields = Readonly<Record<string, unknown>>;

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Fields whose values never go into the log: that they changed is kept, not what they hold. */
const SECRET_FIELD = /secret|password|token|hash|api_key|^code$/i;
const REDACTED = "[redacted]";

/**
 * The fields whose values differ between `before` and `after` (top level), each as
 * [before, after]; a creation has `before` null, a deletion `after` null. Secrets (a field named
 * like secret, password, token, hash) show as "[redacted]".
 */
export const changesBetween = (before: Fields | null, after: Fields | null): Record<string, readonly [unknown, unknown]> => {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const was = before === null ? null : (before[name] ?? null);
    const now = after === null ? null : (after[name] ?? null);
    if (same(was, now)) continue;
    changes[name] = SECRET_FIELD.test(name) ? [was === null ? null : REDACTED, now === null ? null : REDACTED] : [was, now];
  }
  return changes;
};

export interface AuditedWrite {
  /** `resource.verb`, e.g. `order.refund`, `staff.disable`. */
  readonly operation: string;
  readonly resourceType: string;
  readonly resourceId: string | null;
  /** Either the changed fields, or the resource's fields before and after (diffed here). */
  readonly changes?: Readonly<Record<string, readonly [unknown, unknown]>>;
  readonly before?: Fields | null;
  readonly after?: Fields | null;
}

@injectable()
export class AuditTrail {
  constructor(
    @inject(AuditLog) private readonly log: AuditLog,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(RequestContext) private readonly requests: RequestContext,
  ) {}

  /** Appends one record; call it inside the write's unit of work so both commit or neither. */
  async record(caller: Principal | AuditActor, storeId: string, write: AuditedWrite): Promise<void> {
    const actor = "type" in caller && !("storeId" in caller) ? caller : auditActorOf(caller as Principal);
    await this.log.record({
      id: this.ids.newId(),
      storeId,
      at: this.clock.now().toISOString(),
      actor,
      requestId: this.requests.currentRequestId() ?? null,
      operation: write.operation,
      resourceType: write.resourceType,
      resourceId: write.resourceId,
      changes: write.changes ?? changesBetween(write.before ?? null, write.after ?? null),
    });
  }
}
