// The Koa application the server and the tests share. Middleware in this order: request id,
// security headers, CORS (preflights end here), error mapping, body reading, API key
// authentication, the global rate limits, then the routes. Cached catalog answers may be written
// before all of it by the fast path (fast-answers.ts), and catalog reads the cache does not hold
// answered by the route's own code without the chain (direct-reads.ts).
import { createHash, timingSafeEqual } from "node:crypto";
import { IncomingMessage, type ServerResponse } from "node:http";
import Router from "@koa/router";
import Koa from "koa";
import type { Logger } from "pino";
import type { AuthenticateApiKey } from "../../application/access/authenticate-api-key.js";
import type { AnswerCache } from "./answer-cache.js";
import { backOfficePage } from "./back-office-page.js";
import { DOCS_PUBLIC_PATHS, mountDocsPage } from "./docs-page.js";
import { HEALTH_PATHS, mountHealthProbes, type ReadinessChecks } from "./health-probes.js";
import { apiKeyAuth } from "./middleware/api-key-auth.js";
import { ADMIN_PREFIX, staffAuth } from "./middleware/staff-auth.js";
import type { StaffSessions } from "../../application/staff/staff-sessions.js";
import { clientAddress } from "./middleware/client-address.js";
import { bodyReader } from "./middleware/body-reader.js";
import { isMediaPath, mountMediaServing, type MediaFiles } from "./media-serving.js";
import { corsPolicy, type CorsOrigins } from "./middleware/cors-policy.js";
import { DirectReads } from "./direct-reads.js";
import { fastAnswers, type FastAnswer } from "./fast-answers.js";
import { errorHandler } from "./middleware/error-handler.js";
import { rateLimits, type GlobalRateLimits } from "./middleware/rate-limits.js";
import { requestId } from "./middleware/request-id.js";
import { requestLogging, type RequestLog } from "./request-log.js";
import { urlLimit } from "./request-size.js";
import { securityHeaders } from "./middleware/security-headers.js";
import { bucketedRoutes } from "./route-buckets.js";
import { mountRoute, pathPattern, type DirectRoute, type RouteGuards } from "./mount-route.js";
import { buildOpenApiDocument, type OpenApiInfo } from "./openapi-document.js";
import type { AnyRoute } from "./route-definition.js";
import type { StorefrontState } from "./state.js";

export interface HttpAppOptions {
  readonly routes: readonly AnyRoute[];
  /** The admin API's routes (`/admin/v1`): staff sessions or the secret key, each with its permission (docs/staff.md). */
  readonly adminRoutes?: readonly AnyRoute[];
  /** The admin API document's title and description. */
  readonly adminInfo?: OpenApiInfo;
  /** Resolves staff session cookies; the admin API is served only with it. */
  readonly staffSessions?: StaffSessions;
  readonly authenticate: AuthenticateApiKey;
  /** Signature checking and idempotency for the routes that ask for them. */
  readonly guards: RouteGuards;
  readonly logger: Logger;
  readonly info: OpenApiInfo;
  /** Trust X-Forwarded-For from a proxy in front (for client addresses in rate limits). */
  readonly trustProxy?: boolean;
  /** The global limits per API key and per client address on /v1/auth/*; none when absent. */
  readonly rateLimits?: GlobalRateLimits;
  /** Origins browsers may call from (default "*": keys are bearer headers, never cookies). */
  readonly corsOrigins?: CorsOrigins;
  /** Serialized answers of the cacheable catalog reads, and the fast path in front of Koa for them. */
  readonly answerCache?: AnswerCache;
  /**
   * Whether plain GETs of cacheable reads the answer cache does not hold are answered without
   * Koa's chain (direct-reads.ts); default true. Off, they go through Koa (the tests' reference).
   */
  readonly directReads?: boolean;
  /** What `GET /readyz` checks; without it only `GET /healthz` is served. */
  readonly readiness?: ReadinessChecks;
  /** One line per request (request-log.ts), and any other observer of answered requests (metrics); none when absent. */
  readonly requestLog?: RequestLog | undefined;
  /** `GET /metrics` in the Prometheus text format, behind its own bearer token; not served when absent. */
  readonly metrics?: MetricsEndpoint | undefined;
  /** Media files served at GET /media/{store_id}/{id}/{variant}, public (media-serving.ts); not served when absent. */
  readonly media?: MediaFiles | undefined;
  /** The built back office (its index.html and assets/), served at /admin (back-office-page.ts); not served when absent. */
  readonly backOfficeDirectory?: string | undefined;
}

