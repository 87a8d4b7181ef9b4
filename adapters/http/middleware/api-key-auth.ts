// Authenticates the bearer API key of every request that needs one and leaves the store and
// mode it grants on ctx.state.principal. What the key may do is checked per route.
import type { Middleware } from "koa";
import type { AuthenticateApiKey } from "../../../application/access/authenticate-api-key.js";
import { takeAuthentication } from "../authentication-outcomes.js";
import type { StorefrontState } from "../state.js";

const bearer = (header: string): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
};

export const apiKeyAuth =
  (authenticate: AuthenticateApiKey, isPublic: (method: string, path: string) => boolean): Middleware<StorefrontState> =>
  async (ctx, next) => {
    if (isPublic(ctx.method, ctx.path)) return next();
    // The fast path may have looked this request's key up already (same header, same reading).
    const earlier = takeAuthentication(ctx.req);
    const header = ctx.get("Authorization");
    ctx.state.principal = await (earlier ?? authenticate.execute(header === "" ? undefined : (bearer(header) ?? header)));
    return next();
  };
