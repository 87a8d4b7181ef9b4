// Pricing over HTTP: the price list and one product's prices (docs/api/pricing.md, "The price
// list"), and the secret-key writes of price rules and exchange rates.
import { ListPrices } from "../../../application/pricing/list-prices.js";
import { GetProductPrices } from "../../../application/pricing/get-product-prices.js";
import { ListExchangeRates } from "../../../application/pricing/list-exchange-rates.js";
import { CreateExchangeRate } from "../../../application/pricing/create-exchange-rate.js";
import { UpdateExchangeRate } from "../../../application/pricing/update-exchange-rate.js";
import { DeleteExchangeRate } from "../../../application/pricing/delete-exchange-rate.js";
import { ListPriceRules } from "../../../application/pricing/list-price-rules.js";
import { CreatePriceRule } from "../../../application/pricing/create-price-rule.js";
import { UpdatePriceRule } from "../../../application/pricing/update-price-rule.js";
import { DeletePriceRule } from "../../../application/pricing/delete-price-rule.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ParameterMissing } from "../../../application/errors/request-errors.js";
import type { PricingRequest } from "../../../application/pricing/pricing-context.js";
import {
  ExchangeRateInput,
  ExchangeRatePatch,
  PriceRuleInput,
  PriceRulePatch,
} from "../../../application/pricing/pricing-inputs.js";
import { CurrencyCode } from "../../../domain/money/currency.js";
import { integerParam, numberParam, textParam, uuidParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import {
  ExchangeRate,
  PRICE_ITEM_FIELDS,
  PriceList,
  PriceRule,
  ProductPrices,
} from "../schemas/pricing-schemas.js";
import { pricingExamples } from "./pricing-examples.js";

const TAG = "Pricing";

/** When the deprecated `country` parameter was superseded by `place_name` (RFC 9745 date). */
const COUNTRY_DEPRECATED_AT = Math.floor(Date.parse("2026-01-01T00:00:00Z") / 1000);

const pricingParams = {
  quantity: Schema.optionalWith(integerParam(1, 1_000_000), { default: () => 1 }).annotations({ description: "Units to price for (volume rules depend on it)." }),
  region: Schema.optional(textParam(2).pipe(Schema.minLength(2))).annotations({ description: "Manual override of the currency region: an ISO 3166 country code or EU." }),
  country: Schema.optional(textParam(2).pipe(Schema.minLength(2))).annotations({ description: "Deprecated (use place_name): an ISO 3166 alpha-2 country whose currency to show." }),
  place_name: Schema.optional(textParam(200).pipe(Schema.minLength(1))).annotations({ description: "A city or region name, geocoded to choose the display currency." }),
  latitude: Schema.optional(numberParam(-90, 90)).annotations({ description: "Latitude of the customer (with longitude; wins over place_name)." }),
  longitude: Schema.optional(numberParam(-180, 180)).annotations({ description: "Longitude of the customer (with latitude; wins over place_name)." }),
  customer_id: Schema.optional(uuidParam).annotations({ description: "The customer to price for: their segment and tier rules apply." }),
};

const PricingQuery = Schema.Struct(pricingParams);
type PricingQuery = typeof PricingQuery.Type;

const ListQuery = Schema.Struct({
  ...pricingParams,
  search: Schema.optional(textParam(200)).annotations({ description: "Only products whose name contains this text (case-insensitive)." }),
  category_id: Schema.optional(uuidParam).annotations({ description: "Only products of this category." }),
  subcategory_id: Schema.optional(uuidParam).annotations({ description: "Only products of this subcategory." }),
  limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
  offset: Schema.optionalWith(integerParam(0), { default: () => 0 }).annotations({ description: "Number of products to skip before this page." }),
});

const toPricingRequest = (query: PricingQuery): PricingRequest => {
  if ((query.latitude === undefined) !== (query.longitude === undefined)) {
    const missing = query.latitude === undefined ? "latitude" : "longitude";
    throw new ParameterMissing({ param: missing, message: `${missing} is required with ${missing === "latitude" ? "longitude" : "latitude"}` });
  }
  return {
    quantity: query.quantity,
    region: query.region,
    country: query.country,
    placeName: query.place_name,
    latitude: query.latitude,
    longitude: query.longitude,
    customerId: query.customer_id,
  };
};

const deprecationHeaders = (query: PricingQuery): Record<string, string> | undefined =>
  query.country === undefined
    ? undefined
    : { Deprecation: `@${COUNTRY_DEPRECATED_AT}`, Warning: '299 - "country is deprecated; use place_name"' };

@injectable()
export class PricingRoutes implements RouteModule {
  constructor(
    @inject(ListPrices) private readonly listPrices: ListPrices,
    @inject(GetProductPrices) private readonly getProductPrices: GetProductPrices,
    @inject(ListPriceRules) private readonly listPriceRules: ListPriceRules,
    @inject(CreatePriceRule) private readonly createPriceRule: CreatePriceRule,
    @inject(UpdatePriceRule) private readonly updatePriceRule: UpdatePriceRule,
    @inject(DeletePriceRule) private readonly deletePriceRule: DeletePriceRule,
    @inject(ListExchangeRates) private readonly listExchangeRates: ListExchangeRates,
    @inject(CreateExchangeRate) private readonly createExchangeRate: CreateExchangeRate,
    @inject(UpdateExchangeRate) private readonly updateExchangeRate: UpdateExchangeRate,
    @inject(DeleteExchangeRate) private readonly deleteExchangeRate: DeleteExchangeRate,
  ) {}

  routes(): readonly AnyRoute[] {
    const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The price rule's id." }) });
    const ByCurrency = Schema.Struct({ currency: Schema.propertySignature(CurrencyCode).annotations({ description: "The rate's display currency (ISO 4217)." }) });
    return [
      defineRoute({
        operationId: "listPrices",
        method: "GET",
        path: "/v1/prices",
        summary: "Products with prices resolved for a location, a customer and a quantity",
        description:
          "Any key. Active products (default variant only, as on the product list) priced for a place, a customer and a quantity. The display currency comes from `region` (override), else `latitude`+`longitude`, else `place_name`, else the deprecated `country` (answered with `Deprecation` and `Warning` headers), else the store default; segment and tier come from `customer_id` on the server. Prices (`base_price`, `display_price`, `price_breakdown`) are integer minor units of the display currency. Offset pagination (`limit` 1-200, `offset` >= 0).",
        tag: TAG,
        example: pricingExamples.listPrices,
        access: "publishable",
        answerCache: {
          personalParams: ["customer_id"],
          scope: (answer, query) => ({ products: answer.items.map((item) => item.product_id), search: query.search !== undefined }),
        },
        query: ListQuery,
        fields: { allowed: PRICE_ITEM_FIELDS, target: { list: "items" } },
        success: { status: 200, description: "A window of priced products.", schema: PriceList },
        handle: async ({ principal, query }) => {
          const page = await this.listPrices.execute(
            principal,
            { search: query.search, categoryId: query.category_id, subcategoryId: query.subcategory_id },
            { limit: query.limit, offset: query.offset },
            toPricingRequest(query),
          );
          const headers = deprecationHeaders(query);
          return headers === undefined ? page : reply(200, page, headers);
        },
      }),
      defineRoute({
        operationId: "getProductPrices",
        method: "GET",
        path: "/v1/prices/products/{id}",
        summary: "Every variant of one product, priced",
        description:
          "Any key. Every variant of one product priced as on the price list: integer minor units of the display currency chosen by `region`, coordinates, `place_name` or the deprecated `country`, with segment, tier and volume (`quantity`) discounts in `price_breakdown`. An unknown or inactive product is a 404.",
        tag: TAG,
        example: pricingExamples.getProductPrices,
        access: "publishable",
        answerCache: { personalParams: ["customer_id"], scope: (answer) => ({ products: [answer.product_id], search: false }) },
        params: ById,
        query: PricingQuery,
        fields: { allowed: PRICE_ITEM_FIELDS, target: { list: "variants" } },
        success: { status: 200, description: "The product's variants with their prices.", schema: ProductPrices },
        handle: async ({ principal, params, query }) => {
          const prices = await this.getProductPrices.execute(principal, params.id, toPricingRequest(query));
          const headers = deprecationHeaders(query);
          return headers === undefined ? prices : reply(200, prices, headers);
        },
      }),
      defineRoute({
        operationId: "listPriceRules",
        method: "GET",
        path: "/v1/price-rules",
        summary: "The store's price rules",
        description:
          "Secret key. Every segment, tier and volume rule of the store, active or not. A fixed `value` and `min_lifetime_spend` are integer minor units of the base currency; a percentage `value` is 0-100.",
        tag: TAG,
        example: pricingExamples.listPriceRules,
        access: "secret",
        success: { status: 200, description: "Every price rule.", schema: Schema.Struct({ price_rules: Schema.Array(PriceRule) }) },
        handle: async ({ principal }) => ({ price_rules: await this.listPriceRules.execute(principal) }),
      }),
      defineRoute({
        operationId: "createPriceRule",
        method: "POST",
        path: "/v1/price-rules",
        summary: "Create a segment, tier or volume price rule",
        description:
          "Secret key. A segment rule (`segment`: new, returning, loyal), a tier rule (`tier` with `min_lifetime_spend`) or a volume rule (`min_quantity` >= 2), as a percentage (0-100) or a fixed amount off each unit in integer minor units of the base currency; optionally limited to products or categories. A field that does not fit the kind is a 400 naming it.",
        tag: TAG,
        example: pricingExamples.createPriceRule,
        access: "secret",
        body: PriceRuleInput,
        success: { status: 201, description: "The rule.", schema: PriceRule },
        handle: ({ principal, body }) => this.createPriceRule.execute(principal, body),
      }),
      defineRoute({
        operationId: "updatePriceRule",
        method: "PATCH",
        path: "/v1/price-rules/{id}",
        summary: "Change a price rule",
        description: "Secret key. Changes a rule; the changed rule must still be whole (a 400 naming the field otherwise). Prices follow at once.",
        tag: TAG,
        example: pricingExamples.updatePriceRule,
        access: "secret",
        params: ById,
        body: PriceRulePatch,
        success: { status: 200, description: "The rule.", schema: PriceRule },
        handle: ({ principal, params, body }) => this.updatePriceRule.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deletePriceRule",
        method: "DELETE",
        path: "/v1/price-rules/{id}",
        summary: "Delete a price rule",
        description: "Secret key. Deletes a rule; prices follow at once.",
        tag: TAG,
        example: pricingExamples.deletePriceRule,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deletePriceRule.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
      defineRoute({
        operationId: "listExchangeRates",
        method: "GET",
        path: "/v1/exchange-rates",
        summary: "The store's exchange rates from its base currency",
        description: "Secret key. Every rate from the store's base currency: `rate` display-currency units per base unit, with its `as_of` time.",
        tag: TAG,
        example: pricingExamples.listExchangeRates,
        access: "secret",
        success: { status: 200, description: "Every rate.", schema: Schema.Struct({ exchange_rates: Schema.Array(ExchangeRate) }) },
        handle: async ({ principal }) => ({ exchange_rates: await this.listExchangeRates.execute(principal) }),
      }),
      defineRoute({
        operationId: "createExchangeRate",
        method: "POST",
        path: "/v1/exchange-rates",
        summary: "Set the rate of a display currency (units per base unit), with its as-of time",
        description:
          "Secret key. Sets the rate of a display currency (ISO 4217 code): units of it per base unit. A currency that already has a rate is a 409 `duplicate_currency` (PATCH it instead).",
        tag: TAG,
        example: pricingExamples.createExchangeRate,
        access: "secret",
        body: ExchangeRateInput,
        errors: [409],
        success: { status: 201, description: "The rate.", schema: ExchangeRate },
        handle: ({ principal, body }) => this.createExchangeRate.execute(principal, body),
      }),
      defineRoute({
        operationId: "updateExchangeRate",
        method: "PATCH",
        path: "/v1/exchange-rates/{currency}",
        summary: "Change a rate",
        description:
          "Secret key. Changes a currency's rate and its `as_of` time (now by default); prices in that currency follow at once. An unknown currency is a 404.",
        tag: TAG,
        example: pricingExamples.updateExchangeRate,
        access: "secret",
        params: ByCurrency,
        body: ExchangeRatePatch,
        success: { status: 200, description: "The rate.", schema: ExchangeRate },
        handle: ({ principal, params, body }) => this.updateExchangeRate.execute(principal, params.currency, body),
      }),
      defineRoute({
        operationId: "deleteExchangeRate",
        method: "DELETE",
        path: "/v1/exchange-rates/{currency}",
        summary: "Delete a rate (prices in that currency fall back to the base currency)",
        description: "Secret key. Deletes a currency's rate: prices asked in that currency fall back to the store's base currency.",
        tag: TAG,
        example: pricingExamples.deleteExchangeRate,
        access: "secret",
        params: ByCurrency,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteExchangeRate.execute(principal, params.currency);
          return reply(204, undefined);
        },
      }),
    ];
  }
}
