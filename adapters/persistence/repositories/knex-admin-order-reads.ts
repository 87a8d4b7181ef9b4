// The admin API's order reads (docs/staff.md, "Orders and fulfilment"; docs/decisions/back-office.md,
// "back-office-30"). The list walks one index of migration 0029 per request,
// named to both engines (SQLite plans without statistics, MariaDB's may mislead it): each leads
// with the store and ends in (created_at, id), so a page is read in its order and stops after
// limit + 1 rows. `q` runs one statement per thing it may be (an email, a phone number, an order
// number or its start), each walking its own index, and the pages are merged here.
import { inject, injectable } from "inversify";
import type { AdminOrderFilter } from "../../../application/orders/admin-order-inputs.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type {
  AdminOrderReads,
  OrderEvent,
  OrderMessage,
  OrderPayment,
  OrderTimelineFacts,
  OrderWebhookAttempt,
} from "../../../application/ports/admin-order-reads.js";
import type { AuditActorType, AuditEntry } from "../../../application/ports/audit-log.js";
import type { Address, Order } from "../../../domain/orders/order.js";
import { readBoolean, readJson } from "../column-types.js";
import { Database, inList } from "../database.js";
import { decodeCursor, toPage } from "../keyset-page.js";
import type { LineRow, OrderRow } from "./knex-order-repository.js";
import { toOrder } from "./knex-order-repository.js";

/** The unique (store_id, order_number) index of migration 0007. */
const ORDER_NUMBER_INDEX = "orders_store_id_order_number_unique";
/** The (store_id, total_amount, created_at, id) index of migration 0036. */
const ORDER_AMOUNT_INDEX = "orders_admin_total_idx";

/**
 * An order-number prefix matching at most this many orders is read through the order number
 * index and its matches sorted (a few milliseconds); one matching more is dense enough that the
 * store's newest orders, walked in order, fill a page after at most limit × orders / this many.
 */
export const PREFIX_SORT_LIMIT = 5_000;

interface Clause {
  readonly sql: string;
  readonly bindings: readonly unknown[];
}

/** The next string after every string starting with `prefix` (its last character incremented). */
const prefixEnd = (prefix: string): string => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** Which of the list's indexes a filter walks: the most selective equality it has, else the store's orders by date. */
export const listIndexFor = (filter: AdminOrderFilter): string =>
  filter.customerId !== undefined
    ? "orders_admin_customer_idx"
    : filter.fulfilmentStatus !== undefined
      ? "orders_admin_fulfilment_idx"
      : filter.orderStatus !== undefined
        ? "orders_admin_status_idx"
        : filter.paymentStatus !== undefined
          ? "orders_admin_payment_idx"
          : "orders_admin_created_idx";

/** What `q` may be: an email (as typed and in lower case), a phone number (as typed and without separators), an order number's start. */
export const searchesOf = (q: string): { readonly emails: string[]; readonly phones: string[]; readonly numberPrefix: string | undefined } => {
  const text = q.trim();
  const unique = (values: string[]): string[] => [...new Set(values.filter((v) => v !== ""))];
  if (text.includes("@")) return { emails: unique([text, text.toLowerCase()]), phones: [], numberPrefix: undefined };
  const phones = /^\+?[\d\s().-]{5,40}$/.test(text) ? unique([text, text.replace(/[\s().-]/g, "")]) : [];
  // Order numbers are ASCII and start with letters (ORD-<year>-<sequence>); any other text cannot start one.
  const numberPrefix = /^[A-Za-z][\x21-\x7e]{0,31}$/.test(text) ? text.toUpperCase() : undefined;
  return { emails: [], phones, numberPrefix };
};

interface PaymentRow {
  id: string;
  reference: string;
  provider: string;
  mode: string;
  status: string;
  amount: number | string;
  currency: string;
  failure_reason: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

@injectable()
export class KnexAdminOrderReads implements AdminOrderReads {
  /** How many matches of an order-number prefix are sorted (PREFIX_SORT_LIMIT; a test sets fewer). */
  prefixSortLimit = PREFIX_SORT_LIMIT;

  constructor(@inject(Database) private readonly db: Database) {}

  /** `indexed by` on SQLite, `force index` on MySQL: the list's plan never depends on statistics. */
  private from(index: string): string {
    return this.db.dialect === "mysql" ? `orders force index (${index})` : `orders indexed by ${index}`;
  }

