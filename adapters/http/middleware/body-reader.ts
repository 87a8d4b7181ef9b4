// Reads a request body as raw bytes (kept for signatures), JSON only, at most 1 MiB. Parsing
// the JSON waits until a route asks for it, so a signed route checks its signature on the raw
// bytes first.
import type { Context, Middleware } from "koa";
import getRawBody from "raw-body";
import { InvalidJson, UnsupportedMediaType } from "../http-errors.js";
import type { StorefrontState } from "../state.js";

export const BODY_LIMIT_BYTES = 1024 * 1024;

const hasBody = (ctx: Context): boolean => {
  const length = ctx.get("Content-Length");
  if (length !== "") return Number(length) > 0;
  return ctx.get("Transfer-Encoding") !== "";
};

export const bodyReader = (): Middleware<StorefrontState> => async (ctx, next) => {
  if (ctx.method === "GET" || ctx.method === "HEAD" || ctx.method === "OPTIONS" || !hasBody(ctx)) {
    return next();
  }
  if (ctx.request.is("application/json", "application/*+json") === false) {
    throw new UnsupportedMediaType({ message: "Request bodies must be JSON (Content-Type: application/json)." });
  }
  const length = ctx.get("Content-Length");
  ctx.state.rawBody = await getRawBody(ctx.req, {
    limit: BODY_LIMIT_BYTES,
    ...(length !== "" ? { length } : {}),
  });
  return next();
};

/** The request body parsed as JSON: `{}` when there was none, 400 invalid_json when it is not JSON. */
export const readJsonBody = (ctx: Context): unknown => {
  const state = ctx.state as StorefrontState;
  if (state.parsedBody !== undefined) return state.parsedBody.value;
  let value: unknown = {};
  if (state.rawBody !== undefined && state.rawBody.length > 0) {
    try {
      value = JSON.parse(state.rawBody.toString("utf8"));
    } catch {
      throw new InvalidJson({ message: "The request body is not valid JSON." });
    }
  }
  state.parsedBody = { value };
  return value;
};
