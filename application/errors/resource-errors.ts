// Errors about the addressed record: it does not exist (for this store), or it conflicts with
// what is already there.
import { Data } from "effect";

export class ResourceMissing extends Data.TaggedError("ResourceMissing")<{
  readonly resource: string;
  readonly message: string;
  readonly param?: string;
}> {}

export class ResourceConflict extends Data.TaggedError("ResourceConflict")<{
  readonly code: string;
  readonly message: string;
  readonly param?: string;
}> {}

/**
 * A write referred to a record that another request deleted (or never was): the database refused
 * it by a foreign key. A use case that reads what it relies on in its transaction answers in its own
 * words first (docs/decisions/carts.md, "carts-11"); one that reaches the client is
 * a 409 and is logged as a defect, never a 500.
 */
export class ReferenceGone extends Data.TaggedError("ReferenceGone")<{
  readonly message: string;
  readonly cause?: unknown;
}> {}

/**
 * The Idempotency-Key was first used with another request body (docs/api/idempotency.md, "Replays,
 * conflicts and reuse").
 */
export class IdempotencyKeyReused extends Data.TaggedError("IdempotencyKeyReused")<{
  readonly message: string;
}> {}

/** The first request with this Idempotency-Key is still being processed. */
export class IdempotencyInProgress extends Data.TaggedError("IdempotencyInProgress")<{
  readonly message: string;
}> {}

/** Well formed, but a business rule refuses it (422): an undeliverable address, an unusable gift card. */
export class BusinessRuleViolation extends Data.TaggedError("BusinessRuleViolation")<{
  readonly code: string;
  readonly message: string;
  readonly param?: string;
}> {}
