// Refunds on the admin API (docs/staff.md, "Refunds and returns"): refund an order through the
// provider that took its payment (by lines or by amount, optionally restocking), and read an
// order's refunds or one refund. Every operation names its permission and reads only the
// caller's store.
import { ListOrderRefunds } from "../../../application/refunds/list-order-refunds.js";
import { GetRefund } from "../../../application/refunds/get-refund.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { RefundInput } from "../../../application/refunds/refund-inputs.js";
import { RefundOrder } from "../../../application/refunds/refund-order.js";
import { IDEMPOTENCY_HEADER } from "../idempotent-execution.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Refund } from "../schemas/refund-return-schemas.js";
import { adminRefundExamples } from "./refund-examples.js";

const TAG = "Refunds and returns";
const OrderId = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The order's id." }) });
const RefundId = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The refund's id." }) });

@injectable()
export class AdminRefundRoutes implements RouteModule {
  constructor(
    @inject(RefundOrder) private readonly refundOrder: RefundOrder,
    @inject(ListOrderRefunds) private readonly listOrderRefunds: ListOrderRefunds,
    @inject(GetRefund) private readonly getRefund: GetRefund,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminCreateRefund",
        method: "POST",
        path: "/admin/v1/orders/{id}/refunds",
        summary: "Refund an order, whole or in part, through the provider that took its payment",
        description:
          "Permission `orders.refund`; idempotent (`Idempotency-Key` required: a repeat answers the same refund and asks no provider twice). By `lines` (each line id and quantity, worth what the line was charged after its share of discounts, with its tax), by `amount` (integer minor units), or neither (all that remains). The money goes back through the provider that took the payment (Stripe, Paystack, M-Pesa reversal, pawaPay); an order paid off-line is refunded by the store (`destination` `manual`), and the part paid by gift card goes back to the card. The answer is the refund: `succeeded`, `failed` with the provider's reason, or `pending` when the provider has not answered yet (the worker asks again and settles it). Above what remains refundable (what was paid less pending and succeeded refunds) is a 422 `refund_exceeds_payment` and nothing reaches the provider; an unpaid order a 409 `order_not_paid`. `restock` puts the refunded lines' units back in stock when the refund succeeds. A whole refund sets the order's payment_status `refunded`, a partial one `partially_refunded`. Records refund.created, then refund.succeeded or refund.failed.",
        tag: TAG,
        example: adminRefundExamples.adminCreateRefund,
        access: "secret",
        permission: "orders.refund",
        params: OrderId,
        body: RefundInput,
        idempotency: "required",
        ownUnitsOfWork: true,
        headers: [{ name: "Idempotency-Key", required: true, description: "1-255 printable characters; a repeat answers the same refund." }],
        errors: [409, 422],
        success: { status: 201, description: "The refund.", schema: Refund },
        handle: async ({ principal, params, body, ctx }) => reply(201, await this.refundOrder.execute(principal, params.id, body, ctx.get(IDEMPOTENCY_HEADER))),
      }),
      defineRoute({
        operationId: "adminListOrderRefunds",
        method: "GET",
        path: "/admin/v1/orders/{id}/refunds",
        summary: "An order's refunds, oldest first",
        description: "Permission `orders.read`. Every refund of the order, oldest first, with its status, amounts (integer minor units) and the provider's id and reason. Another store's order is a 404.",
        tag: TAG,
        example: adminRefundExamples.adminListOrderRefunds,
        access: "secret",
        permission: "orders.read",
        params: OrderId,
        success: { status: 200, description: "The order's refunds.", schema: Schema.Struct({ refunds: Schema.Array(Refund) }) },
        handle: async ({ principal, params }) => ({ refunds: await this.listOrderRefunds.execute(principal, params.id) }),
      }),
      defineRoute({
        operationId: "adminGetRefund",
        method: "GET",
        path: "/admin/v1/refunds/{id}",
        summary: "One refund",
        description: "Permission `orders.read`. The refund: its status (pending, succeeded, failed), amounts in integer minor units, lines, destination and the provider's id and reason. Another store's refund is a 404.",
        tag: TAG,
        example: adminRefundExamples.adminGetRefund,
        access: "secret",
        permission: "orders.read",
        params: RefundId,
        success: { status: 200, description: "The refund.", schema: Refund },
        handle: ({ principal, params }) => this.getRefund.execute(principal, params.id),
      }),
    ];
  }
}
