// One HTTP operation described once: method, path, who may call it, the Schemas of its path,
// query, body and answer, and its `fields` allowance. The router mounts it and the OpenAPI
// document is built from the same description.
import type { Schema } from "effect";
import type { Context } from "koa";
import type { Principal } from "../../application/access/principal.js";
import type { Access } from "../../domain/access/api-key.js";
import type { Permission } from "../../domain/staff/permissions.js";
import type { AnswerCachePolicy } from "./answer-cache.js";
import type { AllowedFields } from "./fields-projection.js";
import type { StorefrontState } from "./state.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HeaderDoc {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
}

/**
 * One request and its answer, shown in the document (OpenAPI `example`s on the parameters, the
 * body and the success answer) and sent by test/adapters/http/openapi-examples.test.ts to a
 * freshly seeded demo store, which proves it true. Ids are the fixed ones of
 * adapters/http/examples/example-ids.ts, which the test maps to demo records (docs/decisions/api.md, api-17).
 */
export interface RouteExample {
  /** Path parameters, as they appear in the path. */
  readonly params?: Readonly<Record<string, string>>;
  /** Query parameters, as they appear in the query string. */
  readonly query?: Readonly<Record<string, string>>;
  /** Request headers beyond `Authorization` (for a signed route, X-Timestamp and X-Signature are illustrative). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Which key the example is sent with; by default the least one the route takes (publishable where allowed). */
  readonly key?: "secret" | "publishable";
  /** The answer: the success status and, unless it has none, its body. */
  readonly response: { readonly status: number; readonly body?: unknown };
}

/** Koa's context of the request, with what the middleware chain left on `state`. */
export type RouteContext = Context & { state: StorefrontState };

/**
 * The `ctx` a handler gets when the direct path (direct-reads.ts) answers without Koa: any use of
 * it throws, so a cacheable read that starts reading the request through Koa fails its tests
 * (test/adapters/http/cached-uncached-answers.test.ts) instead of answering something else without notice.
 */
export const NO_KOA_CONTEXT: RouteContext = new Proxy({} as RouteContext, {
  get(_target, name) {
    throw new Error(`a cacheable read is answered without Koa (direct-reads.ts); its handler read ctx.${String(name)}`);
  },
});

export interface RouteInput<P, Q, B, Caller = Principal> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** The caller's key; undefined on a `public` route, which takes no key. */
  readonly principal: Caller;
  /** Koa's context; NO_KOA_CONTEXT on the direct path, so a cacheable read (`answerCache`) must not use it. */
  readonly ctx: RouteContext;
}

/** A handler answers its body, or a full reply when it sets the status or headers itself. */
export class RouteReply<R> {
  constructor(
    readonly status: number,
    readonly body: R,
    readonly headers?: Readonly<Record<string, string>>,
  ) {}
}

export interface FieldsAllowance {
  readonly allowed: AllowedFields;
  /** Where the projection applies: the whole answer (default), each element of a list, or one key. */
  readonly target?: { readonly list: string } | { readonly key: string };
}

/** What a handler knows of its caller: a principal, except on a `public` route. */
export type CallerOf<A extends Access> = A extends "public" ? undefined : Principal;

/**
 * A body that is not JSON, read whole as bytes into `ctx.state.rawBody` for the handler (the
 * media upload: images, docs/staff.md "Media"), with its own content types and size limit; every
 * other route keeps JSON and 1 MiB (middleware/body-reader.ts).
 */
export interface RawBodyPolicy {
  /** The content types taken, as Koa's `request.is` reads them (`image/*`, `multipart/form-data`). */
  readonly contentTypes: readonly string[];
  /** The largest body read, in bytes; a larger one is refused before it is read whole. */
  readonly maxBytes: number;
  /** The error a larger body gets (default 413 `payload_too_large`). */
  readonly tooLarge?: () => unknown;
  /** What the body is, for the document. */
  readonly description: string;
}

