// Decides whose cart a request addresses (spec 4.4): `customer_id` wins over `X-Session-Id`, and
// needs the customer's own token; with neither, a customer's token alone names its customer's cart;
// with none of the three the request is a 400 session_required.
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
    if (address.sessionId !== undefined) {
      return { owner: { sessionId: address.sessionId }, customerId: null, sessionId: address.sessionId };
    }
    if (address.customerToken !== undefined) {
      const customer = await this.customers.execute(principal, address.customerToken);
      return { owner: { customerId: customer.customerId }, customerId: customer.customerId, sessionId: null };
    }
    throw new SessionRequired({ message: "Send an X-Session-Id header, or the customer's x-auth-token (with or without customer_id)." });
  }
}