  /** The filter's conditions (the store's first), and the page's keyset bound. */
  private conditions(storeId: string, filter: AdminOrderFilter, page: PageRequest): Clause[] {
    const clauses: Clause[] = [{ sql: "store_id = ?", bindings: [storeId] }];
    if (filter.customerId !== undefined) clauses.push({ sql: "customer_id = ?", bindings: [filter.customerId] });
    if (filter.fulfilmentStatus !== undefined) clauses.push({ sql: "fulfilment_status = ?", bindings: [filter.fulfilmentStatus] });
    if (filter.orderStatus !== undefined) clauses.push({ sql: "order_status = ?", bindings: [filter.orderStatus] });
    if (filter.paymentStatus !== undefined) clauses.push({ sql: "payment_status = ?", bindings: [filter.paymentStatus] });
    if (filter.createdFrom !== undefined) clauses.push({ sql: "created_at >= ?", bindings: [filter.createdFrom] });
    if (filter.createdTo !== undefined) clauses.push({ sql: "created_at < ?", bindings: [filter.createdTo] });
    if (filter.totalMin !== undefined) clauses.push({ sql: "total_amount >= ?", bindings: [filter.totalMin] });
    if (filter.totalMax !== undefined) clauses.push({ sql: "total_amount <= ?", bindings: [filter.totalMax] });
    if (page.cursor !== undefined) {
      const [createdAt, id] = decodeCursor(page.cursor);
      // The bound alone first, so SQLite makes an index range of it (keyset-page.ts).
      clauses.push({ sql: "created_at <= ? and (created_at < ? or (created_at = ? and id < ?))", bindings: [createdAt, createdAt, createdAt, id] });
    }
    return clauses;
  }

  /** One statement: the page's rows (limit + 1) walking `index`, with `extra` conditions. */
  private async walk(index: string, clauses: readonly Clause[], extra: readonly Clause[], limit: number): Promise<OrderRow[]> {
    const all = [...clauses, ...extra];
    return this.db.select<OrderRow>(
      `select * from ${this.from(index)} where ${all.map((c) => c.sql).join(" and ")} order by created_at desc, id desc limit ?`,
      [...all.flatMap((c) => c.bindings), limit + 1],
    );
  }

