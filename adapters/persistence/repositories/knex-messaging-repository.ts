// Message threads and messages on knex. Appending a message locks its thread row first (the
// thread update), so messages of one thread are written one at a time; a created_at already
// taken in the thread moves forward a millisecond, and a unique key backs the rule. The store's
// inbox (docs/staff.md, "Customers and the inbox") is two walks of a (store, [filter,]
// store_unread, last_message_at, id) index: the threads with something unread for the store,
// newest first, then the others; its cursor names the group it stopped in.
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import { InvalidCursor } from "../../../application/errors/request-errors.js";
import type {
  InboxFilter,
  MessageOrder,
  MessagingRepository,
  ThreadChanges,
  ThreadView,
} from "../../../application/ports/messaging-repository.js";
import { oneMillisecondAfter, type Message, type MessageStatus, type MessageType } from "../../../domain/messaging/message.js";
import {
  readerOf,
  statusAfterMessage,
  type SenderType,
  type Thread,
  type ThreadPriority,
  type ThreadStatus,
  type ThreadType,
} from "../../../domain/messaging/thread.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";
import { applyKeyset, decodeCursor, encodeCursor, toPage } from "../keyset-page.js";
import { decodeTimestampCursor, encodeTimestampCursor } from "../timestamp-cursor.js";

interface ThreadRow {
  id: string;
  customer_id: string | null;
  order_id: string | null;
  product_id: string | null;
  subject: string;
  thread_type: string;
  status: string;
  priority: string;
  last_message_at: string;
  last_message_by: string;
  unread_count_customer: number;
  unread_count_store: number;
  is_archived: number | boolean;
  is_muted: number | boolean;
  is_pinned: number | boolean;
  assignee_id: string | null;
  store_unread: number | boolean;
  created_at: string;
  updated_at: string;
  assignee_name: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  store_name: string;
}

interface MessageRow {
  id: string;
  thread_id: string;
  message_content: string;
  message_type: string;
  sender_type: string;
  sender_id: string | null;
  sender_name: string;
  attachments: string;
  metadata: string;
  message_status: string;
  read_at: string | null;
  is_edited: number | boolean;
  is_deleted: number | boolean;
  edited_at: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

const toThreadView = (row: ThreadRow): ThreadView => ({
  id: row.id,
  customerId: row.customer_id,
  orderId: row.order_id,
  productId: row.product_id,
  subject: row.subject,
  threadType: row.thread_type as ThreadType,
  status: row.status as ThreadStatus,
  priority: row.priority as ThreadPriority,
  lastMessageAt: row.last_message_at,
  lastMessageBy: row.last_message_by as SenderType,
  unreadCountCustomer: Number(row.unread_count_customer),
  unreadCountStore: Number(row.unread_count_store),
  isArchived: readBoolean(row.is_archived),
  isMuted: readBoolean(row.is_muted),
  isPinned: readBoolean(row.is_pinned),
  assigneeId: row.assignee_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  customerName: row.customer_name ?? "",
  customerEmail: row.customer_email ?? "",
  customerPhone: row.customer_phone,
  storeName: row.store_name,
  storeAvatar: null,
  assigneeName: row.assignee_name,
});

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  threadId: row.thread_id,
  content: row.message_content,
  messageType: row.message_type as MessageType,
  senderType: row.sender_type as SenderType,
  senderId: row.sender_id,
  senderName: row.sender_name,
  attachments: readJson<string[]>(row.attachments, []),
  metadata: readJson<Record<string, unknown>>(row.metadata, {}),
  status: row.message_status as MessageStatus,
  readAt: row.read_at,
  isEdited: readBoolean(row.is_edited),
  isDeleted: readBoolean(row.is_deleted),
  editedAt: row.edited_at,
  deletedAt: row.deleted_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const messageColumns = (storeId: string, m: Message) => ({
  id: m.id,
  store_id: storeId,
  thread_id: m.threadId,
  message_content: m.content,
  message_type: m.messageType,
  sender_type: m.senderType,
  sender_id: m.senderId,
  sender_name: m.senderName,
  attachments: writeJson(m.attachments),
  metadata: writeJson(m.metadata),
  message_status: m.status,
  read_at: m.readAt,
  is_edited: m.isEdited,
  is_deleted: m.isDeleted,
  edited_at: m.editedAt,
  deleted_at: m.deletedAt,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
});

/** Enough to step past any burst of messages stamped with the same millisecond. */
const MAX_SHIFTS = 10_000;

@injectable()
export class KnexMessagingRepository implements MessagingRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  private threads(q: Knex | Knex.Transaction): Knex.QueryBuilder {
    return q("message_threads as t")
      .leftJoin("customers as c", "c.id", "t.customer_id")
      .join("stores as s", "s.id", "t.store_id")
      .leftJoin("staff_members as m", "m.id", "t.assignee_id")
      .select(
        "t.*",
        "c.name as customer_name",
        "c.email as customer_email",
        "c.phone as customer_phone",
        "s.name as store_name",
        "m.name as assignee_name",
      );
  }