export interface MetricsEndpoint {
  /** The bearer token a scraper sends (not an API key). */
  readonly token: string;
  readonly contentType: string;
  text(): Promise<string>;
}

/** Koa whose request handler first offers each request to the fast path of cached answers. */
class StorefrontKoa extends Koa<StorefrontState> {
  fastAnswer: FastAnswer | undefined;

  override callback(): ReturnType<Koa<StorefrontState>["callback"]> {
    const koa = super.callback();
    const fast = this.fastAnswer;
    if (fast === undefined) return koa;
    return (request, response) => {
      // HTTP/2 requests (never made by composition/server.ts) always go to Koa.
      if (!(request instanceof IncomingMessage)) return koa(request, response);
      let answered: boolean | Promise<boolean>;
      try {
        answered = fast(request, response as ServerResponse);
      } catch {
        answered = false;
      }
      if (answered === true) return Promise.resolve();
      if (answered === false) return koa(request, response);
      return answered.then(
        (done) => (done ? undefined : koa(request, response)),
        () => koa(request, response),
      );
    };
  }
}

const ADMIN_OPENAPI_PATH = "/admin/v1/openapi.json";


const PUBLIC_PATHS = new Set(["/v1/openapi.json", ...DOCS_PUBLIC_PATHS, ...HEALTH_PATHS]);

/** Whether an Authorization header carries `token` as its bearer, compared in constant time. */
const bearsToken = (authorization: string, token: string): boolean => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (match === null) return false;
  const given = createHash("sha256").update(match[1]!).digest();
  return timingSafeEqual(given, createHash("sha256").update(token).digest());
};

