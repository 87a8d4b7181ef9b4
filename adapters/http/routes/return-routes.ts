// Returns on /v1 (docs/staff.md, "Refunds and returns"): a customer, with their x-auth-token,
// asks to return lines of one of their shipped, paid orders and reads the returns of an order;
// and M-Pesa posts the result of a reversal (a refund) it accepted earlier.
import { RequestReturn } from "../../../application/returns/request-return.js";
import { ListCustomerReturns } from "../../../application/returns/list-customer-returns.js";
import { ReturnRequestInput } from "../../../application/returns/return-changes.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ReceiveReversalResult } from "../../../application/refunds/receive-reversal-result.js";
import { readReversalResult } from "../../payments/mpesa-daraja-gateway.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { returnExamples } from "./return-examples.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Return } from "../schemas/refund-return-schemas.js";

const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order's id." }) });

@injectable()
export class ReturnRoutes implements RouteModule {
  constructor(
    @inject(RequestReturn) private readonly requestReturn: RequestReturn,
    @inject(ListCustomerReturns) private readonly listCustomerReturns: ListCustomerReturns,
    @inject(ReceiveReversalResult) private readonly reversals: ReceiveReversalResult,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "requestReturn",
        method: "POST",
        path: "/v1/orders/{id}/returns",
        summary: "Ask to return lines of one of your orders (the customer's x-auth-token)",
        description:
          "Any key, with the customer's `x-auth-token` (401 `invalid_token` without it). The order must be the customer's (another's is a 404), paid, and shipped or delivered (409 `order_not_returnable`). Each line is an order line (`items[].id`) and a quantity; a unit can be asked back once (422 `return_exceeds_line` past what the line has left). The return starts `requested`; the store approves or refuses it, receives the goods and refunds them. Records `return.requested`.",
        tag: "Returns",
        example: returnExamples.requestReturn,
        access: "publishable",
        params: ById,
        body: ReturnRequestInput,
        headers: [customerTokenHeader],
        errors: [401, 409, 422],
        success: { status: 201, description: "The return, requested.", schema: Return },
        handle: async ({ principal, params, body, ctx }) => reply(201, await this.requestReturn.execute(principal, customerToken(ctx), params.id, body)),
      }),
      defineRoute({
        operationId: "listOrderReturns",
        method: "GET",
        path: "/v1/orders/{id}/returns",
        summary: "The returns of one of your orders, oldest first (the customer's x-auth-token)",
        description:
          "Any key, with the customer's `x-auth-token`. The returns asked for an order of the customer's (another's order is a 404), oldest first, each with its status (requested, approved, refused, received, refunded), the store's note, and the refund that paid it.",
        tag: "Returns",
        example: returnExamples.listOrderReturns,
        access: "publishable",
        params: ById,
        headers: [customerTokenHeader],
        errors: [401],
        success: { status: 200, description: "The order's returns.", schema: Schema.Struct({ returns: Schema.Array(Return) }) },
        handle: async ({ principal, params, ctx }) => ({ returns: await this.listCustomerReturns.execute(principal, customerToken(ctx), params.id) }),
      }),
      defineRoute({
        operationId: "receiveMpesaReversalResult",
        method: "POST",
        path: "/v1/payments/callbacks/mobile_stk/reversals",
        summary: "M-Pesa's result of a reversal (a refund) it accepted (no API key)",
        description:
          "No API key: M-Pesa Daraja posts here (the ResultURL given with each reversal) the result of a reversal it accepted earlier. Daraja signs nothing, so a result settles a refund only when its ConversationID names a pending refund of ours; any other is acknowledged (`settled` false) and ignored. A body that is not a reversal result is a 400 `callback_rejected`.",
        tag: "Payments",
        example: returnExamples.receiveMpesaReversalResult,
        access: "public",
        errors: [400],
        success: {
          status: 200,
          description: "The result was received.",
          schema: Schema.Struct({
            ResultCode: Schema.Literal(0).annotations({ description: "0: received (Daraja's acknowledgement)." }),
            ResultDesc: Schema.String.annotations({ description: "Accepted." }),
            settled: Schema.Boolean.annotations({ description: "Whether the result settled a pending refund of ours." }),
          }),
        },
        handle: async ({ ctx }) => {
          const settled = await this.reversals.execute(readReversalResult(ctx.state.rawBody ?? Buffer.alloc(0)));
          return { ResultCode: 0 as const, ResultDesc: "Accepted", settled };
        },
      }),
    ];
  }
}
