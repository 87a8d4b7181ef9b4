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

/** The Idempotency-Key was first used with another request body (CONTRACT section 6). */
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
