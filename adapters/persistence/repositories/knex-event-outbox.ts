// The outbox table `events`: written in the caller's transaction, read by the webhook worker.
import { inject, injectable } from "inversify";
import { Clock } from "../../../application/ports/clock.js";
import type { EventOutbox, NewEvent, RecordedEvent } from "../../../application/ports/event-outbox.js";
import { IdGenerator } from "../../../application/ports/id-generator.js";
import type { EventType } from "../../../domain/events/event-type.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";

interface EventRow {
  id: string;
  store_id: string;
  type: string;
  livemode: number | boolean;
  data: string;
  created_at: string;
}

/**
 * The order an event's data names (its `order` record, or an `order_id` beside or inside its
 * first-level records: a payment, a fulfilment, a refund), kept in `events.order_id` so an
 * order's timeline finds its events by index (migration 0029).
 */
export const orderIdNamedBy = (data: Readonly<Record<string, unknown>>): string | null => {
  const order = data.order;
  if (typeof order === "object" && order !== null && typeof (order as { id?: unknown }).id === "string") return (order as { id: string }).id;
  if (typeof data.order_id === "string") return data.order_id;
  for (const value of Object.values(data)) {
    if (typeof value === "object" && value !== null && typeof (value as { order_id?: unknown }).order_id === "string") return (value as { order_id: string }).order_id;
  }
  return null;
};

/** Events per multi-row insert: their data runs to a few kilobytes each. */
const EVENTS_PER_INSERT = 200;

@injectable()
export class KnexEventOutbox implements EventOutbox {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async record(event: NewEvent): Promise<RecordedEvent> {
    const recorded: RecordedEvent = {
      ...event,
      id: `evt_${this.ids.newId().replaceAll("-", "")}`,
      createdAt: this.clock.now().toISOString(),
    };
    // A prepared statement (Database.insertRows): no query building, prepared once per connection.
    await this.db.insertRows(
      "events",
      [
        {
          id: recorded.id,
          store_id: recorded.storeId,
          type: recorded.type,
          livemode: recorded.livemode,
          data: writeJson(recorded.data),
          order_id: orderIdNamedBy(recorded.data),
          created_at: recorded.createdAt,
        },
      ],
      1,
    );
    return recorded;
  }

  async recordMany(events: readonly NewEvent[]): Promise<void> {
    const createdAt = this.clock.now().toISOString();
    const rows = events.map((event) => ({
      id: `evt_${this.ids.newId().replaceAll("-", "")}`,
      store_id: event.storeId,
      type: event.type,
      livemode: event.livemode,
      data: writeJson(event.data),
      order_id: orderIdNamedBy(event.data),
      created_at: createdAt,
    }));
    await this.db.insertRows("events", rows, EVENTS_PER_INSERT);
  }

  async findById(storeId: string, eventId: string): Promise<RecordedEvent | undefined> {
    const row = await this.db.run((q) => q<EventRow>("events").where({ id: eventId, store_id: storeId }).first());
    if (row === undefined) return undefined;
    return {
      id: row.id,
      storeId: row.store_id,
      type: row.type as EventType,
      livemode: readBoolean(row.livemode),
      data: readJson(row.data, {}),
      createdAt: row.created_at,
    };
  }
}
