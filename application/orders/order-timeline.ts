// An order's timeline (docs/staff.md, "Orders and fulfilment"): what happened to it, oldest
// first, from what is stored — its status changes (its events and timestamps), the staff's and
// keys' writes (the audit log), payments, refunds, parcels, webhook deliveries of the events that
// name it, and the messages of the threads about it. Each source is read bounded (the newest
// TIMELINE_LIMIT of each), so a busy order's timeline stays one quick read.
import { inject, injectable, optional } from "inversify";
import type { Order } from "../../domain/orders/order.js";
import type { Principal } from "../access/principal.js";
import { AdminOrderReads, type OrderTimelineFacts } from "../ports/admin-order-reads.js";
import type { AuditActor } from "../ports/audit-log.js";
import { FulfilmentRepository } from "../ports/fulfilment-repository.js";
import { OrderRepository } from "../ports/order-repository.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { toFulfilmentRecord } from "./admin-order-records.js";
import { orderMissing } from "./update-order.js";

export const TIMELINE_LIMIT = 500;

export const TIMELINE_KINDS = ["status", "audit", "payment", "refund", "fulfilment", "webhook_delivery", "message"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface TimelineEntry {
  readonly at: string;
  readonly kind: TimelineKind;
  /** One line a person reads. */
  readonly title: string;
  /** Who did it, when known (a staff member, an API key, the command line, the system). */
  readonly actor: AuditActor | null;
  readonly details: Readonly<Record<string, unknown>>;
}

/** A refund as the timeline shows it (the refunds of docs/staff.md, "Refunds and returns"). */
export interface TimelineRefund {
  readonly id: string;
  readonly status: string;
  readonly amount: number;
  readonly currency: string;
  readonly reason: string | null;
  readonly failureReason: string | null;
  readonly createdAt: string;
  readonly settledAt: string | null;
}

const STATUS_EVENTS: Readonly<Record<string, string>> = {
  "order.created": "Order placed",
  "order.paid": "Order paid",
  "order.fulfilled": "Order shipped",
  "order.cancelled": "Order cancelled",
};

/** The entries, oldest first; entries of one instant keep the order of TIMELINE_KINDS. */
export const buildTimeline = (order: Order, facts: OrderTimelineFacts, refunds: readonly TimelineRefund[], parcels: ReturnType<typeof toFulfilmentRecord>[]): TimelineEntry[] => {
  const entries: TimelineEntry[] = [];
  const add = (at: string | null, kind: TimelineKind, title: string, details: Readonly<Record<string, unknown>> = {}, actor: AuditActor | null = null): void => {
    if (at !== null) entries.push({ at, kind, title, actor, details });
  };
  const seen = new Set(facts.events.map((e) => e.type));

  // Status changes: the order's events, and its stored times where no event says it (orders from
  // before the outbox named them, a delivery, which has no event).
  for (const event of facts.events) {
    const title = STATUS_EVENTS[event.type];
    if (title !== undefined) add(event.createdAt, "status", title, { event: event.type, event_id: event.id });
  }
  if (!seen.has("order.created")) add(order.createdAt, "status", STATUS_EVENTS["order.created"]!, { order_status: "pending" });
  if (!seen.has("order.fulfilled")) add(order.shippedAt, "status", STATUS_EVENTS["order.fulfilled"]!, { order_status: "shipped" });
  add(order.deliveredAt, "status", "Order delivered", { order_status: "delivered" });
  if (!seen.has("order.cancelled") && order.orderStatus === "cancelled") add(order.updatedAt, "status", STATUS_EVENTS["order.cancelled"]!, { order_status: "cancelled" });
  if (!seen.has("order.paid")) {
    const paid = facts.payments.find((p) => p.paidAt !== null);
    if (paid !== undefined) add(paid.paidAt, "status", STATUS_EVENTS["order.paid"]!, { payment_status: "paid" });
  }

  for (const entry of facts.audit) {
    add(entry.at, "audit", `${entry.operation} by ${entry.actor.label}`, { operation: entry.operation, request_id: entry.requestId, changes: entry.changes }, entry.actor);
  }

  for (const p of facts.payments) {
    const details = { payment_id: p.id, reference: p.reference, provider: p.provider, amount: p.amount, currency: p.currency, status: p.status };
    add(p.createdAt, "payment", `Payment ${p.reference} started (${p.provider})`, details);
    if (p.paidAt !== null) add(p.paidAt, "payment", `Payment ${p.reference} succeeded`, details);
    else if (p.status === "failed") add(p.updatedAt, "payment", `Payment ${p.reference} failed`, { ...details, failure_reason: p.failureReason });
  }

  for (const r of refunds) {
    const details = { refund_id: r.id, amount: r.amount, currency: r.currency, status: r.status, reason: r.reason };
    add(r.createdAt, "refund", "Refund requested", details);
    if (r.settledAt !== null && r.status !== "pending") {
      add(r.settledAt, "refund", r.status === "succeeded" ? "Refund succeeded" : "Refund failed", { ...details, failure_reason: r.failureReason });
    }
  }

  for (const f of parcels) {
    const units = f.lines.reduce((sum, l) => sum + l.quantity, 0);
    const by = f.carrier === null ? "" : ` with ${f.carrier}`;
    add(f.created_at, "fulfilment", `Parcel of ${units} unit${units === 1 ? "" : "s"} shipped${by}`, { fulfilment_id: f.id, carrier: f.carrier, tracking_number: f.tracking_number, lines: f.lines });
  }

  for (const a of facts.webhookAttempts) {
    add(a.attemptedAt, "webhook_delivery", `${a.eventType} ${a.success ? "delivered" : "not delivered"} to ${a.endpointUrl ?? a.endpointId}`, {
      event_id: a.eventId,
      event_type: a.eventType,
      endpoint_id: a.endpointId,
      attempt: a.attemptNumber,
      status_code: a.statusCode,
      success: a.success,
      error: a.error,
    });
  }

  for (const m of facts.messages) {
    add(m.createdAt, "message", `Message from ${m.senderType === "customer" ? m.senderName : m.senderType === "store" ? `the store (${m.senderName})` : m.senderType}`, {
      thread_id: m.threadId,
      subject: m.subject,
      message_id: m.messageId,
      sender_type: m.senderType,
      excerpt: m.excerpt,
    });
  }

  const rank = new Map(TIMELINE_KINDS.map((k, i) => [k, i]));
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.at < b.entry.at ? -1 : a.entry.at > b.entry.at ? 1 : rank.get(a.entry.kind)! - rank.get(b.entry.kind)! || a.index - b.index))
    .map((x) => x.entry);
};

