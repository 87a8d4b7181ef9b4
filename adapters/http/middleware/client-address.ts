// The shopper's address (docs/decisions/security.md, "security-24" and
// "security-26"). A shop's server calls the API with its secret key on behalf of every shopper, so the
// address a request comes from is the shop's; the server names the shopper's own address in the
// `Storefront-Customer-IP` header, and the per-address limits (sign-in, code requests, gift card
// checks, the /v1/auth/* request budget) count that address. Only a secret key may name it: with
// a publishable key (a browser, an app: anyone) the header is ignored and the request logged, so
// a forged header changes nothing. A secret-key caller that names something other than an IP
// address gets a 400.
import ipaddr from "ipaddr.js";
import type { Middleware } from "koa";
import type { Logger } from "pino";
import { ParameterInvalid } from "../../../application/errors/request-errors.js";
import type { StorefrontState } from "../state.js";

export const CUSTOMER_IP_HEADER = "Storefront-Customer-IP";

export const clientAddress =
  (logger: Logger): Middleware<StorefrontState> =>
  async (ctx, next) => {
    const named = ctx.get(CUSTOMER_IP_HEADER).trim();
    if (named !== "") {
      const principal = ctx.state.principal;
      if (principal?.keyType !== "secret") {
        logger.warn(
          { requestId: ctx.state.requestId, callerAddress: ctx.ip, keyId: principal?.keyId, path: ctx.path },
          `${CUSTOMER_IP_HEADER} ignored: only a secret key may name the shopper's address`,
        );
      } else if (!ipaddr.isValid(named)) {
        throw new ParameterInvalid({ param: CUSTOMER_IP_HEADER, message: `${CUSTOMER_IP_HEADER} must be an IPv4 or IPv6 address` });
      } else {
        // An IPv4 address written as IPv6 (::ffff:203.0.113.7) counts as the IPv4 one.
        ctx.state.shopperAddress = ipaddr.process(named).toString();
      }
    }
    return next();
  };
