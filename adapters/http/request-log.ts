// One JSON line per request for operators: request id (the same as the Request-Id header), method,
// route template, status, duration, store and the first characters of the key's id; never a key,
// a token, a code or a body. Lines go out at `info` (5xx at `warn`), so STOREFRONT_LOG_LEVEL turns
// them off, and STOREFRONT_REQUEST_LOG_PERCENT keeps only a share of the successful ones on a busy
// server (every 4xx and 5xx is kept). Requests the fast path answers from the cache are logged too.
import type { Middleware } from "koa";
import type { Logger } from "pino";
import type { Principal } from "../../application/access/principal.js";
import type { StorefrontState } from "./state.js";

export interface RequestLine {
  readonly requestId: string;
  readonly method: string;
  /** The route's path template (`/v1/products/{id}`), or null when no route matched. */
  readonly route: string | null;
  readonly status: number;
  readonly startedAt: number;
  readonly principal: Principal | undefined;
}

export type RequestLog = (line: RequestLine) => void;

/** Writes request lines to `logger`, keeping `percent` % of the successful ones (all 4xx and 5xx). */
export const requestLog = (logger: Logger, percent: number): RequestLog | undefined => {
  if (percent <= 0 || !logger.isLevelEnabled("info")) return undefined;
  const share = percent / 100;
  return (line) => {
    if (line.status < 400 && share < 1 && Math.random() >= share) return;
    const fields = {
      requestId: line.requestId,
      method: line.method,
      route: line.route,
      status: line.status,
      ms: Math.round((performance.now() - line.startedAt) * 100) / 100,
      store: line.principal?.storeId ?? null,
      key: line.principal === undefined ? null : line.principal.keyId.slice(0, 8),
    };
    if (line.status >= 500) logger.warn(fields, "request");
    else logger.info(fields, "request");
  };
};

/** The Koa side: logs each request after the whole chain (errors mapped to their status) has run. */
export const requestLogging =
  (log: RequestLog, fixedPaths: ReadonlySet<string> = new Set()): Middleware<StorefrontState> =>
  async (ctx, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      // Paths outside the route table (probes, /metrics, the document) are their own route.
      const route = ctx.state.route ?? (fixedPaths.has(ctx.path) ? ctx.path : null);
      log({ requestId: ctx.state.requestId, method: ctx.method, route, status: ctx.status, startedAt, principal: ctx.state.principal });
    }
  };