@injectable()
export class OrderTimeline {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AdminOrderReads) private readonly reads: AdminOrderReads,
    @inject(FulfilmentRepository) private readonly fulfilments: FulfilmentRepository,
    // Optional: a build without refunds shows none.
    @inject(RefundRepository) @optional() private readonly refunds?: RefundRepository,
  ) {}

  async execute(principal: Principal, orderId: string): Promise<TimelineEntry[]> {
    const storeId = principal.storeId;
    const order = await this.orders.find(storeId, orderId);
    if (order === undefined) throw orderMissing();
    const [facts, parcels, refunds] = await Promise.all([
      this.reads.timelineFacts(storeId, orderId, TIMELINE_LIMIT),
      this.fulfilments.listByOrder(storeId, orderId),
      this.refundsOf(storeId, orderId),
    ]);
    return buildTimeline(order, facts, refunds, parcels.map((f) => toFulfilmentRecord(f, order)));
  }

  /** The order's refunds (the refunds of docs/staff.md, "Refunds and returns"), the newest TIMELINE_LIMIT. */
  private async refundsOf(storeId: string, orderId: string): Promise<TimelineRefund[]> {
    if (this.refunds === undefined) return [];
    const refunds = await this.refunds.listForOrder(storeId, orderId);
    return refunds.slice(-TIMELINE_LIMIT).map((r) => ({
      id: r.id,
      status: r.status,
      amount: r.amount,
      currency: r.currency,
      reason: r.reason,
      failureReason: r.failureReason,
      createdAt: r.createdAt,
      settledAt: r.settledAt,
    }));
  }
}
