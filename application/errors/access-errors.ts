// Errors about who is calling: a key or token that does not authenticate, or a caller that
// authenticates but may not do this.
import { Data } from "effect";

export class InvalidApiKey extends Data.TaggedError("InvalidApiKey")<{
  readonly message: string;
}> {}

export class SecretKeyRequired extends Data.TaggedError("SecretKeyRequired")<{
  readonly message: string;
}> {}

export class Forbidden extends Data.TaggedError("Forbidden")<{
  readonly message: string;
}> {}

/** A customer token (x-auth-token) that is missing, unknown, revoked, or of another store. */
export class InvalidToken extends Data.TaggedError("InvalidToken")<{
  readonly message: string;
}> {}

/** A customer token that was valid and has run out; refresh the session. */
export class TokenExpired extends Data.TaggedError("TokenExpired")<{
  readonly message: string;
}> {}

/** Wrong email and password, or a wrong, spent or expired one-time code; `code` says which. */
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<{
  readonly code: "invalid_credentials" | "invalid_code";
  readonly message: string;
}> {}

/** The credentials are right but the customer's account is inactive. */
export class AccountInactive extends Data.TaggedError("AccountInactive")<{
  readonly message: string;
}> {}

/**
 * The credentials are right (or the token is the customer's) but the store has blocked the
 * customer (docs/staff.md, "Customers and the inbox"): no sign-in, code or refresh succeeds.
 */
export class CustomerBlocked extends Data.TaggedError("CustomerBlocked")<{
  readonly message: string;
}> {}

/** A signed operation without `X-Signature` or `X-Timestamp`. */
export class SignatureMissing extends Data.TaggedError("SignatureMissing")<{
  readonly message: string;
}> {}

/** `X-Signature` is not the HMAC of `<timestamp>.<body>` under the store's secret. */
export class SignatureInvalid extends Data.TaggedError("SignatureInvalid")<{
  readonly message: string;
}> {}

/** `X-Timestamp` is more than 300 s away from the server clock, or not Unix seconds. */
export class TimestampOutOfWindow extends Data.TaggedError("TimestampOutOfWindow")<{
  readonly message: string;
}> {}
