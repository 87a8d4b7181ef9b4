// Where a request's sign-in attempt comes from, for the throttles: its key, the caller's address
// (ctx.ip, from the proxy's header when STOREFRONT_TRUST_PROXY is set) and the shopper's address
// a secret-key caller named (middleware/client-address.ts).
import type { Context } from "koa";
import type { SignInSource } from "../../application/customers/sign-in-source.js";
import type { Principal } from "../../application/access/principal.js";
import type { StorefrontState } from "./state.js";

export const signInSourceOf = (ctx: Context & { state: StorefrontState }, principal: Principal): SignInSource => ({
  keyId: principal.keyId,
  callerAddress: ctx.ip,
  shopperAddress: ctx.state.shopperAddress,
});

/** The address a per-address limit counts: the shopper's when named, else the caller's. */
export const clientAddressOf = (ctx: Context & { state: StorefrontState }): string => ctx.state.shopperAddress ?? ctx.ip;