  async insertThread(storeId: string, t: Thread): Promise<void> {
    await this.db.run((q) =>
      q("message_threads").insert({
        id: t.id,
        store_id: storeId,
        customer_id: t.customerId,
        order_id: t.orderId,
        product_id: t.productId,
        subject: t.subject,
        thread_type: t.threadType,
        status: t.status,
        priority: t.priority,
        last_message_at: t.lastMessageAt,
        last_message_by: t.lastMessageBy,
        unread_count_customer: t.unreadCountCustomer,
        unread_count_store: t.unreadCountStore,
        is_archived: t.isArchived,
        is_muted: t.isMuted,
        is_pinned: t.isPinned,
        assignee_id: t.assigneeId,
        store_unread: t.unreadCountStore > 0,
        created_at: t.createdAt,
        updated_at: t.updatedAt,
      }),
    );
  }

  async findThread(storeId: string, threadId: string): Promise<ThreadView | undefined> {
    const row: ThreadRow | undefined = await this.db.run((q) => this.threads(q).where({ "t.store_id": storeId, "t.id": threadId }).first());
    return row === undefined ? undefined : toThreadView(row);
  }

  listThreads(storeId: string, customerId: string, page: PageRequest): Promise<Page<ThreadView>> {
    return this.db.run(async (q) => {
      const query = this.threads(q).where({ "t.store_id": storeId, "t.customer_id": customerId });
      const rows: ThreadRow[] = await applyKeyset(query, { column: "t.last_message_at", idColumn: "t.id", direction: "desc" }, page);
      return toPage(rows, page, (r) => [r.last_message_at, r.id], toThreadView);
    });
  }

  appendMessage(storeId: string, message: Message): Promise<Message> {
    return this.db.transaction(() =>
      this.db.run(async (q) => {
        // Locks the thread row until the transaction ends: one writer per thread at a time.
        const locked = await q("message_threads").where({ store_id: storeId, id: message.threadId }).update({ updated_at: message.updatedAt });
        if (locked !== 1) throw new Error(`thread ${message.threadId} is not in store ${storeId}`);
        const current: { status: string } | undefined = await q("message_threads").where({ store_id: storeId, id: message.threadId }).first("status");
        const stored = await this.insertAtFreeInstant(q, storeId, message);
        const reader = readerOf(stored.senderType);
        const unread = reader === "store" ? "unread_count_store" : "unread_count_customer";
        await q("message_threads")
          .where({ store_id: storeId, id: message.threadId })
          .update({
            last_message_at: q.raw("case when last_message_at < ? then ? else last_message_at end", [stored.createdAt, stored.createdAt]),
            last_message_by: stored.senderType,
            [unread]: q.raw(`${unread} + 1`),
            ...(reader === "store" ? { store_unread: true } : {}),
            status: statusAfterMessage((current?.status ?? "active") as ThreadStatus, stored.senderType),
          });
        return stored;
      }),
    );
  }

