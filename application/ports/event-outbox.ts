// The transactional outbox: events are written in the same transaction as the change that
// causes them, and delivered later by the worker.
import type { ServiceIdentifier } from "inversify";
import type { EventType } from "../../domain/events/event-type.js";

export interface NewEvent {
  readonly storeId: string;
  readonly type: EventType;
  readonly livemode: boolean;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface RecordedEvent extends NewEvent {
  readonly id: string;
  readonly createdAt: string;
}

export interface EventOutbox {
  record(event: NewEvent): Promise<RecordedEvent>;
  /** Records many events in a few statements (a bulk import's), in the caller's transaction. */
  recordMany(events: readonly NewEvent[]): Promise<void>;
  findById(storeId: string, eventId: string): Promise<RecordedEvent | undefined>;
}
export const EventOutbox: ServiceIdentifier<EventOutbox> = Symbol.for("storefront.EventOutbox");
