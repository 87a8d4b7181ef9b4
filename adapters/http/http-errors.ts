// Errors only the HTTP layer can raise: about the request line, its method, its body bytes.
import { Data } from "effect";

export class RouteNotFound extends Data.TaggedError("RouteNotFound")<{ readonly message: string }> {}

export class MethodNotAllowed extends Data.TaggedError("MethodNotAllowed")<{
  readonly message: string;
  readonly allow: readonly string[];
}> {}

export class PayloadTooLarge extends Data.TaggedError("PayloadTooLarge")<{ readonly message: string }> {}

/** A request line longer than the app reads (MAX_URL_BYTES). */
export class UriTooLong extends Data.TaggedError("UriTooLong")<{ readonly message: string }> {}

/** Request headers (with the request line) past node's limit: answered by the server's clientError handler. */
export class HeadersTooLarge extends Data.TaggedError("HeadersTooLarge")<{ readonly message: string }> {}

/** A request node's parser could not read (bad request line, bad header, bad chunking). */
export class MalformedRequest extends Data.TaggedError("MalformedRequest")<{ readonly message: string }> {}

export class UnsupportedMediaType extends Data.TaggedError("UnsupportedMediaType")<{ readonly message: string }> {}

export class InvalidJson extends Data.TaggedError("InvalidJson")<{ readonly message: string }> {}
