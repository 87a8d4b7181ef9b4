// Which emails an event makes, to whom, with which values (docs/emails.md, "What is sent when"):
// the order's (or thread's) customer for customer emails, unless they turned an optional one off
// or their address is marked; the store's active staff whose role holds the email's permission
// for staff emails. Values are taken from the event as it was recorded, amounts formatted in the
// order's currency and dates in the store's time zone. Runs inside the fan-out's transaction.
import { inject, injectable } from "inversify";
import { isMailableAddress } from "../../domain/emails/email-address.js";
import { formatAmount, formatDate, minorOfMajor } from "../../domain/emails/email-amounts.js";
import { kindsForEvent, type EmailKind } from "../../domain/emails/email-catalogue.js";
import { roleMay } from "../../domain/staff/permissions.js";
import type { Order } from "../../domain/orders/order.js";
import { CustomerEmailPreferences } from "../ports/customer-email-preferences.js";
import type { NewEmailSend } from "../ports/email-queue.js";
import type { RecordedEvent } from "../ports/event-outbox.js";
import { OrderRepository } from "../ports/order-repository.js";
import { StaffRepository } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";

/** The most staff of one store an email goes to. */
const MAX_STAFF = 500;
const EXCERPT = 300;

/** The key of a send's values that names the order whose invoice it carries (docs/emails.md). */
export const INVOICE_OF = "_invoice_of_order";

type Data = Record<string, any>;

interface OrderFacts {
  readonly id: string;
  readonly customerId: string | null;
  readonly customerEmail: string;
  readonly customerName: string;
  readonly values: Record<string, string>;
}

interface Recipient {
  readonly address: string;
  readonly customerId: string | null;
}

const text = (value: unknown): string => (value === null || value === undefined ? "" : String(value));
const excerpt = (value: unknown): string => {
  const s = text(value).trim();
  return s.length <= EXCERPT ? s : `${s.slice(0, EXCERPT - 1)}…`;
};

