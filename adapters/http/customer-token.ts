// The customer's access token on a request: the `x-auth-token` header (docs/api/keys-and-auth.md,
// "Customer tokens"), documented once for every customer operation.
import type { Context } from "koa";
import type { HeaderDoc } from "./route-definition.js";

export const CUSTOMER_TOKEN_HEADER = "x-auth-token";

export const customerTokenHeader: HeaderDoc = {
  name: CUSTOMER_TOKEN_HEADER,
  required: true,
  description: "The customer's access_token from sign-in, registration or refresh; the customer must own the record.",
};

/** The token, or undefined when the header is absent or blank. */
export const customerToken = (ctx: Context): string | undefined => {
  const value = ctx.get(CUSTOMER_TOKEN_HEADER).trim();
  return value === "" ? undefined : value;
};
