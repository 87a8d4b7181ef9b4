// Routes handed out by the first segments of their paths. @koa/router tests every route's
// regular expression in turn, in the order they were registered, on every request: over the
// ~300 routes of the two APIs that was 4 % of a cart add's CPU (docs/decisions/checkout.md,
// "checkout-27"). Every route's path is literal up to its resource (`/v1/cart`, `/admin/v1/orders`,
// `/healthz`), so a request's first segments (its bucket) name the only routes that can match it:
// the routes are moved, in their order, into one router per bucket, and a request reaches only its
// bucket's router. A path of no bucket reaches none, which answers as a path no route matched.
import Router, { type RouterOptions } from "@koa/router";
import type { Middleware } from "koa";

/**
 * A path's bucket: its first two segments under `/v1/` (`/v1/cart/items` → `/v1/cart`), its
 * first three under `/admin/v1/`, else its first (`/media/...` → `/media`); the whole path when
 * it has no more segments.
 */
export const pathBucket = (path: string): string => {
  const segments = path.startsWith("/admin/v1/") ? 3 : path.startsWith("/v1/") ? 2 : 1;
  let at = 0;
  for (let i = 0; i < segments; i++) {
    at = path.indexOf("/", at + 1);
    if (at === -1) return path;
  }
  return path.slice(0, at);
};

/**
 * One middleware that dispatches each request to the router of its bucket, holding the routes
 * (and their order) that `routes` was given, with the same options. Fails at start-up on a route
 * whose bucket holds a parameter: such a route could match paths of other buckets.
 */
export const bucketedRoutes = <S>(routes: Router<S>, options: RouterOptions): Middleware<S> => {
  const routers = new Map<string, Router<S>>();
  for (const layer of routes.stack) {
    if (typeof layer.path !== "string" || layer.methods.length === 0) {
      throw new Error(`route buckets: only routes with a path and methods are handed out (${String(layer.path)})`);
    }
    const bucket = pathBucket(layer.path);
    if (/[:(*{]/.test(bucket)) throw new Error(`route buckets: ${layer.path} has a parameter within its bucket ${bucket}`);
    let router = routers.get(bucket);
    if (router === undefined) {
      router = new Router<S>(options);
      routers.set(bucket, router);
    }
    router.stack.push(layer);
  }
  const dispatch = new Map<string, Middleware<S>>();
  for (const [bucket, router] of routers) {
    const matched = router.routes() as Middleware<S>;
    const allowed = router.allowedMethods() as Middleware<S>;
    // As app.use(routes) then app.use(allowedMethods) did: the methods check runs after the route.
    dispatch.set(bucket, (ctx, next) => matched(ctx, () => allowed(ctx, next)));
  }
  const middleware: Middleware<S> = (ctx, next) => {
    const bucket = dispatch.get(pathBucket(ctx.path));
    return bucket === undefined ? next() : bucket(ctx, next);
  };
  // As @koa/router's own middleware, it carries the router of the whole route table (every route,
  // in order), where an inventory of what the app serves looks (test/security/api9-inventory.test.ts).
  return Object.assign(middleware, { router: routes });
};
