// Shipping over HTTP: the tiers and zones for any key (docs/api/offers-and-shipping.md,
// "Shipping"), a quote for any key (a storefront shows the fee before checkout), and the secret-key
// writes of tiers and zones.
import { CreateDeliveryZone } from "../../../application/shipping/create-delivery-zone.js";
import { UpdateDeliveryZone } from "../../../application/shipping/update-delivery-zone.js";
import { DeleteDeliveryZone } from "../../../application/shipping/delete-delivery-zone.js";
import { CreatePricingTier } from "../../../application/shipping/create-pricing-tier.js";
import { UpdatePricingTier } from "../../../application/shipping/update-pricing-tier.js";
import { DeletePricingTier } from "../../../application/shipping/delete-pricing-tier.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ListShippingZones } from "../../../application/shipping/list-shipping-zones.js";
import { QuoteDelivery } from "../../../application/shipping/quote-delivery.js";
import {
  DeliveryZoneInput,
  DeliveryZonePatch,
  PricingTierInput,
  PricingTierPatch,
  ShippingQuoteInput,
} from "../../../application/shipping/shipping-inputs.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { DeliveryZone, PricingTier, ShippingQuote, ShippingZones } from "../schemas/shipping-schemas.js";
import { shippingExamples } from "./shipping-examples.js";

const TAG = "Shipping";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The tier's or zone's id." }) });

@injectable()
export class ShippingRoutes implements RouteModule {
  constructor(
    @inject(ListShippingZones) private readonly list: ListShippingZones,
    @inject(CreatePricingTier) private readonly createPricingTier: CreatePricingTier,
    @inject(UpdatePricingTier) private readonly updatePricingTier: UpdatePricingTier,
    @inject(DeletePricingTier) private readonly deletePricingTier: DeletePricingTier,
    @inject(CreateDeliveryZone) private readonly createDeliveryZone: CreateDeliveryZone,
    @inject(UpdateDeliveryZone) private readonly updateDeliveryZone: UpdateDeliveryZone,
    @inject(DeleteDeliveryZone) private readonly deleteDeliveryZone: DeleteDeliveryZone,
    @inject(QuoteDelivery) private readonly quote: QuoteDelivery,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "listShippingZones",
        method: "GET",
        path: "/v1/shipping/zones",
        summary: "The store's distance pricing tiers and delivery zones",
        description:
          "Any key. The store's distance pricing tiers and delivery zones, active or not; zones carry their polygon of [latitude, longitude] vertices. Fees and thresholds are decimal major units of the store's base currency.",
        tag: TAG,
        example: shippingExamples.listShippingZones,
        access: "publishable",
        success: { status: 200, description: "Tiers and zones, active or not.", schema: ShippingZones },
        handle: ({ principal }) => this.list.execute(principal),
      }),
      defineRoute({
        operationId: "quoteShipping",
        method: "POST",
        path: "/v1/shipping/quote",
        summary: "Price delivery to a point, as checkout will",
        description:
          "Any key. Prices delivery to a point as checkout will: the active zone of highest priority holding the point, else the active tier holding its distance from the store's location (`PATCH /v1/store`). Delivery is free once `subtotal` (major units, after discounts) reaches the threshold. Fees in major units of the base currency. Outside every zone and tier: 422 `address_not_deliverable`.",
        tag: TAG,
        example: shippingExamples.quoteShipping,
        access: "publishable",
        body: ShippingQuoteInput,
        errors: [422],
        success: { status: 200, description: "The quote.", schema: ShippingQuote },
        handle: ({ principal, body }) => this.quote.execute(principal, body),
      }),
      defineRoute({
        operationId: "createPricingTier",
        method: "POST",
        path: "/v1/shipping/tiers",
        summary: "Create a distance pricing tier",
        description:
          "Secret key. A tier prices deliveries whose distance from the store falls in [min_distance_meters, max_distance_meters); `delivery_fee` and `free_delivery_threshold` are decimal major units of the store's base currency. A maximum not above the minimum is a 400 naming `max_distance_meters`.",
        tag: TAG,
        example: shippingExamples.createPricingTier,
        access: "secret",
        body: PricingTierInput,
        success: { status: 201, description: "The tier.", schema: PricingTier },
        handle: ({ principal, body }) => this.createPricingTier.execute(principal, body),
      }),
      defineRoute({
        operationId: "updatePricingTier",
        method: "PATCH",
        path: "/v1/shipping/tiers/{id}",
        summary: "Change a pricing tier",
        description: "Secret key. Changes a tier (fees in major units of the base currency); quotes and checkouts follow at once.",
        tag: TAG,
        example: shippingExamples.updatePricingTier,
        access: "secret",
        params: ById,
        body: PricingTierPatch,
        success: { status: 200, description: "The tier.", schema: PricingTier },
        handle: ({ principal, params, body }) => this.updatePricingTier.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deletePricingTier",
        method: "DELETE",
        path: "/v1/shipping/tiers/{id}",
        summary: "Delete a pricing tier",
        description: "Secret key. Deletes a tier; deliveries in its range are then priced by another tier or zone, or refused.",
        tag: TAG,
        example: shippingExamples.deletePricingTier,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deletePricingTier.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
      defineRoute({
        operationId: "createDeliveryZone",
        method: "POST",
        path: "/v1/shipping/zones",
        summary: "Create a delivery zone",
        description:
          "Secret key. A zone is a polygon of 3 to 1000 [latitude, longitude] vertices; a point inside it is priced with its `delivery_fee` (decimal major units of the store's base currency), the highest `priority` winning where zones overlap. Zones come before distance tiers.",
        tag: TAG,
        example: shippingExamples.createDeliveryZone,
        access: "secret",
        body: DeliveryZoneInput,
        success: { status: 201, description: "The zone.", schema: DeliveryZone },
        handle: ({ principal, body }) => this.createDeliveryZone.execute(principal, body),
      }),
      defineRoute({
        operationId: "updateDeliveryZone",
        method: "PATCH",
        path: "/v1/shipping/zones/{id}",
        summary: "Change a delivery zone",
        description: "Secret key. Changes a zone's name, fee, threshold (major units), switch, priority, colour or polygon.",
        tag: TAG,
        example: shippingExamples.updateDeliveryZone,
        access: "secret",
        params: ById,
        body: DeliveryZonePatch,
        success: { status: 200, description: "The zone.", schema: DeliveryZone },
        handle: ({ principal, params, body }) => this.updateDeliveryZone.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deleteDeliveryZone",
        method: "DELETE",
        path: "/v1/shipping/zones/{id}",
        summary: "Delete a delivery zone",
        description: "Secret key. Deletes a zone; points in it are then priced by another zone or a distance tier, or refused.",
        tag: TAG,
        example: shippingExamples.deleteDeliveryZone,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteDeliveryZone.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
    ];
  }
}
