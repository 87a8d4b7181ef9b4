// Errors about what a client sent: a bad parameter, an unknown `fields` name, a cursor that
// does not decode. Each names the parameter so the answer can say which one was wrong.
import { Data } from "effect";

export class ParameterInvalid extends Data.TaggedError("ParameterInvalid")<{
  readonly param: string;
  readonly message: string;
}> {}

export class ParameterMissing extends Data.TaggedError("ParameterMissing")<{
  readonly param: string;
  readonly message: string;
}> {}

export class UnknownField extends Data.TaggedError("UnknownField")<{
  readonly param: string;
  readonly message: string;
}> {}

export class InvalidCursor extends Data.TaggedError("InvalidCursor")<{
  readonly param: string;
  readonly message: string;
}> {}

export class SessionRequired extends Data.TaggedError("SessionRequired")<{
  readonly message: string;
}> {}

export class ParameterUnknown extends Data.TaggedError("ParameterUnknown")<{
  readonly param: string;
  readonly message: string;
}> {}

/** A new password a strength estimator scores as easy to guess (docs/decisions/security.md, "security-27"). */
export class WeakPassword extends Data.TaggedError("WeakPassword")<{
  readonly param: string;
  readonly message: string;
}> {}
