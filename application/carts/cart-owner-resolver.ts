// Decides whose cart a request addresses (docs/api/carts-and-wishlists.md, "Whose cart"): a
// customer wins over `X-Session-Id`, named by `customer_id` (which needs that customer's own token)
// or by the customer's token alone; with none of the three the request is a 400 session_required.
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { SessionRequired } from "../errors/request-errors.js";
import type { CartOwner } from "../ports/cart-repository.js";

export interface CartAddress {
  readonly customerId?: string | undefined;
  readonly sessionId?: string | undefined;
  readonly customerToken?: string | undefined;
}

export interface ResolvedOwner {
  readonly owner: CartOwner;
  readonly customerId: string | null;
  readonly sessionId: string | null;
}

@injectable()
export class CartOwnerResolver {
  constructor(@inject(AuthenticateCustomer) private readonly customers: AuthenticateCustomer) {}

  async resolve(principal: Principal, address: CartAddress): Promise<ResolvedOwner> {
    if (address.customerId !== undefined) {
      const customer = await this.customers.execute(principal, address.customerToken);
      requireOwner(customer, address.customerId, "cart");
      return { owner: { customerId: address.customerId }, customerId: address.customerId, sessionId: null };
    }
    // The token names its customer as customer_id does, so it wins over a session id as
    // customer_id does: a signed-in shopper whose app still sends the guest session sees their own
    // cart (the guest cart was merged into it at sign-in), and a token that no longer works is a 401.
    if (address.customerToken !== undefined) {
      const customer = await this.customers.execute(principal, address.customerToken);
      return { owner: { customerId: customer.customerId }, customerId: customer.customerId, sessionId: null };
    }
    if (address.sessionId !== undefined) {
      return { owner: { sessionId: address.sessionId }, customerId: null, sessionId: address.sessionId };
    }
    throw new SessionRequired({ message: "Send an X-Session-Id header, or the customer's x-auth-token (with or without customer_id)." });
  }
}
