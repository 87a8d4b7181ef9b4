// Examples of the shipping operations: zones, quotes, tiers (shipping-routes.ts), keyed by
// operationId; ids from adapters/http/examples/example-ids.ts.
import { LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const shippingExamples = {
  listShippingZones: {
    response: {
      status: 200,
      body: {
        pricing_tiers: [
          {
            id: "01a213e7-6046-7019-bf94-25667cc915a0",
            tier_name: "Greater Nairobi (up to 15 km)",
            min_distance_meters: 0,
            max_distance_meters: 15000,
            delivery_fee: 450,
            free_delivery_threshold: 15000,
            is_active: true,
            priority: 0,
          },
          {
            id: "01a213e7-6046-7019-bf94-2b482256e443",
            tier_name: "Outskirts (15-40 km)",
            min_distance_meters: 15000,
            max_distance_meters: 40000,
            delivery_fee: 900,
            free_delivery_threshold: null,
            is_active: true,
            priority: 0,
          },
        ],
        delivery_zones: [
          {
            id: "01a213e7-6044-7149-95cd-ef4ff0b65588",
            zone_name: "Nairobi CBD",
            delivery_fee: 150,
            free_delivery_threshold: 3000,
            is_active: true,
            priority: 20,
            color: "#2e7d32",
            polygon: [[-1.275, 36.808], [-1.275, 36.83], [-1.296, 36.83], [-1.296, 36.808]],
          },
          {
            id: "01a213e7-6045-7602-af35-04f4f48c23eb",
            zone_name: "Westlands & Parklands",
            delivery_fee: 300,
            free_delivery_threshold: 7500,
            is_active: true,
            priority: 10,
            color: "#1565c0",
            polygon: [[-1.25, 36.79], [-1.25, 36.825], [-1.275, 36.825], [-1.275, 36.79]],
          },
        ],
      },
    },
  },
  quoteShipping: {
    body: { latitude: -1.2921, longitude: 36.8219, subtotal: 4800 },
    response: {
      status: 200,
      body: {
        method: "zone",
        zone_id: "01a213e7-6044-7149-95cd-ef4ff0b65588",
        zone_name: "Nairobi CBD",
        tier_id: null,
        tier_name: null,
        distance_meters: 3849,
        delivery_fee: 0,
        base_delivery_fee: 150,
        free_delivery_threshold: 3000,
        free_delivery_applied: true,
        currency: "KES",
      },
    },
  },
  createPricingTier: {
    body: {
      tier_name: "Far reaches (40-80 km)",
      min_distance_meters: 40000,
      max_distance_meters: 80000,
      delivery_fee: 1800,
      free_delivery_threshold: 40000,
      priority: 2,
    },
    response: {
      status: 201,
      body: {
        id: LEARNED.newTier,
        tier_name: "Far reaches (40-80 km)",
        min_distance_meters: 40000,
        max_distance_meters: 80000,
        delivery_fee: 1800,
        free_delivery_threshold: 40000,
        is_active: true,
        priority: 2,
      },
    },
  },
  updatePricingTier: {
    params: { id: LEARNED.newTier },
    body: { delivery_fee: 1600 },
    response: {
      status: 200,
      body: {
        id: LEARNED.newTier,
        tier_name: "Far reaches (40-80 km)",
        min_distance_meters: 40000,
        max_distance_meters: 80000,
        delivery_fee: 1600,
        free_delivery_threshold: 40000,
        is_active: true,
        priority: 2,
      },
    },
  },
  deletePricingTier: { params: { id: LEARNED.newTier }, response: { status: 204 } },
  createDeliveryZone: {
    body: {
      zone_name: "Karen and Langata",
      delivery_fee: 350,
      free_delivery_threshold: 10000,
      priority: 3,
      color: "#2E8B57",
      polygon: [[-1.3, 36.68], [-1.3, 36.78], [-1.38, 36.78], [-1.38, 36.68]],
    },
    response: {
      status: 201,
      body: {
        id: LEARNED.newZone,
        zone_name: "Karen and Langata",
        delivery_fee: 350,
        free_delivery_threshold: 10000,
        is_active: true,
        priority: 3,
        color: "#2e8b57",
        polygon: [[-1.3, 36.68], [-1.3, 36.78], [-1.38, 36.78], [-1.38, 36.68]],
      },
    },
  },
  updateDeliveryZone: {
    params: { id: LEARNED.newZone },
    body: { delivery_fee: 300, is_active: false },
    response: {
      status: 200,
      body: {
        id: LEARNED.newZone,
        zone_name: "Karen and Langata",
        delivery_fee: 300,
        free_delivery_threshold: 10000,
        is_active: false,
        priority: 3,
        color: "#2e8b57",
        polygon: [[-1.3, 36.68], [-1.3, 36.78], [-1.38, 36.78], [-1.38, 36.68]],
      },
    },
  },
  deleteDeliveryZone: { params: { id: LEARNED.newZone }, response: { status: 204 } },
} satisfies Record<string, RouteExample>;
