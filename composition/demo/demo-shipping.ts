// The demo store's shipping (docs/api/demo-store.md, "What the demo store holds"): its location in
// Nairobi's CBD, two delivery zones drawn around the centre, and two distance tiers beyond them.
// Its taxes (16% VAT inside its prices) are in demo-taxes.ts.
import { CreateDeliveryZone } from "../../application/shipping/create-delivery-zone.js";
import { CreatePricingTier } from "../../application/shipping/create-pricing-tier.js";
import { UpdateStoreSettings } from "../../application/stores/update-store-settings.js";
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import { seedDemoTaxes } from "./demo-taxes.js";

/** Nairobi CBD, where the demo store ships from. */
export const DEMO_STORE_LOCATION = { latitude: -1.2864, longitude: 36.8172 } as const;

/** The seller's details the demo's invoices print (docs/invoices.md): an address in Nairobi's centre and a KRA PIN's shape. */
export const DEMO_SELLER = {
  address: { name: "Parisian, Boehm and Kuphal Home & Living Ltd", line1: "Kimathi Street 14", city: "Nairobi", postal_code: "00100", country: "KE" },
  tax_number: "P051234567Q",
} as const;

export const seedDemoShipping = async (container: Container, principal: Principal): Promise<void> => {
  await container.get(UpdateStoreSettings).execute(principal, { ...DEMO_STORE_LOCATION, ...DEMO_SELLER });
  await seedDemoTaxes(container, principal);

  const createDeliveryZone = container.get(CreateDeliveryZone);
  // The CBD, roughly from Uhuru Park to the railway station and up to the university.
  await createDeliveryZone.execute(principal, {
    zone_name: "Nairobi CBD",
    delivery_fee: 150,
    free_delivery_threshold: 3_000,
    priority: 20,
    color: "#2e7d32",
    polygon: [
      [-1.2750, 36.8080],
      [-1.2750, 36.8300],
      [-1.2960, 36.8300],
      [-1.2960, 36.8080],
    ],
  });
  // Westlands and Parklands, north-west of the centre.
  await createDeliveryZone.execute(principal, {
    zone_name: "Westlands & Parklands",
    delivery_fee: 300,
    free_delivery_threshold: 7_500,
    priority: 10,
    color: "#1565c0",
    polygon: [
      [-1.2500, 36.7900],
      [-1.2500, 36.8250],
      [-1.2750, 36.8250],
      [-1.2750, 36.7900],
    ],
  });

  const createPricingTier = container.get(CreatePricingTier);
  await createPricingTier.execute(principal, {
    tier_name: "Greater Nairobi (up to 15 km)",
    min_distance_meters: 0,
    max_distance_meters: 15_000,
    delivery_fee: 450,
    free_delivery_threshold: 15_000,
  });
  await createPricingTier.execute(principal, {
    tier_name: "Outskirts (15-40 km)",
    min_distance_meters: 15_000,
    max_distance_meters: 40_000,
    delivery_fee: 900,
    free_delivery_threshold: null,
  });
};
