// Errors about how often a caller may do something: the budget of attempts is spent for now.
// They map to 429 with Retry-After and the RateLimit-* headers.
import { Data } from "effect";

export class RateLimited extends Data.TaggedError("RateLimited")<{
  readonly message: string;
  /** Whole seconds until the window that refused the request resets. */
  readonly retryAfterSeconds: number;
  /** Attempts the window allows. */
  readonly limit: number;
  readonly remaining: number;
}> {}
