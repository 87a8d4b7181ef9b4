// Errors of the machinery underneath a use case, raised by adapters: the database cannot be
// reached or has no free connection. They map to 503 with Retry-After, never to a 500.
import { Data } from "effect";

export class ServiceUnavailable extends Data.TaggedError("ServiceUnavailable")<{
  readonly message: string;
  readonly retryAfterSeconds: number;
  readonly cause?: unknown;
}> {}
