// Returns and their events on knex. The staff list walks (store_id, created_at, id) or, by
// status, (store_id, status, created_at, id), newest first, by keyset.
import { inject, injectable } from "inversify";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { ReturnRepository } from "../../../application/ports/return-repository.js";
import type { OrderReturn, ReturnEvent, ReturnLine, ReturnStatus } from "../../../domain/orders/order-return.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";

interface ReturnRow {
  id: string;
  store_id: string;
  order_id: string;
  customer_id: string | null;
  status: string;
  reason: string;
  lines: string;
  staff_note: string | null;
  refund_id: string | null;
  livemode: number | boolean;
  created_at: string;
  updated_at: string;
}

interface EventRow {
  id: string;
  return_id: string;
  from_status: string | null;
  to_status: string;
  actor_type: string;
  actor_id: string | null;
  actor_label: string;
  note: string | null;
  data: string;
  at: string;
}

type StoredLine = { line_id: string; quantity: number; received_quantity: number; restocked_quantity: number };

const toReturn = (row: ReturnRow): OrderReturn => ({
  id: row.id,
  orderId: row.order_id,
  customerId: row.customer_id,
  status: row.status as ReturnStatus,
  reason: row.reason,
  lines: readJson<StoredLine[]>(row.lines, []).map(
    (line): ReturnLine => ({ lineId: line.line_id, quantity: line.quantity, receivedQuantity: line.received_quantity, restockedQuantity: line.restocked_quantity }),
  ),
  staffNote: row.staff_note,
  refundId: row.refund_id,
  livemode: readBoolean(row.livemode),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const linesText = (lines: readonly ReturnLine[]): string =>
  writeJson(lines.map((l): StoredLine => ({ line_id: l.lineId, quantity: l.quantity, received_quantity: l.receivedQuantity, restocked_quantity: l.restockedQuantity })));

@injectable()
export class KnexReturnRepository implements ReturnRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async insert(storeId: string, r: OrderReturn): Promise<void> {
    await this.db.run((q) =>
      q("returns").insert({
        id: r.id,
        store_id: storeId,
        order_id: r.orderId,
        customer_id: r.customerId,
        status: r.status,
        reason: r.reason,
        lines: linesText(r.lines),
        staff_note: r.staffNote,
        refund_id: r.refundId,
        livemode: r.livemode,
        created_at: r.createdAt,
        updated_at: r.updatedAt,
      }),
    );
  }

  async update(storeId: string, r: OrderReturn): Promise<void> {
    await this.db.run((q) =>
      q("returns")
        .where({ store_id: storeId, id: r.id })
        .update({ status: r.status, lines: linesText(r.lines), staff_note: r.staffNote, refund_id: r.refundId, updated_at: r.updatedAt }),
    );
  }

  async find(storeId: string, returnId: string): Promise<OrderReturn | undefined> {
    const row: ReturnRow | undefined = await this.db.run((q) => q("returns").where({ store_id: storeId, id: returnId }).first());
    return row === undefined ? undefined : toReturn(row);
  }

  async lock(storeId: string, returnId: string): Promise<OrderReturn | undefined> {
    const row: ReturnRow | undefined = await this.db.run((q) => this.db.lockRows(q("returns").where({ store_id: storeId, id: returnId }).first()));
    return row === undefined ? undefined : toReturn(row);
  }

  async listForOrder(storeId: string, orderId: string): Promise<OrderReturn[]> {
    const rows: ReturnRow[] = await this.db.run((q) => q("returns").where({ store_id: storeId, order_id: orderId }).orderBy([{ column: "created_at" }, { column: "id" }]));
    return rows.map(toReturn);
  }

  async listPage(storeId: string, filter: { readonly status?: ReturnStatus | undefined }, page: PageRequest): Promise<Page<OrderReturn>> {
    return this.db.run(async (q) => {
      const query = q("returns").where("store_id", storeId);
      if (filter.status !== undefined) void query.where("status", filter.status);
      const rows: ReturnRow[] = await applyKeyset(query, { column: "created_at", idColumn: "id", direction: "desc" }, page);
      return toPage(rows, page, (r) => [r.created_at, r.id], toReturn);
    });
  }

  async recordEvent(storeId: string, e: ReturnEvent): Promise<void> {
    await this.db.run((q) =>
      q("return_events").insert({
        id: e.id,
        store_id: storeId,
        return_id: e.returnId,
        from_status: e.fromStatus,
        to_status: e.toStatus,
        actor_type: e.actor.type,
        actor_id: e.actor.id,
        actor_label: e.actor.label.slice(0, 254),
        note: e.note,
        data: writeJson(e.data),
        at: e.at,
      }),
    );
  }

  async events(storeId: string, returnId: string): Promise<ReturnEvent[]> {
    const rows: EventRow[] = await this.db.run((q) =>
      q("return_events").where({ store_id: storeId, return_id: returnId }).orderBy([{ column: "at" }, { column: "id" }]),
    );
    return rows.map((row) => ({
      id: row.id,
      returnId: row.return_id,
      fromStatus: row.from_status as ReturnStatus | null,
      toStatus: row.to_status as ReturnStatus,
      actor: { type: row.actor_type as ReturnEvent["actor"]["type"], id: row.actor_id, label: row.actor_label },
      note: row.note,
      data: readJson(row.data, {}),
      at: row.at,
    }));
  }
}
