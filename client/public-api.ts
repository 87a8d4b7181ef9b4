// The typed client entry (`storefront/client`): openapi-fetch over the types generated from the
// OpenAPI document (client/schema.ts), with the store's API key (and a customer's token) sent.
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { paths } from "./schema.js";

export type { components, operations, paths } from "./schema.js";

export interface StorefrontClientOptions {
  /** Where the API is served, without `/v1` (for example `https://shop.example.com`). */
  readonly baseUrl: string;
  /** A secret key (`svc_sk_...`, server side only) or a publishable key (`svc_pk_...`). */
  readonly apiKey: string;
  /** A customer's `access_token` from `POST /v1/auth/login`, sent as `x-auth-token` on every request. */
  readonly customerToken?: string;
  /** A guest cart's session (16-128 characters), sent as `X-Session-Id` on every request. */
  readonly sessionId?: string;
  /**
   * The shopper's IP address as your server saw it, sent as `Storefront-Customer-IP` on every
   * request (only with a secret key; ignored otherwise). The sign-in limits per address count it
   * instead of your server's address: make one client per shopper request, or pass the header per
   * call (`headers: { "Storefront-Customer-IP": ip }`).
   */
  readonly customerIp?: string;
  /** More headers for every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Anything else openapi-fetch accepts (a custom `fetch`, `middleware`, ...). */
  readonly fetchOptions?: Omit<ClientOptions, "baseUrl" | "headers">;
}

export type StorefrontClient = Client<paths, "application/json">;

/** An openapi-fetch client whose paths, parameters, bodies and answers are the Storefront API's. */
export const createStorefrontClient = (options: StorefrontClientOptions): StorefrontClient => {
  const headers: Record<string, string> = { ...options.headers, Authorization: `Bearer ${options.apiKey}` };
  if (options.customerToken !== undefined) headers["x-auth-token"] = options.customerToken;
  if (options.sessionId !== undefined) headers["X-Session-Id"] = options.sessionId;
  if (options.customerIp !== undefined) headers["Storefront-Customer-IP"] = options.customerIp;
  return createClient<paths, "application/json">({
    ...options.fetchOptions,
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers,
  });
};
