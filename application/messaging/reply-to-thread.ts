import { SendStoreMessage } from "./send-store-message.js";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { StaffRepository } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { loadStore } from "../stores/load-store.js";
import type { SendMessageInput } from "./messaging-inputs.js";
import { type MessageRecord } from "./messaging-records.js";

/**
 * Replies as the store: the message's sender is `store`, named by the signed-in member (their
 * id as sender_id) or, for the secret key, by the store; the customer's unread count goes up.
 */
@injectable()
export class ReplyToThread {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(SendStoreMessage) private readonly sendStoreMessage: SendStoreMessage,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async execute(principal: Principal, threadId: string, input: SendMessageInput): Promise<MessageRecord> {
    const sender = await this.senderOf(principal);
    return this.uow.run(async () => {
      const message = await this.sendStoreMessage.execute(principal, threadId, sender, input);
      await this.audit.record(principal, principal.storeId, {
        operation: "thread.reply",
        resourceType: "thread",
        resourceId: threadId,
        changes: { message_id: [null, message.id], last_message_by: [null, "store"] },
      });
      return message;
    });
  }

  private async senderOf(principal: Principal): Promise<{ readonly id: string | null; readonly name: string }> {
    if (principal.staff !== undefined) {
      const member = await this.staff.findById(principal.storeId, principal.staff.memberId);
      return { id: principal.staff.memberId, name: member?.name || principal.staff.email };
    }
    return { id: null, name: (await loadStore(this.stores, principal.storeId)).name };
  }
}