  async listPage(storeId: string, filter: AdminOrderFilter, page: PageRequest): Promise<Page<Order>> {
    const clauses = this.conditions(storeId, filter, page);
    let rows: OrderRow[];
    if (filter.q === undefined || filter.q.trim() === "") {
      rows = await this.walk(await this.indexFor(storeId, filter), clauses, [], page.limit);
    } else {
      const { emails, phones, numberPrefix } = searchesOf(filter.q);
      const reads: Promise<OrderRow[]>[] = [];
      for (const email of emails) reads.push(this.walk("orders_admin_email_idx", clauses, [{ sql: "customer_email = ?", bindings: [email] }], page.limit));
      for (const phone of phones) reads.push(this.walk("orders_admin_phone_idx", clauses, [{ sql: "customer_phone = ?", bindings: [phone] }], page.limit));
      if (numberPrefix !== undefined) reads.push(this.byNumberPrefix(storeId, numberPrefix, clauses, filter, page.limit));
      const found = new Map<string, OrderRow>();
      for (const list of await Promise.all(reads)) for (const row of list) found.set(row.id, row);
      rows = [...found.values()]
        .sort((a, b) => (a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .slice(0, page.limit + 1);
    }
    const cut = toPage(rows, page, (r) => [r.created_at, r.id], (r) => r);
    return { items: await this.withLines(cut.items), hasMore: cut.hasMore, nextCursor: cut.nextCursor };
  }

  /**
   * The index a list without `q` walks: its equality filter's, else for an amount range the amount
   * index when the range holds few of the store's orders (at most prefixSortLimit: read as a range
   * and sorted), else the store's orders by date, which a range holding more fills quickly.
   */
  private async indexFor(storeId: string, filter: AdminOrderFilter): Promise<string> {
    const byFilter = listIndexFor(filter);
    if (byFilter !== "orders_admin_created_idx" || (filter.totalMin === undefined && filter.totalMax === undefined)) return byFilter;
    const range: Clause[] = [
      ...(filter.totalMin !== undefined ? [{ sql: "total_amount >= ?", bindings: [filter.totalMin] }] : []),
      ...(filter.totalMax !== undefined ? [{ sql: "total_amount <= ?", bindings: [filter.totalMax] }] : []),
    ];
    const counted = await this.db.select<{ n: number | string }>(
      `select count(*) as n from (select 1 as one from ${this.from(ORDER_AMOUNT_INDEX)} where store_id = ? and ${range.map((c) => c.sql).join(" and ")} limit ${this.prefixSortLimit + 1}) matches`,
      [storeId, ...range.flatMap((c) => c.bindings)],
    );
    return Number(counted[0]?.n ?? 0) <= this.prefixSortLimit ? ORDER_AMOUNT_INDEX : byFilter;
  }

  /** Orders whose number starts with `prefix`: by the number index when few, else the filter's own walk. */
  private async byNumberPrefix(storeId: string, prefix: string, clauses: readonly Clause[], filter: AdminOrderFilter, limit: number): Promise<OrderRow[]> {
    const range: Clause = { sql: "order_number >= ? and order_number < ?", bindings: [prefix, prefixEnd(prefix)] };
    const counted = await this.db.select<{ n: number | string }>(
      `select count(*) as n from (select 1 as one from ${this.from(ORDER_NUMBER_INDEX)} where store_id = ? and ${range.sql} limit ${this.prefixSortLimit + 1}) matches`,
      [storeId, ...range.bindings],
    );
    const few = Number(counted[0]?.n ?? 0) <= this.prefixSortLimit;
    return this.walk(few ? ORDER_NUMBER_INDEX : listIndexFor(filter), clauses, [range], limit);
  }

  private async withLines(rows: readonly OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = inList(rows.map((r) => r.id));
    const lines = await this.db.select<LineRow>(`select * from order_items where order_id in (${ids.sql}) order by order_id, position`, ids.values);
    return rows.map((row) => toOrder(row, lines.filter((l) => l.order_id === row.id)));
  }

  async payments(storeId: string, orderId: string): Promise<readonly OrderPayment[]> {
    const rows = await this.db.select<PaymentRow>(
      "select id, reference, provider, mode, status, amount, currency, failure_reason, paid_at, created_at, updated_at from payments where store_id = ? and order_id = ? order by created_at, id limit 500",
      [storeId, orderId],
    );
    return rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      provider: r.provider,
      mode: r.mode,
      status: r.status,
      amount: Number(r.amount),
      currency: r.currency,
      failureReason: r.failure_reason,
      paidAt: r.paid_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  async timelineFacts(storeId: string, orderId: string, limit: number): Promise<OrderTimelineFacts> {
    const [audit, payments, events, messages] = await Promise.all([
      this.db.select<{
        id: string;
        at: string;
        actor_type: string;
        actor_id: string | null;
        actor_label: string;
        request_id: string | null;
        operation: string;
        resource_type: string;
        resource_id: string | null;
        changes: string;
      }>(
        "select id, at, actor_type, actor_id, actor_label, request_id, operation, resource_type, resource_id, changes from audit_log where store_id = ? and resource_type = 'order' and resource_id = ? order by at desc, id desc limit ?",
        [storeId, orderId, limit],
      ),
      this.payments(storeId, orderId),
      this.db.select<{ id: string; type: string; created_at: string }>(
        "select id, type, created_at from events where store_id = ? and order_id = ? order by created_at desc limit ?",
        [storeId, orderId, limit],
      ),
      this.db.select<{ thread_id: string; subject: string; id: string; sender_type: string; sender_name: string; message_content: string; created_at: string }>(
        "select t.id as thread_id, t.subject, m.id, m.sender_type, m.sender_name, m.message_content, m.created_at from message_threads t join messages m on m.thread_id = t.id " +
          "where t.store_id = ? and t.order_id = ? and m.is_deleted = 0 order by m.created_at desc limit ?",
        [storeId, orderId, limit],
      ),
    ]);
    const webhookAttempts = events.length === 0 ? [] : await this.attempts(storeId, events.map((e) => e.id), limit);
    return {
      audit: audit.map(
        (row): AuditEntry => ({
          id: row.id,
          storeId,
          at: row.at,
          actor: { type: row.actor_type as AuditActorType, id: row.actor_id, label: row.actor_label },
          requestId: row.request_id,
          operation: row.operation,
          resourceType: row.resource_type,
          resourceId: row.resource_id,
          changes: readJson(row.changes, {}),
        }),
      ),
      payments,
      events: events.map((e): OrderEvent => ({ id: e.id, type: e.type, createdAt: e.created_at })),
      webhookAttempts,
      messages: messages.map(
        (m): OrderMessage => ({
          threadId: m.thread_id,
          subject: m.subject,
          messageId: m.id,
          senderType: m.sender_type,
          senderName: m.sender_name,
          excerpt: m.message_content.length > 200 ? `${m.message_content.slice(0, 199)}…` : m.message_content,
          createdAt: m.created_at,
        }),
      ),
    };
  }

  /** Delivery attempts of the events; an endpoint is shown by its origin only (its path may hold a token). */
  private async attempts(storeId: string, eventIds: readonly string[], limit: number): Promise<OrderWebhookAttempt[]> {
    const ids = inList(eventIds);
    const rows = await this.db.select<{
      event_id: string;
      event_type: string;
      endpoint_id: string;
      url: string | null;
      attempt_number: number;
      status_code: number | null;
      success: number | boolean;
      error: string | null;
      attempted_at: string;
    }>(
      `select a.event_id, a.event_type, a.endpoint_id, e.url, a.attempt_number, a.status_code, a.success, a.error, a.attempted_at from webhook_delivery_attempts a ` +
        `left join webhook_endpoints e on e.id = a.endpoint_id where a.event_id in (${ids.sql}) and a.store_id = ? order by a.attempted_at desc limit ?`,
      [...ids.values, storeId, limit],
    );
    return rows.map((r) => ({
      eventId: r.event_id,
      eventType: r.event_type,
      endpointId: r.endpoint_id,
      endpointUrl: originOf(r.url),
      attemptNumber: Number(r.attempt_number),
      statusCode: r.status_code === null ? null : Number(r.status_code),
      success: readBoolean(r.success),
      error: r.error,
      attemptedAt: r.attempted_at,
    }));
  }

  async storeAddress(storeId: string): Promise<Address | undefined> {
    const rows = await this.db.select<{ address: string | null }>("select address from stores where id = ?", [storeId]);
    const text = rows[0]?.address ?? null;
    return text === null ? undefined : readJson<Address | undefined>(text, undefined);
  }
}

const originOf = (url: string | null): string | null => {
  if (url === null) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};
