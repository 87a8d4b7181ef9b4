// Gift cards over HTTP: the check of a code for any key (docs/api/offers-and-shipping.md, "Gift
// cards", throttled against guessing), and the secret-key issue, list, detail with ledger, edit and
// deactivation.
import { ListGiftCards } from "../../../application/gift-cards/list-gift-cards.js";
import { GetGiftCard } from "../../../application/gift-cards/get-gift-card.js";
import { UpdateGiftCard } from "../../../application/gift-cards/update-gift-card.js";
import { DeactivateGiftCard } from "../../../application/gift-cards/deactivate-gift-card.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { CheckGiftCardCode } from "../../../application/gift-cards/check-gift-card-code.js";
import { GiftCardInput, GiftCardPatch } from "../../../application/gift-cards/gift-card-inputs.js";
import { IssueGiftCard } from "../../../application/gift-cards/issue-gift-card.js";
import { cursorParam, integerParam, textParam } from "../query-params.js";
import { CUSTOMER_IP_HEADER } from "../middleware/client-address.js";
import { clientAddressOf } from "../sign-in-source.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import {
  GIFT_CARD_DETAIL_FIELDS,
  GIFT_CARD_FIELDS,
  GiftCard,
  GiftCardCheck,
  GiftCardDetail,
  GiftCardList,
} from "../schemas/gift-card-schemas.js";
import { pagination } from "../schemas/pagination-schema.js";
import { giftCardExamples } from "./gift-card-examples.js";

const TAG = "Gift cards";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The gift card's id." }) });

const CheckQuery = Schema.Struct({
  code: textParam(64).pipe(Schema.minLength(1)).annotations({ description: "The card's code; case, spaces and hyphens do not matter." }),
});

const ListQuery = Schema.Struct({
  limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
  cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
});

@injectable()
export class GiftCardRoutes implements RouteModule {
  constructor(
    @inject(CheckGiftCardCode) private readonly check: CheckGiftCardCode,
    @inject(IssueGiftCard) private readonly issue: IssueGiftCard,
    @inject(ListGiftCards) private readonly listGiftCards: ListGiftCards,
    @inject(GetGiftCard) private readonly getGiftCard: GetGiftCard,
    @inject(UpdateGiftCard) private readonly updateGiftCard: UpdateGiftCard,
    @inject(DeactivateGiftCard) private readonly deactivateGiftCard: DeactivateGiftCard,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      // before /v1/gift-cards/{id}, which would otherwise take "check" for an id
      defineRoute({
        operationId: "checkGiftCard",
        method: "GET",
        path: "/v1/gift-cards/check",
        summary: "Check a gift card code: is it valid, and what is its balance",
        description:
          "Any key. `valid` is true exactly when the card is active, its balance is above 0 and it has not expired (a card is valid through its expiry date, UTC). `balance` is in major units of the card's `currency`. The code is compared case-insensitively, spaces and hyphens aside. An unknown code is a 404; unknown codes are limited per client address (the shopper's, named by a secret-key caller in `Storefront-Customer-IP`) and per key (429 with Retry-After). `fields` selects fields of the embedded `gift_card` (an unknown name is a 400 `unknown_field`).",
        tag: TAG,
        example: giftCardExamples.checkGiftCard,
        access: "publishable",
        query: CheckQuery,
        fields: { allowed: GIFT_CARD_FIELDS, target: { key: "gift_card" } },
        errors: [429],
        success: { status: 200, description: "The check result.", schema: GiftCardCheck },
        headers: [
          {
            name: CUSTOMER_IP_HEADER,
            required: false,
            description: "With a secret key: the shopper's IP address, which the per-address limit of unknown codes then counts. Ignored with a publishable key.",
          },
        ],
        handle: ({ principal, query, ctx }) => this.check.execute(principal, query.code, clientAddressOf(ctx)),
      }),
      defineRoute({
        operationId: "listGiftCards",
        method: "GET",
        path: "/v1/gift-cards",
        summary: "List the store's gift cards, newest first",
        description: "Secret key. The store's cards, newest first, with their codes; balances in major units of each card's `currency`. Cursor pagination.",
        tag: TAG,
        example: giftCardExamples.listGiftCards,
        access: "secret",
        query: ListQuery,
        fields: { allowed: GIFT_CARD_FIELDS, target: { list: "gift_cards" } },
        success: { status: 200, description: "A page of gift cards.", schema: GiftCardList },
        handle: async ({ principal, query }) => {
          const page = await this.listGiftCards.execute(principal, { limit: query.limit, cursor: query.cursor });
          return { gift_cards: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "getGiftCard",
        method: "GET",
        path: "/v1/gift-cards/{id}",
        summary: "Get a gift card with its ledger",
        description:
          "Secret key. A card with its ledger, oldest first: its issue, each redemption by an order and each restoration (an order's amount given back), amounts and balances in major units of the card's `currency`.",
        tag: TAG,
        example: giftCardExamples.getGiftCard,
        access: "secret",
        params: ById,
        fields: { allowed: GIFT_CARD_DETAIL_FIELDS },
        success: { status: 200, description: "The card and every movement of its balance, oldest first.", schema: GiftCardDetail },
        handle: ({ principal, params }) => this.getGiftCard.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "issueGiftCard",
        method: "POST",
        path: "/v1/gift-cards",
        summary: "Issue a gift card with a new random code",
        description:
          "Secret key. `initial_balance` is in major units of the card's `currency` (default: the store's base currency). The code is 16 random characters in groups of four. Records `gift_card.issued`. Send an `Idempotency-Key` to retry safely: a repeat with the same key and body answers the same card.",
        tag: TAG,
        example: giftCardExamples.issueGiftCard,
        access: "secret",
        body: GiftCardInput,
        idempotency: "optional",
        headers: [{ name: "Idempotency-Key", required: false, description: "A repeat with the same key and body replays the first answer: one card, not two." }],
        success: { status: 201, description: "The new card, with its code.", schema: GiftCard },
        handle: ({ principal, body }) => this.issue.execute(principal, body),
      }),
      defineRoute({
        operationId: "updateGiftCard",
        method: "PATCH",
        path: "/v1/gift-cards/{id}",
        summary: "Switch a gift card on or off, or change its expiry date or usage cap",
        description:
          "Secret key. Switches a card on or off, changes its expiry date or its usage cap (`maximum_usage_percentage`: the share of an order total it may pay; null is 100). A past expiry date ends the card; switching on a card with no balance left makes it full_redeemed. Answers the card with its ledger.",
        tag: TAG,
        example: giftCardExamples.updateGiftCard,
        access: "secret",
        params: ById,
        body: GiftCardPatch,
        success: { status: 200, description: "The card with its ledger.", schema: GiftCardDetail },
        handle: ({ principal, params, body }) => this.updateGiftCard.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deactivateGiftCard",
        method: "DELETE",
        path: "/v1/gift-cards/{id}",
        summary: "Deactivate a gift card (it is kept, with its ledger, as inactive)",
        description: "Secret key. Switches the card off for good: it is kept, with its ledger, as inactive, and no longer pays for orders.",
        tag: TAG,
        example: giftCardExamples.deactivateGiftCard,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deactivated." },
        handle: async ({ principal, params }) => {
          await this.deactivateGiftCard.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
    ];
  }
}
