// ListInboxThreads, the use case behind GET /admin/v1/inbox/threads.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { MessagingRepository, type InboxFilter } from "../ports/messaging-repository.js";
import { toInboxThreadRecord, type InboxThreadRecord } from "./inbox-records.js";

@injectable()
export class ListInboxThreads {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
  ) {}

  async execute(principal: Principal, filter: InboxFilter, page: PageRequest): Promise<Page<InboxThreadRecord>> {
    const found = await this.messaging.listInbox(principal.storeId, filter, page);
    return { ...found, items: found.items.map(toInboxThreadRecord) };
  }
}
