// The messaging inbox on the admin API (docs/staff.md, "Customers and the inbox"): every
// customer's threads, unread first then newest; one thread with its messages; and the store's side
// of a conversation: reply, assign, close, reopen, mark read.
import { ReplyToThread } from "../../../application/messaging/reply-to-thread.js";
import { AssignThread } from "../../../application/messaging/assign-thread.js";
import { CloseThread } from "../../../application/messaging/close-thread.js";
import { ReopenThread } from "../../../application/messaging/reopen-thread.js";
import { MarkInboxThreadRead } from "../../../application/messaging/mark-inbox-thread-read.js";
import { ListInboxThreads } from "../../../application/messaging/list-inbox-threads.js";
import { GetInboxThread } from "../../../application/messaging/get-inbox-thread.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { SendMessageInput } from "../../../application/messaging/messaging-inputs.js";
import { ThreadStatus, ThreadType } from "../../../domain/messaging/thread.js";
import { adminInboxExamples } from "./inbox-examples.js";
import { booleanParam, cursorParam, integerParam, uuidParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Message, Thread } from "../schemas/messaging-schemas.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";

const TAG = "Inbox";

const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The thread's id." }) });

export const InboxThread = Schema.Struct({
  ...Thread.fields,
  assignee_id: Schema.NullOr(Schema.String).annotations({ description: "The staff member the thread is assigned to, or null." }),
  assignee_name: Schema.NullOr(Schema.String).annotations({ description: "That member's name, or null." }),
}).annotations({ identifier: "InboxThread" });

const Assignee = Schema.Union(
  uuidParam,
  Schema.Literal("none"),
).annotations({ message: () => ({ message: "must be a staff member's id or none", override: true }) });

export const AssignThreadInput = Schema.Struct({
  staff_member_id: Schema.propertySignature(Schema.NullOr(Schema.UUID)).annotations({
    description: "A staff member of the store (active or invited) to give the thread to, or null to assign it to nobody.",
  }),
}).annotations({ identifier: "AssignThreadInput" });

