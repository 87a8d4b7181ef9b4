// The demo store: a realistic shop in Nairobi, the same every time (its own seeded generator,
// demo-random.ts, not faker: docs/decisions/operations.md, operations-22), so the quick start, the
// docs and manual tests all see the same data. Each capability adds its part.
import { SecretGenerator } from "../../application/ports/secret-generator.js";
import { CreateStaffMember } from "../../application/staff/create-staff-member.js";
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import { CreateStore } from "../../application/stores/create-store.js";
import { seedDemoCatalog } from "./demo-catalog.js";
import { seedDemoCustomers } from "./demo-customers.js";
import { seedDemoGiftCards } from "./demo-gift-cards.js";
import { seedDemoPricing } from "./demo-pricing.js";
import { seedDemoOrders } from "./demo-orders.js";
import { seedDemoPromotions } from "./demo-promotions.js";
import { seedDemoShipping } from "./demo-shipping.js";
import { seedDemoContent } from "./demo-content.js";
import { demoRandom } from "./demo-random.js";

export const DEMO_SEED = 20_261_122;

/**
 * The demo store's name: the one the seeded faker drew before the demo had its own generator
 * (operations-22), which the API reference's examples show.
 */
const DEMO_STORE_NAME = "Parisian, Boehm and Kuphal Home & Living";

export interface DemoCustomer {
  readonly id: string;
  readonly email: string;
  readonly password: string;
}

/**
 * The JSON that `storefront seed --demo --json` prints (docs/api/demo-store.md, "What the seed
 * prints").
 */
export interface DemoStoreSummary {
  readonly store_id: string;
  readonly secret_key: string;
  readonly publishable_key: string;
  readonly secret_key_live: string;
  readonly publishable_key_live: string;
  readonly hmac_secret: string;
  readonly customers: readonly DemoCustomer[];
  /** Codes of demo gift cards by state: active, expired, redeemed, inactive (empty without --demo). */
  readonly gift_cards: Readonly<Record<string, string>>;
  /** The demo owner of the back office and admin API (docs/staff.md): their password is random, shown once. */
  readonly staff_owner?: { readonly email: string; readonly password: string };
}

/** The demo store's owner: a staff member who signs in to /admin with the password printed at start. */
export const DEMO_OWNER_EMAIL = "owner@example.com";

export const seedDemoStore = async (container: Container): Promise<DemoStoreSummary> => {
  const random = demoRandom(DEMO_SEED);
  const created = await container.get(CreateStore).execute({
    name: DEMO_STORE_NAME,
    baseCurrency: "KES",
    timeZone: "Africa/Nairobi",
  });
  const principal: Principal = { storeId: created.store.id, keyId: "demo-seed", keyType: "secret", mode: "test" };
  const catalog = await seedDemoCatalog(container, principal, random);
  await seedDemoPricing(container, principal);
  const customers = await seedDemoCustomers(container, principal, catalog);
  await seedDemoShipping(container, principal);
  await seedDemoPromotions(container, principal);
  await seedDemoContent(container, principal);
  const giftCards = await seedDemoGiftCards(container, principal, customers);
  if (customers[0] !== undefined) await seedDemoOrders(container, principal, catalog, customers[0]);
  // A random password (never a fixed one: a demo store left on a public server must not open to it).
  const ownerPassword = `${container.get<SecretGenerator>(SecretGenerator).randomBase62(6)}-${container.get<SecretGenerator>(SecretGenerator).randomBase62(6)}-${container.get<SecretGenerator>(SecretGenerator).randomBase62(6)}`;
  await container.get(CreateStaffMember).execute({ storeId: created.store.id, email: DEMO_OWNER_EMAIL, name: "Demo Owner", role: "owner", password: ownerPassword }, { type: "system", id: null, label: "demo seed" });
  return {
    store_id: created.store.id,
    secret_key: created.keys.secretTest,
    publishable_key: created.keys.publishableTest,
    secret_key_live: created.keys.secretLive,
    publishable_key_live: created.keys.publishableLive,
    hmac_secret: created.store.hmacSecret,
    customers,
    gift_cards: { ...giftCards },
    staff_owner: { email: DEMO_OWNER_EMAIL, password: ownerPassword },
  };
};
