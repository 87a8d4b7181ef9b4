// Turns every error into the JSON error body (docs/api/errors.md, "The error body") through the
// error table. Nothing else writes error bodies; unexpected errors are logged and never leak a
// stack, and a 503's driver error is logged at warn.
import type { Middleware } from "koa";
import type { Logger } from "pino";
import { logErrorAnswer, toErrorResponse } from "../error-response.js";
import { MethodNotAllowed, RouteNotFound } from "../http-errors.js";
import type { StorefrontState } from "../state.js";

export const errorHandler =
  (logger: Logger): Middleware<StorefrontState> =>
  async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 405 || ctx.status === 501) {
        const allow = (ctx.response.get("Allow") || "").split(/,\s*/).filter((m) => m !== "");
        throw new MethodNotAllowed({ message: `${ctx.method} is not allowed on ${ctx.path}.`, allow });
      }
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new RouteNotFound({ message: `No route ${ctx.method} ${ctx.path}.` });
      }
    } catch (error) {
      const response = toErrorResponse(error, ctx.state.requestId);
      logErrorAnswer(logger, error, response, { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path });
      ctx.status = response.status;
      ctx.remove("Content-Encoding");
      ctx.set({ ...response.headers });
      ctx.body = response.body;
    }
  };
