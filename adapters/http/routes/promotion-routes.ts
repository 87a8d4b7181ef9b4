// Promotions over HTTP (docs/api/offers-and-shipping.md, "Promotions"): one by id and the list of
// active ones for any key, with `fields`; the secret-key writes. Status in every answer is derived
// from the clock.
import { CreatePromotion } from "../../../application/promotions/create-promotion.js";
import { UpdatePromotion } from "../../../application/promotions/update-promotion.js";
import { DeletePromotion } from "../../../application/promotions/delete-promotion.js";
import { GetPromotion } from "../../../application/promotions/get-promotion.js";
import { ListPromotions } from "../../../application/promotions/list-promotions.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { PromotionInput, PromotionPatch } from "../../../application/promotions/promotion-inputs.js";
import { cursorParam, integerParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { pagination } from "../schemas/pagination-schema.js";
import { Promotion, PROMOTION_FIELDS, PromotionList } from "../schemas/promotion-schemas.js";
import { promotionExamples } from "./promotion-examples.js";

const TAG = "Promotions";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The promotion's id." }) });

const StatusParam = Schema.Literal("active", "scheduled", "expired", "inactive", "all").annotations({
  message: () => ({ message: "must be one of active, scheduled, expired, inactive, all", override: true }),
});

const ListQuery = Schema.Struct({
  limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
  cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
  status: Schema.optionalWith(StatusParam, { default: () => "active" as const }).annotations({ description: "Which promotions to list by their status now." }),
});

@injectable()
export class PromotionRoutes implements RouteModule {
  constructor(
    @inject(ListPromotions) private readonly listPromotions: ListPromotions,
    @inject(GetPromotion) private readonly getPromotion: GetPromotion,
    @inject(CreatePromotion) private readonly createPromotion: CreatePromotion,
    @inject(UpdatePromotion) private readonly updatePromotion: UpdatePromotion,
    @inject(DeletePromotion) private readonly deletePromotion: DeletePromotion,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "listPromotions",
        method: "GET",
        path: "/v1/promotions",
        summary: "List the promotions active now, newest first",
        description:
          "Any key. Active now: switched on, started, not ended and below its usage limit, newest first; cursor pagination. A secret key may ask for another `status` (scheduled, expired, inactive) or `all`; a publishable key gets 403 for those. Amounts (`min_purchase`, `max_discount`, a fixed `discount_value`) are integer minor units of the store's base currency.",
        tag: TAG,
        example: promotionExamples.listPromotions,
        access: "publishable",
        query: ListQuery,
        fields: { allowed: PROMOTION_FIELDS, target: { list: "promotions" } },
        success: { status: 200, description: "A page of promotions.", schema: PromotionList },
        handle: async ({ principal, query }) => {
          const page = await this.listPromotions.execute(principal, query.status, { limit: query.limit, cursor: query.cursor });
          return { promotions: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "getPromotion",
        method: "GET",
        path: "/v1/promotions/{id}",
        summary: "Get a promotion",
        description:
          "Any key. One promotion in any state, its `status` derived from the clock and its usage (active, scheduled, expired, inactive). Amounts in integer minor units of the store's base currency.",
        tag: TAG,
        example: promotionExamples.getPromotion,
        access: "publishable",
        params: ById,
        fields: { allowed: PROMOTION_FIELDS },
        success: { status: 200, description: "The promotion, with its status now.", schema: Promotion },
        handle: ({ principal, params }) => this.getPromotion.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "createPromotion",
        method: "POST",
        path: "/v1/promotions",
        summary: "Create a promotion",
        description:
          "Secret key. Amounts (`discount_value` of a fixed discount, `min_purchase`, `max_discount`) are integer minor units of the store's base currency, like the catalog and cart prices promotions apply to; a percentage `discount_value` is 0-100. `start_date` defaults to now; the promotion runs on [start_date, end_date). `status` sets the switch (active or inactive); answers show the derived status. Bundle and BOGO promotions name their products.",
        tag: TAG,
        example: promotionExamples.createPromotion,
        access: "secret",
        body: PromotionInput,
        success: { status: 201, description: "The promotion.", schema: Promotion },
        handle: ({ principal, body }) => this.createPromotion.execute(principal, body),
      }),
      defineRoute({
        operationId: "updatePromotion",
        method: "PATCH",
        path: "/v1/promotions/{id}",
        summary: "Change a promotion",
        description:
          "Secret key. Changes a promotion; the result must still be whole (dates in order, the products its type needs), else a 400 naming the field. Amounts in integer minor units of the store's base currency.",
        tag: TAG,
        example: promotionExamples.updatePromotion,
        access: "secret",
        params: ById,
        body: PromotionPatch,
        success: { status: 200, description: "The promotion.", schema: Promotion },
        handle: ({ principal, params, body }) => this.updatePromotion.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deletePromotion",
        method: "DELETE",
        path: "/v1/promotions/{id}",
        summary: "Delete a promotion (orders keep the discounts it gave)",
        description: "Secret key. Deletes a promotion; orders keep the discounts it gave them.",
        tag: TAG,
        example: promotionExamples.deletePromotion,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deletePromotion.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
    ];
  }
}
