// The one table from an error's stable `_tag` to its HTTP status, error type and code
// (docs/api/errors.md, "Statuses and codes"). Errors without an entry are unexpected: logged and
// answered 500.
export interface ErrorMapping {
  readonly status: number;
  readonly type: string;
  /** A fixed code, or "from-error" when the error carries its own `code`. */
  readonly code: string;
}

export const ERROR_TABLE: Readonly<Record<string, ErrorMapping>> = {
  ParameterInvalid: { status: 400, type: "invalid_request_error", code: "parameter_invalid" },
  ParameterMissing: { status: 400, type: "invalid_request_error", code: "parameter_missing" },
  ParameterUnknown: { status: 400, type: "invalid_request_error", code: "parameter_unknown" },
  UnknownField: { status: 400, type: "invalid_request_error", code: "unknown_field" },
  InvalidCursor: { status: 400, type: "invalid_request_error", code: "invalid_cursor" },
  SessionRequired: { status: 400, type: "invalid_request_error", code: "session_required" },
  WeakPassword: { status: 400, type: "invalid_request_error", code: "password_too_weak" },
  InvalidJson: { status: 400, type: "invalid_request_error", code: "invalid_json" },
  InvalidApiKey: { status: 401, type: "authentication_error", code: "invalid_api_key" },
  InvalidToken: { status: 401, type: "authentication_error", code: "invalid_token" },
  TokenExpired: { status: 401, type: "authentication_error", code: "token_expired" },
  InvalidCredentials: { status: 401, type: "authentication_error", code: "from-error" },
  SignatureMissing: { status: 401, type: "authentication_error", code: "signature_missing" },
  SignatureInvalid: { status: 401, type: "authentication_error", code: "signature_invalid" },
  TimestampOutOfWindow: { status: 401, type: "authentication_error", code: "timestamp_out_of_window" },
  StaffSessionRequired: { status: 401, type: "authentication_error", code: "staff_session_required" },
  SecondFactorRequired: { status: 401, type: "authentication_error", code: "second_factor_required" },
  CsrfTokenInvalid: { status: 403, type: "permission_error", code: "csrf_token_invalid" },
  PermissionDenied: { status: 403, type: "permission_error", code: "permission_denied" },
  SecretKeyRequired: { status: 403, type: "permission_error", code: "secret_key_required" },
  Forbidden: { status: 403, type: "permission_error", code: "forbidden" },
  AccountInactive: { status: 403, type: "permission_error", code: "account_inactive" },
  CustomerBlocked: { status: 403, type: "permission_error", code: "customer_blocked" },
  ResourceMissing: { status: 404, type: "not_found_error", code: "resource_missing" },
  RouteNotFound: { status: 404, type: "not_found_error", code: "route_not_found" },
  MethodNotAllowed: { status: 405, type: "invalid_request_error", code: "method_not_allowed" },
  ResourceConflict: { status: 409, type: "conflict_error", code: "from-error" },
  ReferenceGone: { status: 409, type: "conflict_error", code: "reference_conflict" },
  IdempotencyInProgress: { status: 409, type: "conflict_error", code: "idempotency_in_progress" },
  IdempotencyKeyReused: { status: 422, type: "idempotency_error", code: "idempotency_key_reused" },
  BusinessRuleViolation: { status: 422, type: "invalid_request_error", code: "from-error" },
  PayloadTooLarge: { status: 413, type: "invalid_request_error", code: "payload_too_large" },
  UriTooLong: { status: 414, type: "invalid_request_error", code: "request_too_large" },
  HeadersTooLarge: { status: 431, type: "invalid_request_error", code: "request_too_large" },
  MalformedRequest: { status: 400, type: "invalid_request_error", code: "malformed_request" },
  UnsupportedMediaType: { status: 415, type: "invalid_request_error", code: "unsupported_media_type" },
  // Media uploads (docs/staff.md, "Media"): the bytes are not an image served, or larger than 10 MiB.
  MediaNotImage: { status: 415, type: "invalid_request_error", code: "from-error" },
  MediaTooLarge: { status: 413, type: "invalid_request_error", code: "media_too_large" },
  RateLimited: { status: 429, type: "rate_limit_error", code: "rate_limited" },
  ServiceUnavailable: { status: 503, type: "api_error", code: "service_unavailable" },
  // Payment providers: a refusal is the provider's answer (502), an outage a reason to retry (503).
  ProviderRejected: { status: 502, type: "api_error", code: "provider_error" },
  ProviderUnavailable: { status: 503, type: "api_error", code: "provider_unavailable" },
  CallbackRejected: { status: 400, type: "invalid_request_error", code: "callback_rejected" },
};

export const INTERNAL_ERROR: ErrorMapping = { status: 500, type: "api_error", code: "internal_error" };
