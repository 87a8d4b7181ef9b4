// Gives every request an id, answered in the `Request-Id` header and in every error body.
import { randomBytes } from "node:crypto";
import type { Middleware } from "koa";
import type { StorefrontState } from "../state.js";

export const requestId = (): Middleware<StorefrontState> => async (ctx, next) => {
  const id = `req_${randomBytes(12).toString("hex")}`;
  ctx.state.requestId = id;
  ctx.set("Request-Id", id);
  await next();
};
