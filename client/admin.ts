// The typed admin client (`storefront/admin-client`): openapi-fetch over the types generated from
// the admin API's OpenAPI document (client/admin-schema.ts). In the back office (a browser on the
// same origin) it sends the staff session's cookie by itself and adds the CSRF token to every
// write, read from the `storefront_csrf` cookie; on a server it sends the secret key, or a session
// cookie and CSRF token it was given (docs/staff.md, "Sessions").
import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";
import type { paths } from "./admin-schema.js";

export type { components, operations, paths } from "./admin-schema.js";

export interface AdminClientOptions {
  /** Where the API is served, without `/admin/v1` (in the back office: `window.location.origin`). */
  readonly baseUrl: string;
  /** The store's secret key, for a server; leave it out in the back office. */
  readonly apiKey?: string;
  /** Outside a browser: the `storefront_staff=...` cookie of a sign-in. */
  readonly sessionCookie?: string;
  /**
   * The session's CSRF token (`csrf_token` of the sign-in), or a function answering it; by
   * default, in a browser, the `storefront_csrf` cookie.
   */
  readonly csrfToken?: string | (() => string | undefined);
  readonly headers?: Readonly<Record<string, string>>;
  /** Anything else openapi-fetch accepts (a custom `fetch`, more `middleware`, ...). */
  readonly fetchOptions?: Omit<ClientOptions, "baseUrl" | "headers">;
}

export type AdminClient = Client<paths, "application/json">;

/** The `storefront_csrf` cookie of the page, when there is a page. */
export const csrfFromCookie = (): string | undefined => {
  const cookie = (globalThis as { document?: { cookie?: string } }).document?.cookie;
  return cookie
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("storefront_csrf="))
    ?.slice("storefront_csrf=".length);
};

export const createAdminClient = (options: AdminClientOptions): AdminClient => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) headers.Authorization = `Bearer ${options.apiKey}`;
  if (options.sessionCookie !== undefined) headers.Cookie = options.sessionCookie;
  const csrf = typeof options.csrfToken === "function" ? options.csrfToken : options.csrfToken !== undefined ? () => options.csrfToken as string : csrfFromCookie;
  const client = createClient<paths, "application/json">({ credentials: "same-origin", ...options.fetchOptions, baseUrl: options.baseUrl.replace(/\/+$/, ""), headers });
  const addCsrf: Middleware = {
    onRequest({ request }) {
      if (options.apiKey !== undefined || request.method === "GET" || request.method === "HEAD") return undefined;
      const token = csrf();
      if (token !== undefined) request.headers.set("X-CSRF-Token", token);
      return request;
    },
  };
  client.use(addCsrf);
  return client;
};