export const createHttpApp = (options: HttpAppOptions): Koa<StorefrontState> => {
  const app = new StorefrontKoa({ proxy: options.trustProxy ?? false });
  // What reaches Koa outside the error handler is a connection failing under a request (a client
  // gone, or cut off by a time limit): logged, instead of Koa printing a stack to stderr for each.
  app.on("error", (error: unknown) => options.logger.debug({ err: error }, "request connection error"));
  // One rule for every path: exact case and no trailing slash. Path-keyed rules (the per-address auth limit,
  // public routes, idempotency fingerprints) then see the same path the router matched.
  const routerOptions = { sensitive: true, strict: true };
  const router = new Router<StorefrontState>(routerOptions);

  const openApi = JSON.stringify(buildOpenApiDocument(options.routes, options.info));
  router.get("/v1/openapi.json", (ctx) => {
    ctx.type = "application/json";
    ctx.body = openApi;
  });
  const adminRoutes = options.staffSessions === undefined ? [] : (options.adminRoutes ?? []);
  if (adminRoutes.length > 0) {
    const adminOpenApi = JSON.stringify(buildOpenApiDocument(adminRoutes, options.adminInfo ?? options.info, "admin"));
    router.get(ADMIN_OPENAPI_PATH, (ctx) => {
      ctx.type = "application/json";
      ctx.body = adminOpenApi;
    });
  }
  mountDocsPage(router);
  // The server emits `draining` when its graceful close begins (composition/server.ts).
  let draining = false;
  app.once("draining", () => {
    draining = true;
  });
  mountHealthProbes(router, options.readiness, () => draining);
  if (options.media !== undefined) mountMediaServing(router, options.media);
  // `/metrics` is always routed (it is documented), but only a configured token opens it: without
  // one it is not public, so it asks for an API key as any unknown path does, and then says 404.
  const metrics = options.metrics;
  router.get("/metrics", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    if (metrics === undefined) {
      ctx.status = 404;
      ctx.body = { error: { type: "not_found_error", code: "route_not_found", message: "Metrics are not served: set STOREFRONT_METRICS_TOKEN.", request_id: ctx.state.requestId } };
      return;
    }
    if (!bearsToken(ctx.get("Authorization"), metrics.token)) {
      ctx.status = 401;
      ctx.set("WWW-Authenticate", 'Bearer realm="metrics"');
      ctx.body = { error: { type: "authentication_error", code: "invalid_metrics_token", message: "Send the metrics token (STOREFRONT_METRICS_TOKEN) as 'Authorization: Bearer <token>'.", request_id: ctx.state.requestId } };
      return;
    }
    ctx.type = metrics.contentType;
    ctx.body = await metrics.text();
  });
  const fixedPaths = new Set([...PUBLIC_PATHS, "/metrics"]);
  const directs = new Map<AnyRoute, DirectRoute>();
  for (const route of options.routes) {
    const direct = mountRoute(router, route, options.guards, options.answerCache);
    if (direct !== undefined) directs.set(route, direct);
  }
  for (const route of adminRoutes) mountRoute(router, route, options.guards);
  const allRoutes = [...options.routes, ...adminRoutes];
  // Routes with `access: "public"` (payment provider notifications) take no API key.
  const publicRoutes = allRoutes.filter((r) => r.access === "public").map((r) => ({ method: r.method, pattern: pathPattern(r.path) }));
  const isPublic = (method: string, path: string): boolean =>
    PUBLIC_PATHS.has(path) ||
    path === ADMIN_OPENAPI_PATH ||
    (metrics !== undefined && path === "/metrics") ||
    (options.media !== undefined && isMediaPath(method, path)) ||
    publicRoutes.some((r) => r.method === method && r.pattern.test(path));
  // Routes that take bytes instead of JSON name their own content types and limit (the media upload).
  const rawBodyRoutes = allRoutes.flatMap((r) => (r.rawBody !== undefined ? [{ method: r.method, pattern: pathPattern(r.path), policy: r.rawBody }] : []));

  app.use(requestId());
  if (options.requestLog !== undefined) app.use(requestLogging(options.requestLog, fixedPaths));
  app.use(securityHeaders());
  app.use(corsPolicy(options.corsOrigins ?? "*"));
  app.use(errorHandler(options.logger));
  app.use(urlLimit());
  // The back office's pages and assets are public files: they answer before any key or session is asked for.
  if (options.backOfficeDirectory !== undefined) app.use(backOfficePage(options.backOfficeDirectory));
  app.use(bodyReader((method, path) => rawBodyRoutes.find((r) => r.method === method && r.pattern.test(path))?.policy));
  // The admin API authenticates its own callers (a staff session, or the secret key).
  app.use(apiKeyAuth(options.authenticate, (method, path) => path.startsWith(ADMIN_PREFIX) || isPublic(method, path)));
  if (options.staffSessions !== undefined) app.use(staffAuth(options.staffSessions, options.authenticate, isPublic));
  app.use(clientAddress(options.logger));
  if (options.rateLimits !== undefined) app.use(rateLimits(options.rateLimits));
  // Each request tests only the routes of its path's first segments (route-buckets.ts).
  app.use(bucketedRoutes(router, routerOptions));
  const reads =
    options.directReads === false || directs.size === 0
      ? undefined
      : new DirectReads({ routes: options.routes, directs, reservedPaths: fixedPaths, corsOrigins: options.corsOrigins ?? "*", logger: options.logger });
  if (options.answerCache !== undefined || reads !== undefined) {
    app.fastAnswer = fastAnswers({
      answers: options.answerCache,
      reads,
      authenticate: options.authenticate,
      ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
      trustProxy: options.trustProxy ?? false,
      log: options.requestLog,
    });
  }
  return app;
};
