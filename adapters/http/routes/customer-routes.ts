// A customer's own record over HTTP (docs/api/customers.md, "The customer record"): any key, plus
// the customer's token, whose customer must be the one asked for.
import { GetCustomer } from "../../../application/customers/get-customer.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../../../application/access/authenticate-customer.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Customer, CUSTOMER_FIELDS } from "../schemas/customer-schemas.js";
import { customerExamples } from "./customer-examples.js";

const TAG = "Customers";

@injectable()
export class CustomerRoutes implements RouteModule {
  constructor(
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(AuthenticateCustomer) private readonly authenticate: AuthenticateCustomer,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "getCustomer",
        method: "GET",
        path: "/v1/customers/{id}",
        summary: "A customer's record with their store metrics (the token's own customer only)",
        description:
          "Any key with the customer's `x-auth-token`: the token's customer must be the one asked for (403 `forbidden` otherwise). The customer's record with `store_metrics`; `total_spent` is in major units of the store's base currency, like order amounts.",
        tag: TAG,
        example: customerExamples.getCustomer,
        access: "publishable",
        params: Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The customer's id." }) }),
        headers: [customerTokenHeader],
        fields: { allowed: CUSTOMER_FIELDS },
        errors: [403],
        success: { status: 200, description: "The customer.", schema: Customer },
        handle: async ({ principal, params, ctx }) =>
          this.getCustomer.execute(principal, await this.authenticate.execute(principal, customerToken(ctx)), params.id),
      }),
    ];
  }
}
