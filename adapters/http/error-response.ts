// The HTTP answer of an error (docs/api/errors.md, "The error body"): status, headers and JSON
// body, from the one error table. Used by the error middleware and by idempotency, which stores
// error answers.
import type { Logger } from "pino";
import { ERROR_TABLE, INTERNAL_ERROR, type ErrorMapping } from "./error-table.js";
import { MethodNotAllowed, PayloadTooLarge } from "./http-errors.js";

interface ErrorFields {
  readonly _tag?: unknown;
  readonly message?: unknown;
  readonly param?: unknown;
  readonly code?: unknown;
  readonly retryAfterSeconds?: unknown;
  readonly limit?: unknown;
  readonly remaining?: unknown;
  readonly type?: unknown;
  readonly status?: unknown;
}

export interface ErrorResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: { readonly error: Readonly<Record<string, string>> };
  /** True when the error was unexpected (a bug): it deserves a log line. */
  readonly unexpected: boolean;
}

const asFields = (error: unknown): ErrorFields => (typeof error === "object" && error !== null ? error : {});

/** Errors thrown by the body reader's libraries (raw-body) carry a `type` instead of a tag. */
const normalise = (error: unknown): unknown => {
  const fields = asFields(error);
  if (fields.type === "entity.too.large" || fields.status === 413) {
    return new PayloadTooLarge({ message: "The request body is larger than 1 MiB." });
  }
  return error;
};

export const toErrorResponse = (thrown: unknown, requestId: string): ErrorResponse => {
  const error = normalise(thrown);
  const fields = asFields(error);
  const tag = typeof fields._tag === "string" ? fields._tag : undefined;
  const mapping: ErrorMapping = (tag !== undefined ? ERROR_TABLE[tag] : undefined) ?? INTERNAL_ERROR;
  const unexpected = mapping === INTERNAL_ERROR;
  const code = mapping.code === "from-error" && typeof fields.code === "string" ? fields.code : mapping.code;
  const message =
    unexpected || typeof fields.message !== "string"
      ? "An unexpected error occurred. Quote the request_id when you report it."
      : fields.message;
  const headers: Record<string, string> = {};
  if (error instanceof MethodNotAllowed) headers.Allow = error.allow.join(", ");
  if (mapping.status === 503 || mapping.status === 429) {
    headers["Retry-After"] = String(typeof fields.retryAfterSeconds === "number" ? fields.retryAfterSeconds : 1);
  }
  if (mapping.status === 429) {
    headers["RateLimit-Reset"] = headers["Retry-After"] as string;
    if (typeof fields.limit === "number") headers["RateLimit-Limit"] = String(fields.limit);
    headers["RateLimit-Remaining"] = String(typeof fields.remaining === "number" ? fields.remaining : 0);
  }
  return {
    status: mapping.status,
    headers,
    unexpected,
    body: {
      error: {
        type: mapping.type,
        code,
        message,
        ...(typeof fields.param === "string" ? { param: fields.param } : {}),
        request_id: requestId,
      },
    },
  };
};

/** A statement's text at the start of a driver message (knex puts the SQL, values and all, before the driver's words). */
const STATEMENT_START = /^\s*(select|insert|update|delete|replace|with|call|set|show|begin|commit|rollback|start)\b/i;

/**
 * The driver error behind a 503 in one short line ("KnexTimeoutError: Knex: Timeout acquiring a
 * connection...", "Error: ECONNRESET: read ECONNRESET"). Never the statement: knex writes it with
 * its values into the message (a customer's email, a password hash), so only the driver's own
 * words after it are kept.
 */
const causeOf = (error: unknown): string | undefined => {
  const cause = asFields(error) as { cause?: unknown };
  if (cause.cause === undefined) return undefined;
  const inner = cause.cause as { name?: unknown; code?: unknown; message?: unknown };
  if (typeof inner !== "object" || inner === null) return typeof inner === "string" ? undefined : String(inner);
  let message = typeof inner.message === "string" ? inner.message : undefined;
  if (message !== undefined && STATEMENT_START.test(message)) {
    const after = message.lastIndexOf(" - ");
    message = after >= 0 ? message.slice(after + 3) : undefined;
  }
  return [inner.name, inner.code, message].filter((part) => typeof part === "string" && part !== "").join(": ").slice(0, 300);
};

/**
 * The log line an error answer deserves: an unexpected error (a bug) at `error` with its stack, and
 * a foreign key's refusal (ReferenceGone) at `error` as a defect, though its answer is a 409; a
 * 503 at `warn` with the driver error behind it (a pool wait that timed out, a refused connection,
 * a node not Synced), which the client's body does not name; nothing for the others.
 */
export const logErrorAnswer = (
  logger: Logger,
  error: unknown,
  response: ErrorResponse,
  where: { readonly requestId: string; readonly method: string; readonly path: string },
): void => {
  if (response.unexpected) logger.error({ err: error, ...where }, "unexpected error");
  // A foreign key refused a write no use case checked first: answered 409, but a defect to fix.
  else if (asFields(error)._tag === "ReferenceGone") logger.error({ ...where, defect: true, cause: causeOf(error) }, "a write referred to a record that is gone");
  else if (response.status === 503) logger.warn({ ...where, cause: causeOf(error) ?? response.body.error.message }, "service unavailable");
};