@injectable()
export class InboxRoutes implements RouteModule {
  constructor(
    @inject(ListInboxThreads) private readonly listInboxThreads: ListInboxThreads,
    @inject(GetInboxThread) private readonly getInboxThread: GetInboxThread,
    @inject(ReplyToThread) private readonly replyToThread: ReplyToThread,
    @inject(AssignThread) private readonly assignThread: AssignThread,
    @inject(CloseThread) private readonly closeThread: CloseThread,
    @inject(ReopenThread) private readonly reopenThread: ReopenThread,
    @inject(MarkInboxThreadRead) private readonly markInboxThreadRead: MarkInboxThreadRead,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminListInboxThreads",
        method: "GET",
        path: "/admin/v1/inbox/threads",
        summary: "The store's threads with its customers: unread first, then the newest",
        description:
          "Every customer's threads with the store: first those with messages the store has not read, then the others, each group by its last message, newest first; cursor pagination. Filters narrow the list: `status`, `type` (the thread's kind), `unread` (true: the store has something unread; false: it has not), `assignee` (a staff member's id, or `none` for threads assigned to nobody) and `order_id`.",
        tag: TAG,
        access: "secret",
        permission: "inbox.read",
        query: Schema.Struct({
          status: Schema.optional(ThreadStatus).annotations({ description: "Only threads in this status." }),
          type: Schema.optional(ThreadType).annotations({ description: "Only threads of this kind (thread_type)." }),
          unread: Schema.optional(booleanParam).annotations({ description: "true: only threads with messages the store has not read; false: only the others." }),
          assignee: Schema.optional(Assignee).annotations({ description: "Only threads assigned to this staff member, or with `none` to nobody." }),
          order_id: Schema.optional(uuidParam).annotations({ description: "Only threads about this order." }),
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
        }),
        example: adminInboxExamples.adminListInboxThreads,
        success: { status: 200, description: "A page of threads.", schema: Schema.Struct({ threads: Schema.Array(InboxThread), pagination: Pagination }) },
        handle: async ({ principal, query }) => {
          const page = await this.listInboxThreads.execute(
            principal,
            {
              status: query.status,
              threadType: query.type,
              unread: query.unread,
              assigneeId: query.assignee === undefined ? undefined : query.assignee === "none" ? null : query.assignee,
              orderId: query.order_id,
            },
            { limit: query.limit, cursor: query.cursor },
          );
          return { threads: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "adminGetInboxThread",
        method: "GET",
        path: "/admin/v1/inbox/threads/{id}",
        summary: "One thread with its messages, oldest first",
        description:
          "The thread, with who it is assigned to, and a page of its messages, oldest first (`limit`, `cursor`: the messages' pagination). Reading does not mark it read: `POST .../read` does. Another store's thread is a 404.",
        tag: TAG,
        access: "secret",
        permission: "inbox.read",
        params: ById,
        query: Schema.Struct({
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 100 }).annotations({ description: "Most messages in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue the messages: a previous page's pagination.next_cursor." }),
        }),
        errors: [404],
        example: adminInboxExamples.adminGetInboxThread,
        success: {
          status: 200,
          description: "The thread and a page of its messages.",
          schema: Schema.Struct({ thread: InboxThread, messages: Schema.Array(Message), pagination: Pagination }),
        },
        handle: async ({ principal, params, query }) => {
          const found = await this.getInboxThread.execute(principal, params.id, { limit: query.limit, cursor: query.cursor });
          return { thread: found.thread, messages: found.messages.items, pagination: pagination(found.messages, query.limit) };
        },
      }),
      defineRoute({
        operationId: "adminReplyToThread",
        method: "POST",
        path: "/admin/v1/inbox/threads/{id}/messages",
        summary: "Reply as the store",
        description:
          "Posts a message as the store (`sender_type` `store`), signed with the signed-in member's name and id, or for the secret key with the store's name. The thread's `last_message_by` becomes `store` and `unread_count_customer` goes up; the customer reads it through the /v1 thread routes. A closed thread is a 409 `thread_closed`: reopen it first. Recorded in the audit log as `thread.reply`. Another store's thread is a 404.",
        tag: TAG,
        access: "secret",
        permission: "inbox.reply",
        params: ById,
        body: SendMessageInput,
        errors: [404, 409],
        example: adminInboxExamples.adminReplyToThread,
        success: { status: 201, description: "The message.", schema: Message },
        handle: ({ principal, params, body }) => this.replyToThread.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "adminAssignThread",
        method: "POST",
        path: "/admin/v1/inbox/threads/{id}/assign",
        summary: "Assign a thread to a staff member, or to nobody",
        description:
          "Gives the thread to `staff_member_id`, a member of the store who is active or invited (another store's, a disabled or an unknown member is a 400 naming `staff_member_id`), or with null to nobody. Recorded in the audit log as `thread.assign` when it changes. Another store's thread is a 404.",
        tag: TAG,
        access: "secret",
        permission: "inbox.reply",
        params: ById,
        body: AssignThreadInput,
        errors: [404],
        example: adminInboxExamples.adminAssignThread,
        success: { status: 200, description: "The thread.", schema: InboxThread },
        handle: ({ principal, params, body }) => this.assignThread.execute(principal, params.id, body.staff_member_id),
      }),
      defineRoute({
        operationId: "adminCloseThread",
        method: "POST",
        path: "/admin/v1/inbox/threads/{id}/close",
        summary: "Close a thread",
        description:
          "Sets the thread's status to `closed`; closing a closed thread changes nothing. The store cannot reply to a closed thread until it reopens it; a message from the customer reopens it by itself. Recorded in the audit log as `thread.close`. Another store's thread is a 404.",
        tag: TAG,
        access: "secret",
        permission: "inbox.reply",
        params: ById,
        errors: [404],
        example: adminInboxExamples.adminCloseThread,
        success: { status: 200, description: "The thread.", schema: InboxThread },
        handle: ({ principal, params }) => this.closeThread.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "adminReopenThread",
        method: "POST",
        path: "/admin/v1/inbox/threads/{id}/reopen",
        summary: "Reopen a closed or resolved thread",
        description:
          "Sets a `closed` or `resolved` thread back to `active`; another status is left as it is. Recorded in the audit log as `thread.reopen`. Another store's thread is a 404.",
        tag: TAG,
        access: "secret",
        permission: "inbox.reply",
        params: ById,
        errors: [404],
        example: adminInboxExamples.adminReopenThread,
        success: { status: 200, description: "The thread.", schema: InboxThread },
        handle: ({ principal, params }) => this.reopenThread.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "adminMarkThreadRead",
        method: "POST",
        path: "/admin/v1/inbox/threads/{id}/read",
        summary: "Mark a thread read by the store",
        description:
          "Marks the customer's messages read by the store: they become `read` with their `read_at`, and the thread's `unread_count_store` becomes 0 (the thread moves out of the inbox's unread group). Recorded in the audit log as `thread.read` when something was unread. Another store's thread is a 404.",
        tag: TAG,
        access: "secret",
        permission: "inbox.reply",
        params: ById,
        errors: [404],
        example: adminInboxExamples.adminMarkThreadRead,
        success: { status: 200, description: "The thread, with nothing unread for the store.", schema: InboxThread },
        handle: ({ principal, params }) => this.markInboxThreadRead.execute(principal, params.id),
      }),
    ];
  }
}
