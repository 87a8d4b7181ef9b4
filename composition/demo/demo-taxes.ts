// The demo store's taxes (docs/taxes.md): a Kenyan shop. Shelf prices include 16 % VAT; it ships to
// Uganda and Tanzania at their 18 %; its food (the coffee beans) is zero-rated, as Kenya zero-rates
// basic foods; the delivery fee is taxed as standard.
import { ReplaceTaxSettings } from "../../application/stores/replace-tax-settings.js";
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import type { TaxSettingsInput } from "../../application/stores/tax-settings-inputs.js";
import type { TaxClass } from "../../domain/tax/tax-class.js";
import type { TaxRate } from "../../domain/tax/tax-rate.js";

const ppm = (partsPerMillion: number): TaxRate => partsPerMillion as TaxRate;

export const DEMO_TAX_SETTINGS: TaxSettingsInput = {
  prices_include_tax: true,
  zones: [
    { id: "ke", name: "Kenya", country: "KE", region: null, rates: { standard: ppm(160_000) } },
    { id: "ug", name: "Uganda", country: "UG", region: null, rates: { standard: ppm(180_000) } },
    { id: "tz", name: "Tanzania", country: "TZ", region: null, rates: { standard: ppm(180_000) } },
  ],
  default_zone_id: "ke",
  shipping_tax_class: "standard" as TaxClass,
};

export const seedDemoTaxes = async (container: Container, principal: Principal): Promise<void> => {
  await container.get(ReplaceTaxSettings).execute(principal, DEMO_TAX_SETTINGS);
};
