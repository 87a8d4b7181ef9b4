// The demo store's pricing (docs/api/demo-store.md, "What the demo store holds"): exchange rates
// from KES to the currencies of the regions it sells to, and segment, tier and volume price rules.
import { CreateExchangeRate } from "../../application/pricing/create-exchange-rate.js";
import { CreatePriceRule } from "../../application/pricing/create-price-rule.js";
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";

/** Units of each currency per 1 KES, as of the demo's date. */
const RATES: Readonly<Record<string, number>> = {
  USD: 0.0077,
  EUR: 0.0071,
  GBP: 0.0061,
  UGX: 28.5,
  TZS: 20.2,
  RWF: 10.4,
  NGN: 11.9,
  GHS: 0.118,
  ZAR: 0.141,
};

export const seedDemoPricing = async (container: Container, principal: Principal): Promise<void> => {
  const createExchangeRate = container.get(CreateExchangeRate);
  for (const [currency, rate] of Object.entries(RATES)) {
    await createExchangeRate.execute(principal, { currency: currency as never, rate, as_of: "2026-11-01T06:00:00Z" });
  }
  const createPriceRule = container.get(CreatePriceRule);
  await createPriceRule.execute(principal, { name: "Welcome back", kind: "segment", segment: "returning", discount_type: "percentage", value: 5 });
  await createPriceRule.execute(principal, { name: "Loyal customers", kind: "segment", segment: "loyal", discount_type: "percentage", value: 10 });
  await createPriceRule.execute(principal, { name: "Silver tier", kind: "tier", tier: "silver", min_lifetime_spend: 5_000_000, discount_type: "percentage", value: 3 });
  await createPriceRule.execute(principal, { name: "Gold tier", kind: "tier", tier: "gold", min_lifetime_spend: 20_000_000, discount_type: "fixed", value: 10_000 });
  await createPriceRule.execute(principal, { name: "Buy 5 or more", kind: "volume", min_quantity: 5, discount_type: "percentage", value: 5 });
  await createPriceRule.execute(principal, { name: "Buy 10 or more", kind: "volume", min_quantity: 10, discount_type: "percentage", value: 8 });
};
