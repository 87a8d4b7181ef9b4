// Parcels in `fulfilments` and their lines in `fulfilment_lines` (migration 0029). Written in
// the caller's unit of work, which holds the order's row lock, so two parcels of one order are
// planned one after the other (docs/staff.md, "Orders and fulfilment").
import { inject, injectable } from "inversify";
import type { FulfilmentRepository } from "../../../application/ports/fulfilment-repository.js";
import type { Fulfilment, Shipped } from "../../../domain/orders/fulfilment.js";
import { Database } from "../database.js";

interface FulfilmentRow {
  readonly id: string;
  readonly order_id: string;
  readonly carrier: string | null;
  readonly tracking_number: string | null;
  readonly tracking_url: string | null;
  readonly note: string | null;
  readonly created_at: string;
}

interface LineRow {
  readonly fulfilment_id: string;
  readonly order_item_id: string;
  readonly quantity: number | string;
}

@injectable()
export class KnexFulfilmentRepository implements FulfilmentRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async insert(storeId: string, fulfilment: Fulfilment): Promise<void> {
    await this.db.execute(
      "insert into fulfilments (id, store_id, order_id, carrier, tracking_number, tracking_url, note, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
      [fulfilment.id, storeId, fulfilment.orderId, fulfilment.carrier, fulfilment.trackingNumber, fulfilment.trackingUrl, fulfilment.note, fulfilment.createdAt],
    );
    await this.db.insertRows(
      "fulfilment_lines",
      fulfilment.lines.map((line) => ({
        fulfilment_id: fulfilment.id,
        order_item_id: line.orderItemId,
        store_id: storeId,
        order_id: fulfilment.orderId,
        quantity: line.quantity,
      })),
      100,
    );
  }

  async shipped(storeId: string, orderId: string): Promise<Shipped> {
    const rows = await this.db.select<{ order_item_id: string; shipped: number | string }>(
      "select order_item_id, sum(quantity) as shipped from fulfilment_lines where order_id = ? and store_id = ? group by order_item_id",
      [orderId, storeId],
    );
    return new Map(rows.map((row) => [row.order_item_id, Number(row.shipped)]));
  }

  async listByOrder(storeId: string, orderId: string): Promise<readonly Fulfilment[]> {
    const parcels = await this.db.select<FulfilmentRow>(
      "select id, order_id, carrier, tracking_number, tracking_url, note, created_at from fulfilments where store_id = ? and order_id = ? order by created_at, id",
      [storeId, orderId],
    );
    if (parcels.length === 0) return [];
    const lines = await this.db.select<LineRow>(
      "select fulfilment_id, order_item_id, quantity from fulfilment_lines where order_id = ? and store_id = ? order by fulfilment_id, order_item_id",
      [orderId, storeId],
    );
    return parcels.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      carrier: row.carrier,
      trackingNumber: row.tracking_number,
      trackingUrl: row.tracking_url,
      note: row.note,
      createdAt: row.created_at,
      lines: lines.filter((l) => l.fulfilment_id === row.id).map((l) => ({ orderItemId: l.order_item_id, quantity: Number(l.quantity) })),
    }));
  }
}
