// Customer-to-store messaging over HTTP (docs/api/content-search-messaging.md, "Messaging"): reads
// with any key, writes with a secret key; always with the customer's token, whose customer must own
// the thread.
import { SendMessage } from "../../../application/messaging/send-message.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../../../application/access/authenticate-customer.js";
import { GetThread } from "../../../application/messaging/get-thread.js";
import { ListMessages } from "../../../application/messaging/list-messages.js";
import { ListThreads } from "../../../application/messaging/list-threads.js";
import { MarkThreadRead } from "../../../application/messaging/mark-thread-read.js";
import { OpenThreadInput, SendMessageInput } from "../../../application/messaging/messaging-inputs.js";
import { OpenThread } from "../../../application/messaging/open-thread.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { cursorParam, integerParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Message, MESSAGE_FIELDS, Thread, THREAD_FIELDS } from "../schemas/messaging-schemas.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { messagingExamples } from "./messaging-examples.js";

const TAG = "Messaging";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The thread's id." }) });
const Order = Schema.Literal("asc", "desc").annotations({ message: () => ({ message: "must be asc or desc", override: true }) });

@injectable()
export class MessagingRoutes implements RouteModule {
  constructor(
    @inject(ListThreads) private readonly threads: ListThreads,
    @inject(OpenThread) private readonly open: OpenThread,
    @inject(GetThread) private readonly thread: GetThread,
    @inject(ListMessages) private readonly messages: ListMessages,
    @inject(SendMessage) private readonly sendMessage: SendMessage,
    @inject(MarkThreadRead) private readonly markRead: MarkThreadRead,
    @inject(AuthenticateCustomer) private readonly authenticate: AuthenticateCustomer,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "listThreads",
        method: "GET",
        path: "/v1/messaging/threads",
        summary: "The customer's threads, most recent activity first",
        description:
          "Any key with the customer's `x-auth-token`. The customer's threads with the store, most recent activity first, with unread counts; cursor pagination.",
        tag: TAG,
        example: messagingExamples.listThreads,
        access: "publishable",
        query: Schema.Struct({
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
        }),
        headers: [customerTokenHeader],
        fields: { allowed: THREAD_FIELDS, target: { list: "threads" } },
        success: {
          status: 200,
          description: "A page of threads.",
          schema: Schema.Struct({ threads: Schema.Array(Thread), pagination: Pagination }),
        },
        handle: async ({ principal, query, ctx }) => {
          const customer = await this.authenticate.execute(principal, customerToken(ctx));
          const page = await this.threads.execute(customer, query);
          return { threads: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "openThread",
        method: "POST",
        path: "/v1/messaging/threads",
        summary: "Open a thread to the store with a first message",
        description:
          "Secret key and the customer's `x-auth-token`. Opens a thread with its first message, optionally about one of the customer's orders or a product of the store (an unknown one is a 400 naming it).",
        tag: TAG,
        example: messagingExamples.openThread,
        access: "secret",
        body: OpenThreadInput,
        headers: [customerTokenHeader],
        success: { status: 201, description: "The new thread.", schema: Thread },
        handle: async ({ principal, body, ctx }) => this.open.execute(await this.authenticate.execute(principal, customerToken(ctx)), body, principal.mode === "live"),
      }),
      defineRoute({
        operationId: "getThread",
        method: "GET",
        path: "/v1/messaging/threads/{id}",
        summary: "One of the customer's threads",
        description: "Any key with the customer's `x-auth-token`, whose customer must own the thread (403 `forbidden` otherwise).",
        tag: TAG,
        example: messagingExamples.getThread,
        access: "publishable",
        params: ById,
        headers: [customerTokenHeader],
        fields: { allowed: THREAD_FIELDS },
        errors: [403],
        success: { status: 200, description: "The thread.", schema: Thread },
        handle: async ({ principal, params, ctx }) =>
          this.thread.execute(await this.authenticate.execute(principal, customerToken(ctx)), params.id),
      }),
      defineRoute({
        operationId: "listThreadMessages",
        method: "GET",
        path: "/v1/messaging/threads/{id}/messages",
        summary: "The messages of a thread, oldest first (order=desc: newest first)",
        description:
          "Any key with the customer's `x-auth-token`, whose customer must own the thread (403 otherwise). Oldest first, or newest first with `order=desc`; the cursor is the base64 of the created_at of the last message of the previous page.",
        tag: TAG,
        example: messagingExamples.listThreadMessages,
        access: "publishable",
        params: ById,
        query: Schema.Struct({
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
          order: Schema.optionalWith(Order, { default: () => "asc" as const }).annotations({ description: "asc lists the oldest message first, desc the newest." }),
        }),
        headers: [customerTokenHeader],
        fields: { allowed: MESSAGE_FIELDS, target: { list: "messages" } },
        errors: [403],
        success: {
          status: 200,
          description: "A page of messages.",
          schema: Schema.Struct({ messages: Schema.Array(Message), pagination: Pagination }),
        },
        handle: async ({ principal, params, query, ctx }) => {
          const customer = await this.authenticate.execute(principal, customerToken(ctx));
          const page = await this.messages.execute(customer, params.id, query.order, { limit: query.limit, cursor: query.cursor });
          return { messages: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "sendMessage",
        method: "POST",
        path: "/v1/messaging/threads/{id}/messages",
        summary: "Post a message to one of the customer's threads",
        description:
          "Secret key and the customer's `x-auth-token`, whose customer must own the thread (403 otherwise). Posts a message as the customer, with optional attachment URLs; the thread's unread count for the store goes up.",
        tag: TAG,
        example: messagingExamples.sendMessage,
        access: "secret",
        params: ById,
        body: SendMessageInput,
        headers: [customerTokenHeader],
        errors: [403],
        success: { status: 201, description: "The message.", schema: Message },
        handle: async ({ principal, params, body, ctx }) =>
          this.sendMessage.execute(await this.authenticate.execute(principal, customerToken(ctx)), params.id, body, principal.mode === "live"),
      }),
      defineRoute({
        operationId: "markThreadRead",
        method: "POST",
        path: "/v1/messaging/threads/{id}/read",
        summary: "Mark a thread read by the customer",
        description:
          "Secret key and the customer's `x-auth-token`, whose customer must own the thread (403 otherwise). Marks the store's messages read by the customer and answers the thread with `unread_count_customer` 0.",
        tag: TAG,
        example: messagingExamples.markThreadRead,
        access: "secret",
        params: ById,
        headers: [customerTokenHeader],
        errors: [403],
        success: { status: 200, description: "The thread, with no unread messages for the customer.", schema: Thread },
        handle: async ({ principal, params, ctx }) =>
          this.markRead.execute(await this.authenticate.execute(principal, customerToken(ctx)), params.id),
      }),
    ];
  }
}