export interface RouteDefinition<P, Q, B, R, A extends Access = Access> {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path, e.g. `/v1/products/{id}`. */
  readonly path: string;
  readonly summary: string;
  /** What it does, who may call it (key type, customer token), the money unit it answers in, notable errors. */
  readonly description: string;
  readonly example: RouteExample;
  readonly tag: string;
  readonly access: A;
  /**
   * On the admin API (`/admin/v1`, docs/staff.md) the one permission the operation needs: a staff
   * member whose role lacks it gets 403 `permission_denied`; the secret key holds every permission.
   * Every admin route names one, and no /v1 route does.
   */
  readonly permission?: Permission;
  readonly params?: Schema.Schema<P, any, never>;
  /**
   * A malformed path value is a 404 unless the parameter has a published pattern
   * (docs/api/errors.md, "Malformed ids and slugs").
   */
  readonly invalidPath?: "not-found" | "bad-request";
  readonly query?: Schema.Schema<Q, any, never>;
  readonly body?: Schema.Schema<B, any, never>;
  /** A body of bytes instead of JSON (then `body` is absent; the handler reads `ctx.state.rawBody`). */
  readonly rawBody?: RawBodyPolicy;
  readonly headers?: readonly HeaderDoc[];
  readonly fields?: FieldsAllowance;
  readonly success: {
    readonly status: number;
    readonly description: string;
    readonly schema?: Schema.Schema<R, any, never>;
    /** The answer's media type when it is not JSON (a packing slip's `text/html; charset=utf-8`); the handler sets Content-Type. */
    readonly mediaType?: string;
    /** Other media types the same answer comes in (an invoice's `application/pdf`), chosen by the request; documented as bytes. */
    readonly alternativeMediaTypes?: readonly string[];
  };
  /**
   * A signed operation (docs/api/keys-and-auth.md, "Signed requests"): X-Timestamp and X-Signature
   * checked on the raw body.
   */
  readonly signed?: boolean;
  /**
   * Whether an `Idempotency-Key` header must or may come (docs/api/idempotency.md, "Which
   * operations").
   */
  readonly idempotency?: "required" | "optional";
  /**
   * The handler calls the outside world (a payment provider) and commits its own short units of
   * work around that call, so idempotency does not wrap it in one transaction; the handler must
   * then be safe to run again under the same key (it finds its earlier work by the key).
   */
  readonly ownUnitsOfWork?: boolean;
  /**
   * Runs after the key and signature checks and before idempotency and any transaction: for
   * checks that spend a shared budget (the rate limiter takes its own connection, which inside a
   * request's transaction could starve the pool). Its errors answer the request and are not kept
   * as the idempotent answer.
   */
  beforeExecution?(input: { readonly principal: Principal; readonly ctx: Context & { state: StorefrontState } }): Promise<void>;
  /** Error statuses worth listing in the document beyond the ones every route has. */
  readonly errors?: readonly number[];
  /**
   * A GET whose answer is the same for every key of the store with the same type and mode until
   * the store's catalog changes: its JSON is kept in the answer cache (answer-cache.ts).
   */
  readonly answerCache?: AnswerCachePolicy<R, Q>;
  // A method, so that a route of any access fits AnyRoute (parameters compare bivariantly).
  handle(input: RouteInput<P, Q, B, CallerOf<A>>): Promise<R | RouteReply<R>>;
}

export type AnyRoute = RouteDefinition<any, any, any, any, any>;

export const defineRoute = <P = Record<string, never>, Q = Record<string, never>, B = undefined, R = unknown, A extends Access = Access>(
  definition: RouteDefinition<P, Q, B, R, A>,
  // NoInfer: a list typed AnyRoute[] around the call must not infer `access` (and so the caller) as any.
): NoInfer<RouteDefinition<P, Q, B, R, A>> => definition;

export const reply = <R>(status: number, body: R, headers?: Readonly<Record<string, string>>): RouteReply<R> =>
  new RouteReply(status, body, headers);
