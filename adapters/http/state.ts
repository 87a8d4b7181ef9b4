// What the middleware chain learns about a request and leaves on `ctx.state` for the next step.
import type { Principal } from "../../application/access/principal.js";

export interface StorefrontState {
  requestId: string;
  principal?: Principal;
  /** The shopper's address a secret-key caller named (middleware/client-address.ts). */
  shopperAddress?: string;
  /** The path template of the route that matched (`/v1/products/{id}`), for the request log. */
  route?: string;
  /** The request body exactly as received (for signatures); undefined when there was none. */
  rawBody?: Buffer;
  parsedBody?: { readonly value: unknown };
}