@injectable()
export class PlanEmailSends {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(CustomerEmailPreferences) private readonly preferences: CustomerEmailPreferences,
  ) {}

  async plan(events: readonly RecordedEvent[]): Promise<readonly NewEmailSend[]> {
    const staffOf = new Map<string, Promise<ReadonlyArray<{ email: string; role: Parameters<typeof roleMay>[0] }>>>();
    const sends: NewEmailSend[] = [];
    for (const event of events) {
      const kinds = kindsForEvent(event.type).filter((kind) => this.applies(kind, event));
      if (kinds.length === 0) continue;
      const store = await this.stores.findById(event.storeId);
      if (store === undefined) continue;
      const timeZone = store.timeZone;
      const data = event.data as Data;
      for (const kind of kinds) {
        const values = await this.valuesOf(kind, event, data, timeZone);
        if (values === undefined) continue;
        if (kind.audience.kind === "customer") {
          const recipient = this.customerOf(kind, data, values.order);
          if (recipient === undefined || recipient.address === "") continue;
          sends.push(await this.customerSend(event, kind, recipient, values.values));
        } else {
          const permission = kind.audience.permission;
          if (!staffOf.has(event.storeId)) {
            staffOf.set(event.storeId, this.staff.list(event.storeId, { status: "active", limit: MAX_STAFF }).then((members) => members.map((m) => ({ email: m.email, role: m.role }))));
          }
          const members = (await staffOf.get(event.storeId)!).filter((m) => roleMay(m.role, permission));
          for (const address of new Set(members.map((m) => m.email.trim()))) {
            sends.push({ storeId: event.storeId, eventId: event.id, recipient: address, template: kind.key, customerId: null, values: values.values, state: isMailableAddress(address) ? "pending" : "bounced", note: isMailableAddress(address) ? null : "malformed address" });
          }
        }
      }
    }
    return sends;
  }

  /** A message mails the other side: the customer when the store wrote, the staff when the customer did. */
  private applies(kind: EmailKind, event: RecordedEvent): boolean {
    if (event.type !== "message.created") return true;
    const sender = text((event.data as Data).message?.sender_type);
    return kind.audience.kind === "customer" ? sender === "store" : sender === "customer";
  }

  private customerOf(kind: EmailKind, data: Data, order: OrderFacts | undefined): Recipient | undefined {
    if (kind.key === "message_reply") return { address: text(data.thread?.customer_email).trim(), customerId: data.thread?.customer_id ?? null };
    return order === undefined ? undefined : { address: order.customerEmail.trim(), customerId: order.customerId };
  }

  private async customerSend(event: RecordedEvent, kind: EmailKind, recipient: Recipient, values: Record<string, string>): Promise<NewEmailSend> {
    const base = { storeId: event.storeId, eventId: event.id, recipient: recipient.address, template: kind.key, customerId: recipient.customerId, values };
    if (!isMailableAddress(recipient.address)) return { ...base, state: "bounced", note: "malformed address", markAddress: "malformed" };
    if (recipient.customerId !== null) {
      const state = await this.preferences.find(event.storeId, recipient.customerId);
      if (state !== undefined && state.emailStatus !== "ok") return { ...base, state: "skipped", note: `the address is marked ${state.emailStatus}` };
      if (state !== undefined && kind.optional && state.optOuts.includes(kind.key)) return { ...base, state: "skipped", note: "the customer turned this email off" };
    }
    return { ...base, state: "pending", note: null };
  }

  private async valuesOf(kind: EmailKind, event: RecordedEvent, data: Data, timeZone: string | undefined): Promise<{ values: Record<string, string>; order?: OrderFacts } | undefined> {
    switch (kind.key) {
      case "order_confirmation":
      case "payment_received":
      case "order_delivered":
      case "order_cancelled":
      case "staff_new_order": {
        const order = this.orderFromRecord(data.order, timeZone);
        if (order === undefined) return undefined;
        const record = data.order as Data;
        const extra: Record<string, string> = {};
        // Not a placeholder (names start with a letter): the order whose invoice the email attaches.
        if (kind.key === "payment_received") {
          extra.amount_paid = order.values.order_total!;
          extra[INVOICE_OF] = order.id;
        }
        if (kind.key === "order_delivered") extra.delivered_date = formatDate(text(record.delivered_at) || event.createdAt, timeZone);
        if (kind.key === "staff_new_order") extra.customer_email = order.customerEmail;
        return { values: { ...order.values, ...extra }, order };
      }
      case "order_shipped": {
        const order = this.orderFromRecord(data.order, timeZone);
        if (order === undefined) return undefined;
        const parcel = (data.fulfilment ?? {}) as Data;
        const lines = Array.isArray(parcel.lines) ? (parcel.lines as Data[]) : [];
        return {
          order,
          values: {
            ...order.values,
            carrier: text(parcel.carrier) || "our courier",
            tracking_number: text(parcel.tracking_number) || "not given",
            tracking_url: text(parcel.tracking_url),
            shipped_items: lines.map((l) => `${text(l.quantity)} × ${text(l.sku)}`).join("\n"),
          },
        };
      }
      case "refund_issued": {
        const refund = (data.refund ?? {}) as Data;
        const order = await this.orderById(event.storeId, text(refund.order_id), timeZone);
        if (order === undefined) return undefined;
        return { order, values: { ...order.values, refund_amount: formatAmount(Number(refund.amount ?? 0), text(refund.currency)) } };
      }
      case "return_update": {
        const ret = (data.return ?? {}) as Data;
        const order = await this.orderById(event.storeId, text(ret.order_id), timeZone);
        if (order === undefined) return undefined;
        return { order, values: { ...order.values, return_status: text(ret.status) || event.type.slice("return.".length), return_note: text(ret.staff_note) } };
      }
      case "message_reply":
      case "staff_new_message":
        return { values: { customer_name: text(data.thread?.customer_name), thread_subject: text(data.thread?.subject), message_excerpt: excerpt(data.message?.message_content) } };
      case "staff_low_stock":
        return { values: { sku: text(data.sku), stock: text(data.stock), threshold: text(data.threshold) } };
      case "staff_webhook_disabled":
        return { values: { endpoint_url: text(data.webhook_endpoint?.url), reason: data.reason === "gone" ? "it answered 410 Gone" : text(data.reason) } };
    }
  }

  /** An order as events carry it (amounts in major units: application/orders/order-record.ts). */
  private orderFromRecord(record: unknown, timeZone: string | undefined): OrderFacts | undefined {
    if (record === null || typeof record !== "object") return undefined;
    const o = record as Data;
    const currency = text(o.currency);
    const minor = (major: unknown): number => minorOfMajor(Number(major ?? 0), currency);
    const items = Array.isArray(o.items) ? (o.items as Data[]) : [];
    return {
      id: text(o.id),
      customerId: o.customer_id ?? null,
      customerEmail: text(o.customer_email),
      customerName: text(o.customer_name),
      values: {
        customer_name: text(o.customer_name),
        order_number: text(o.order_number),
        order_total: formatAmount(minor(o.total_amount), currency),
        order_date: formatDate(text(o.created_at), timeZone),
        order_items: items.map((i) => `${text(i.quantity)} × ${text(i.product_name)}${i.variant_name ? ` (${text(i.variant_name)})` : ""} — ${formatAmount(minor(i.line_total), currency)}`).join("\n"),
      },
    };
  }

  /** An order read now (refunds and returns name it by id). */
  private async orderById(storeId: string, orderId: string, timeZone: string | undefined): Promise<OrderFacts | undefined> {
    if (orderId === "") return undefined;
    const order: Order | undefined = await this.orders.find(storeId, orderId);
    if (order === undefined) return undefined;
    return {
      id: order.id,
      customerId: order.customerId,
      customerEmail: order.customerEmail,
      customerName: order.customerName,
      values: {
        customer_name: order.customerName,
        order_number: order.orderNumber,
        order_total: formatAmount(order.totalAmount, order.currency),
        order_date: formatDate(order.createdAt, timeZone),
        order_items: order.items.map((i) => `${i.quantity} × ${i.productName}${i.variantName ? ` (${i.variantName})` : ""} — ${formatAmount(i.lineTotal, order.currency)}`).join("\n"),
      },
    };
  }
}
