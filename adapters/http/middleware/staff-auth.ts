// Who calls the admin API (`/admin/v1`, docs/staff.md, "Sessions"): a staff member by their
// session cookie, or the store's secret key by its bearer header (an API key's principal, left by
// api-key-auth). A staff session's write must carry its CSRF token in `X-CSRF-Token`; a GET or
// HEAD need not. Admin answers are never cached by browsers or proxies. What the caller may do
// is checked per route (its `permission`, mount-route.ts).
import type { Middleware } from "koa";
import type { AuthenticateApiKey } from "../../../application/access/authenticate-api-key.js";
import type { Principal } from "../../../application/access/principal.js";
import { CsrfTokenInvalid, StaffSessionRequired } from "../../../application/errors/staff-errors.js";
import type { StaffSessions } from "../../../application/staff/staff-sessions.js";
import { CSRF_HEADER, SESSION_COOKIE, cookieValue } from "../admin/staff-cookies.js";
import type { StorefrontState } from "../state.js";

export const ADMIN_PREFIX = "/admin/v1/";

const bearer = (header: string): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];

export const staffAuth =
  (sessions: StaffSessions, authenticate: AuthenticateApiKey, isPublic: (method: string, path: string) => boolean): Middleware<StorefrontState> =>
  async (ctx, next) => {
    if (!ctx.path.startsWith(ADMIN_PREFIX)) return next();
    ctx.set("Cache-Control", "no-store");
    if (isPublic(ctx.method, ctx.path)) return next();
    const authorization = ctx.get("Authorization");
    if (authorization !== "") {
      ctx.state.principal = await authenticate.execute(bearer(authorization) ?? authorization);
      return next();
    }
    const token = cookieValue(ctx.get("Cookie"), SESSION_COOKIE);
    const live = token === undefined ? undefined : await sessions.resolve(token);
    if (live === undefined) {
      throw new StaffSessionRequired({
        message: token === undefined ? "Sign in first (POST /admin/v1/auth/sign-in), or send the secret key." : "The session has ended (signed out, expired, or the account was disabled): sign in again.",
      });
    }
    if (ctx.method !== "GET" && ctx.method !== "HEAD" && !sessions.csrfMatches(live.session, ctx.get(CSRF_HEADER) || undefined)) {
      throw new CsrfTokenInvalid({ message: `A write under a staff session must send the session's CSRF token (the storefront_csrf cookie, or csrf_token of the sign-in answer) in ${CSRF_HEADER}.` });
    }
    const principal: Principal = {
      storeId: live.member.storeId,
      keyId: live.session.id,
      keyType: "secret",
      mode: "live",
      staff: { memberId: live.member.id, email: live.member.email, role: live.member.role, sessionId: live.session.id },
    };
    ctx.state.principal = principal;
    return next();
  };
