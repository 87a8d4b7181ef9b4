// Blocks and unblocks a customer (docs/staff.md, "Customers and the inbox"). A block locks the
// customer's row, records when and why, and ends every session the customer has, in one unit of
// work with its audit record; sign-ins then answer 403 `customer_blocked`. Unblocking lifts it
// (the ended sessions stay ended: the customer signs in again). Blocking a blocked customer again
// changes only the reason, when one is given; a write that changes nothing records nothing.
// This module holds what the use cases BlockCustomer and UnblockCustomer share (one class a file,
// docs/architecture.md, the application/ ring).
import { customerMissing } from "./admin-customer-reads.js";
import { type CustomerBlock } from "../../domain/customers/customer-block.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { CustomerSessionRepository } from "../ports/customer-session-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { loadStore } from "../stores/load-store.js";
import { toAdminCustomerRecord, type AdminCustomerRecord } from "./admin-customer-records.js";

export interface BlockOutcome extends AdminCustomerRecord {
  /** How many of the customer's sessions the block ended (0 on an unblock). */
  readonly sessions_ended: number;
}

export async function changeCustomerBlock(deps: { readonly customers: CustomerRepository; readonly sessions: CustomerSessionRepository; readonly stores: StoreRepository; readonly uow: UnitOfWork; readonly audit: AuditTrail; readonly clock: Clock }, 
  principal: Principal,
  customerId: string,
  operation: string,
  next: (current: CustomerBlock, now: string) => CustomerBlock,
): Promise<BlockOutcome> {
  const store = await loadStore(deps.stores, principal.storeId);
  return deps.uow.run(async () => {
    const current = await deps.customers.findById(store.id, customerId, { forUpdate: true });
    if (current === undefined) throw customerMissing();
    const now = deps.clock.now().toISOString();
    const after = next(current, now);
    // Every session ends with a block, also one a racing sign-in opened before it (it holds the row lock first).
    const ended = after.blockedAt !== null ? await deps.sessions.revokeAllSessions(store.id, current.id, now, "customer_blocked") : 0;
    const changed = after.blockedAt !== current.blockedAt || after.blockReason !== current.blockReason;
    if (changed) await deps.customers.setBlock(store.id, current.id, after, now);
    if (changed || ended > 0) {
      await deps.audit.record(principal, store.id, {
        operation,
        resourceType: "customer",
        resourceId: current.id,
        changes: {
          ...(after.blockedAt !== current.blockedAt ? { blocked_at: [current.blockedAt, after.blockedAt] as const } : {}),
          ...(after.blockReason !== current.blockReason ? { block_reason: [current.blockReason, after.blockReason] as const } : {}),
          ...(ended > 0 ? { sessions_ended: [0, ended] as const } : {}),
        },
      });
    }
    const record = toAdminCustomerRecord(changed ? { ...current, ...after, updatedAt: now } : current, store);
    return { ...record, sessions_ended: ended };
  });
}