  private async insertAtFreeInstant(q: Knex | Knex.Transaction, storeId: string, message: Message): Promise<Message> {
    let candidate = message;
    for (let shift = 0; shift < MAX_SHIFTS; shift++) {
      const taken = await q("messages").where({ thread_id: message.threadId, created_at: candidate.createdAt }).first("id");
      if (taken === undefined) {
        try {
          // A savepoint keeps the transaction usable should a writer outside the lock win the instant.
          await q.transaction(async (trx) => {
            await trx("messages").insert(messageColumns(storeId, candidate));
          });
          return candidate;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      const next = oneMillisecondAfter(candidate.createdAt);
      candidate = { ...candidate, createdAt: next, updatedAt: next };
    }
    throw new Error(`no free created_at in thread ${message.threadId} after ${MAX_SHIFTS} shifts`);
  }

  async listMessages(storeId: string, threadId: string, order: MessageOrder, page: PageRequest): Promise<Page<Message>> {
    const after = page.cursor === undefined ? undefined : decodeTimestampCursor(page.cursor);
    return this.db.run(async (q) => {
      const query = q("messages").where({ store_id: storeId, thread_id: threadId });
      if (after !== undefined) void query.where("created_at", order === "asc" ? ">" : "<", after);
      const rows: MessageRow[] = await query.orderBy("created_at", order).limit(page.limit + 1);
      const hasMore = rows.length > page.limit;
      const kept = hasMore ? rows.slice(0, page.limit) : rows;
      const last = kept[kept.length - 1];
      return {
        items: kept.map(toMessage),
        hasMore,
        nextCursor: hasMore && last !== undefined ? encodeTimestampCursor(last.created_at) : null,
      };
    });
  }

  async markReadByCustomer(storeId: string, threadId: string, at: string): Promise<void> {
    await this.db.run(async (q) => {
      await q("messages")
        .where({ store_id: storeId, thread_id: threadId })
        .whereIn("sender_type", ["store", "system"])
        .whereNull("read_at")
        .update({ read_at: at, message_status: "read", updated_at: at });
      await q("message_threads").where({ store_id: storeId, id: threadId }).update({ unread_count_customer: 0, updated_at: at });
    });
  }

  listInbox(storeId: string, filter: InboxFilter, page: PageRequest): Promise<Page<ThreadView>> {
    const start = page.cursor === undefined ? undefined : decodeInboxCursor(page.cursor);
    const groups = ([1, 0] as const).filter(
      (group) => (filter.unread === undefined || filter.unread === (group === 1)) && (start === undefined || group <= start.group),
    );
    return this.db.run(async (q) => {
      const rows: ThreadRow[] = [];
      for (const group of groups) {
        const wanted = page.limit + 1 - rows.length;
        if (wanted <= 0) break;
        const query = this.threads(q).where({ "t.store_id": storeId, "t.store_unread": group });
        if (filter.status !== undefined) void query.where("t.status", filter.status);
        if (filter.threadType !== undefined) void query.where("t.thread_type", filter.threadType);
        if (filter.assigneeId === null) void query.whereNull("t.assignee_id");
        else if (filter.assigneeId !== undefined) void query.where("t.assignee_id", filter.assigneeId);
        if (filter.orderId !== undefined) void query.where("t.order_id", filter.orderId);
        const within = start !== undefined && start.group === group ? encodeCursor([start.at, start.id]) : undefined;
        rows.push(...(await applyKeyset(query, { column: "t.last_message_at", idColumn: "t.id", direction: "desc" }, { limit: wanted - 1, cursor: within })));
      }
      return toPage(rows, page, (r) => [`${readBoolean(r.store_unread) ? 1 : 0}|${r.last_message_at}`, r.id], toThreadView);
    });
  }

  async lockThread(storeId: string, threadId: string): Promise<boolean> {
    const row = await this.db.run((q) => this.db.lockRows(q("message_threads").where({ store_id: storeId, id: threadId }).first("id")));
    return row !== undefined;
  }

  async updateThread(storeId: string, threadId: string, changes: ThreadChanges, at: string): Promise<void> {
    await this.db.run((q) =>
      q("message_threads")
        .where({ store_id: storeId, id: threadId })
        .update({
          ...(changes.status !== undefined ? { status: changes.status } : {}),
          ...(changes.assigneeId !== undefined ? { assignee_id: changes.assigneeId } : {}),
          updated_at: at,
        }),
    );
  }

  async markReadByStore(storeId: string, threadId: string, at: string): Promise<void> {
    await this.db.run(async (q) => {
      await q("messages")
        .where({ store_id: storeId, thread_id: threadId, sender_type: "customer" })
        .whereNull("read_at")
        .update({ read_at: at, message_status: "read", updated_at: at });
      await q("message_threads").where({ store_id: storeId, id: threadId }).update({ unread_count_store: 0, store_unread: false, updated_at: at });
    });
  }
}

/** An inbox cursor: the group it stopped in (1 unread for the store, 0 not), and the position in that group. */
const decodeInboxCursor = (cursor: string): { readonly group: 0 | 1; readonly at: string; readonly id: string } => {
  const [key, id] = decodeCursor(cursor);
  const match = typeof key === "string" ? /^([01])\|(.+)$/.exec(key) : null;
  if (match === null) throw new InvalidCursor({ param: "cursor", message: "cursor is not a cursor this list handed out" });
  return { group: match[1] === "1" ? 1 : 0, at: match[2]!, id };
};
