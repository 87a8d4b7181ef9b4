// The Koa application the server and the tests share. Middleware in this order: request id,
// error mapping, body reading, API key authentication, then the routes.
import Router from "@koa/router";
import Koa from "koa";
import type { Logger } from "pino";
import type { AuthenticateApiKey } from "../../application/access/authenticate-api-key.js";
import { apiKeyAuth } from "./middleware/api-key-auth.js";
import { bodyReader } from "./middleware/body-reader.js";
import { errorHandler } from "./middleware/error-handler.js";
import { requestId } from "./middleware/request-id.js";
import { mountRoute, type RouteGuards } from "./mount-route.js";
import { buildOpenApiDocument, type OpenApiInfo } from "./openapi-document.js";
import type { AnyRoute } from "./route-definition.js";
import type { StorefrontState } from "./state.js";

export interface HttpAppOptions {
  readonly routes: readonly AnyRoute[];
  readonly authenticate: AuthenticateApiKey;
  /** Signature checking and idempotency for the routes that ask for them. */
  readonly guards: RouteGuards;
  readonly logger: Logger;
  readonly info: OpenApiInfo;
  /** Trust X-Forwarded-For from a proxy in front (for client addresses in rate limits). */
  readonly trustProxy?: boolean;
}

const PUBLIC_PATHS = new Set(["/v1/openapi.json"]);

export const createHttpApp = (options: HttpAppOptions): Koa<StorefrontState> => {
  const app = new Koa<StorefrontState>({ proxy: options.trustProxy ?? false });
  const router = new Router<StorefrontState>();

  const openApi = JSON.stringify(buildOpenApiDocument(options.routes, options.info));
  router.get("/v1/openapi.json", (ctx) => {
    ctx.type = "application/json";
    ctx.body = openApi;
  });
  for (const route of options.routes) mountRoute(router, route, options.guards);

  app.use(requestId());
  app.use(errorHandler(options.logger));
  app.use(bodyReader());
  app.use(apiKeyAuth(options.authenticate, (_method, path) => PUBLIC_PATHS.has(path)));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
