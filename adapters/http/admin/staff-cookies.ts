// The staff session's cookies (docs/staff.md, "Sessions"): `storefront_staff` holds the session
// token (HttpOnly: no script reads it), `storefront_csrf` the CSRF token a script of the back
// office reads and sends back in `X-CSRF-Token` on every write. Both SameSite=Strict, Path=/admin,
// and Secure except when the request came to localhost over plain HTTP.
import type { Context } from "koa";
import { SESSION_MAX_MS } from "../../../application/staff/staff-sessions.js";

export const SESSION_COOKIE = "storefront_staff";
export const CSRF_COOKIE = "storefront_csrf";
export const CSRF_HEADER = "X-CSRF-Token";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Whether the cookies are marked Secure: always, except for a plain-HTTP request to localhost. */
export const secureCookies = (ctx: Context): boolean => ctx.secure || !LOCAL_HOSTS.has(ctx.hostname);

const cookie = (name: string, value: string, maxAgeSeconds: number, httpOnly: boolean, secure: boolean): string =>
  [`${name}=${value}`, "Path=/admin", `Max-Age=${maxAgeSeconds}`, "SameSite=Strict", ...(httpOnly ? ["HttpOnly"] : []), ...(secure ? ["Secure"] : [])].join("; ");

export const sessionCookies = (ctx: Context, token: string, csrfToken: string): string[] => {
  const secure = secureCookies(ctx);
  const age = Math.floor(SESSION_MAX_MS / 1000);
  return [cookie(SESSION_COOKIE, token, age, true, secure), cookie(CSRF_COOKIE, csrfToken, age, false, secure)];
};

export const clearedCookies = (ctx: Context): string[] => {
  const secure = secureCookies(ctx);
  return [cookie(SESSION_COOKIE, "", 0, true, secure), cookie(CSRF_COOKIE, "", 0, false, secure)];
};

/** The value of a cookie in the request's Cookie header. */
export const cookieValue = (header: string | undefined, name: string): string | undefined => {
  if (header === undefined || header === "") return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
};
