// Returns on the admin API (docs/staff.md, "Refunds and returns"): the store's returns by status,
// one return with every state it went through, and the staff's moves: approve, refuse (with a
// note), receive (each line restocked or not) and refund. Permission `returns.manage` for all:
// refunding a return needs no `orders.refund`.
import { ListReturns } from "../../../application/returns/list-returns.js";
import { GetReturn } from "../../../application/returns/get-return.js";
import { ApproveReturn } from "../../../application/returns/approve-return.js";
import { RefuseReturn } from "../../../application/returns/refuse-return.js";
import { ReceiveReturn } from "../../../application/returns/receive-return.js";
import { RefundReturn } from "../../../application/returns/refund-return.js";
import { ReturnNoteInput } from "../../../application/returns/return-changes.js";
import { ReturnReceiptInput } from "../../../application/returns/return-changes.js";
import { ReturnRefundInput } from "../../../application/returns/return-changes.js";
import { ReturnRefusalInput } from "../../../application/returns/return-changes.js";
import { ReturnStatusParam } from "../../../application/returns/return-changes.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { IDEMPOTENCY_HEADER } from "../idempotent-execution.js";
import { cursorParam, integerParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { Refund, Return, ReturnWithEvents } from "../schemas/refund-return-schemas.js";
import { adminReturnExamples } from "./return-examples.js";

const TAG = "Refunds and returns";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The return's id." }) });

@injectable()
export class AdminReturnRoutes implements RouteModule {
  constructor(@inject(ListReturns) private readonly listReturns: ListReturns,
    @inject(GetReturn) private readonly getReturn: GetReturn,
    @inject(ApproveReturn) private readonly approveReturn: ApproveReturn,
    @inject(RefuseReturn) private readonly refuseReturn: RefuseReturn,
    @inject(ReceiveReturn) private readonly receiveReturn: ReceiveReturn,
    @inject(RefundReturn) private readonly refundReturn: RefundReturn) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminListReturns",
        method: "GET",
        path: "/admin/v1/returns",
        summary: "Returns, newest first, all or of one status",
        description: "Permission `returns.manage`. The store's returns, newest first, paged by cursor; `status` keeps one state (requested, approved, refused, received, refunded).",
        tag: TAG,
        example: adminReturnExamples.adminListReturns,
        access: "secret",
        permission: "returns.manage",
        query: Schema.Struct({
          status: Schema.optional(ReturnStatusParam).annotations({ description: "Only returns in this state." }),
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
        }),
        success: { status: 200, description: "A page of returns.", schema: Schema.Struct({ returns: Schema.Array(Return), pagination: Pagination }) },
        handle: async ({ principal, query }) => {
          const page = await this.listReturns.execute(principal, query.status, { limit: query.limit, cursor: query.cursor });
          return { returns: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "adminGetReturn",
        method: "GET",
        path: "/admin/v1/returns/{id}",
        summary: "One return, with every state it went through",
        description: "Permission `returns.manage`. The return and its `events`, oldest first: each move's states, who made it (the customer, a staff member, an API key), its note and what it carried. Another store's return is a 404.",
        tag: TAG,
        example: adminReturnExamples.adminGetReturn,
        access: "secret",
        permission: "returns.manage",
        params: ById,
        success: { status: 200, description: "The return.", schema: ReturnWithEvents },
        handle: ({ principal, params }) => this.getReturn.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "adminApproveReturn",
        method: "POST",
        path: "/admin/v1/returns/{id}/approve",
        summary: "Approve a requested return",
        description: "Permission `returns.manage`. requested → approved, with an optional note the customer sees. Any other state is a 409 `invalid_transition`. Records return.approved.",
        tag: TAG,
        example: adminReturnExamples.adminApproveReturn,
        access: "secret",
        permission: "returns.manage",
        params: ById,
        body: ReturnNoteInput,
        errors: [409],
        success: { status: 200, description: "The return, approved.", schema: Return },
        handle: ({ principal, params, body }) => this.approveReturn.execute(principal, params.id, body.note),
      }),
      defineRoute({
        operationId: "adminRefuseReturn",
        method: "POST",
        path: "/admin/v1/returns/{id}/refuse",
        summary: "Refuse a requested return, saying why",
        description: "Permission `returns.manage`. requested → refused, with the `note` the customer sees; refused is final, and its units may be asked back again. Any other state is a 409 `invalid_transition`. Records return.refused.",
        tag: TAG,
        example: adminReturnExamples.adminRefuseReturn,
        access: "secret",
        permission: "returns.manage",
        params: ById,
        body: ReturnRefusalInput,
        errors: [409],
        success: { status: 200, description: "The return, refused.", schema: Return },
        handle: ({ principal, params, body }) => this.refuseReturn.execute(principal, params.id, body.note),
      }),
      defineRoute({
        operationId: "adminReceiveReturn",
        method: "POST",
        path: "/admin/v1/returns/{id}/receive",
        summary: "Record the goods received back, restocking each line or not",
        description:
          "Permission `returns.manage`. approved → received. For each line of the return: the units received (at most those returned) and whether they go back in stock (`restock` false for damaged goods). A unit goes back in stock at most once, whether by a return, a refund with restock or a cancellation. Records return.received.",
        tag: TAG,
        example: adminReturnExamples.adminReceiveReturn,
        access: "secret",
        permission: "returns.manage",
        params: ById,
        body: ReturnReceiptInput,
        errors: [409],
        success: { status: 200, description: "The return, received.", schema: Return },
        handle: ({ principal, params, body }) => this.receiveReturn.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "adminRefundReturn",
        method: "POST",
        path: "/admin/v1/returns/{id}/refund",
        summary: "Refund a return's lines through the order's payment provider",
        description:
          "Permission `returns.manage` (no `orders.refund` needed: refunding what came back is part of handling a return); idempotent (`Idempotency-Key` required). An approved or received return is refunded through the refund operation: its lines, worth what they were charged, or `amount` (integer minor units), with the same limits (422 `refund_exceeds_payment`) and provider call. The return becomes refunded once the refund is not failed (succeeded, or pending at the provider); a failed refund leaves it as it was, to refund again with a new key.",
        tag: TAG,
        example: adminReturnExamples.adminRefundReturn,
        access: "secret",
        permission: "returns.manage",
        params: ById,
        body: ReturnRefundInput,
        idempotency: "required",
        ownUnitsOfWork: true,
        headers: [{ name: "Idempotency-Key", required: true, description: "1-255 printable characters; a repeat answers the same refund." }],
        errors: [409, 422],
        success: { status: 201, description: "The return and its refund.", schema: Schema.Struct({ return: Return, refund: Refund }) },
        handle: async ({ principal, params, body, ctx }) => reply(201, await this.refundReturn.execute(principal, params.id, body, ctx.get(IDEMPOTENCY_HEADER))),
      }),
    ];
  }
}
