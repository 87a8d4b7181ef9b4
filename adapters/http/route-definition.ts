// One HTTP operation described once: method, path, who may call it, the Schemas of its path,
// query, body and answer, and its `fields` allowance. The router mounts it and the OpenAPI
// document is built from the same description.
import type { Schema } from "effect";
import type { Context } from "koa";
import type { Principal } from "../../application/access/principal.js";
import type { Access } from "../../domain/access/api-key.js";
import type { AllowedFields } from "./fields-projection.js";
import type { StorefrontState } from "./state.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HeaderDoc {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
}

export interface RouteInput<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly principal: Principal;
  readonly ctx: Context & { state: StorefrontState };
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

export interface RouteDefinition<P, Q, B, R> {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path, e.g. `/v1/products/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly access: Access;
  readonly params?: Schema.Schema<P, any, never>;
  /** A malformed path value is a 404 (CONTRACT section 2) unless the spec gives a pattern. */
  readonly invalidPath?: "not-found" | "bad-request";
  readonly query?: Schema.Schema<Q, any, never>;
  readonly body?: Schema.Schema<B, any, never>;
  readonly headers?: readonly HeaderDoc[];
  readonly fields?: FieldsAllowance;
  readonly success: {
    readonly status: number;
    readonly description: string;
    readonly schema?: Schema.Schema<R, any, never>;
  };
  /** A signed operation (spec part 5 item 6): X-Timestamp and X-Signature checked on the raw body. */
  readonly signed?: boolean;
  /** Whether an `Idempotency-Key` header must or may come (CONTRACT section 6). */
  readonly idempotency?: "required" | "optional";
  /** Error statuses worth listing in the document beyond the ones every route has. */
  readonly errors?: readonly number[];
  readonly handle: (input: RouteInput<P, Q, B>) => Promise<R | RouteReply<R>>;
}

export type AnyRoute = RouteDefinition<any, any, any, any>;

export const defineRoute = <P = Record<string, never>, Q = Record<string, never>, B = undefined, R = unknown>(
  definition: RouteDefinition<P, Q, B, R>,
): RouteDefinition<P, Q, B, R> => definition;

export const reply = <R>(status: number, body: R, headers?: Readonly<Record<string, string>>): RouteReply<R> =>
  new RouteReply(status, body, headers);
