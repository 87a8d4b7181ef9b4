// Errors only the HTTP layer can raise: about the request line, its method, its body bytes.
import { Data } from "effect";

export class RouteNotFound extends Data.TaggedError("RouteNotFound")<{ readonly message: string }> {}

export class MethodNotAllowed extends Data.TaggedError("MethodNotAllowed")<{
  readonly message: string;
  readonly allow: readonly string[];
}> {}

export class PayloadTooLarge extends Data.TaggedError("PayloadTooLarge")<{ readonly message: string }> {}

export class UnsupportedMediaType extends Data.TaggedError("UnsupportedMediaType")<{ readonly message: string }> {}

export class InvalidJson extends Data.TaggedError("InvalidJson")<{ readonly message: string }> {}
