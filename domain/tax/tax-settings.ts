// A store's tax settings (prices with or without tax, its zones, the default zone, shipping's class) and
// the check they pass before they are saved. docs/taxes.md, "A store's settings" and "Refused settings".
import { Data, Either } from "effect";
import { hasFixedZeroRate, isTaxClass, STANDARD, type TaxClass } from "./tax-class.js";
import { isTaxRate } from "./tax-rate.js";
import { countryKey, regionKey, type TaxZone } from "./tax-zone.js";

export interface TaxSettings {
  /** True: shelf prices (and the shipping fee) include tax, which is taken out; false: tax is added on top. */
  readonly pricesIncludeTax: boolean;
  readonly zones: readonly TaxZone[];
  /** The zone for places no zone covers; one of `zones`. */
  readonly defaultZoneId: string;
  /** The class the shipping fee is taxed under. */
  readonly shippingTaxClass: TaxClass;
}

export type TaxSettingsProblem =
  | { readonly kind: "duplicate_zone_id"; readonly zoneId: string }
  | { readonly kind: "invalid_country"; readonly zoneId: string; readonly country: string }
  | { readonly kind: "same_place"; readonly zoneIds: readonly [string, string]; readonly country: string; readonly region: string | null }
  | { readonly kind: "unknown_default_zone"; readonly zoneId: string }
  | { readonly kind: "invalid_tax_class"; readonly zoneId: string | null; readonly taxClass: string }
  | { readonly kind: "invalid_rate"; readonly zoneId: string; readonly taxClass: string; readonly rate: unknown }
  | { readonly kind: "fixed_rate_class"; readonly zoneId: string; readonly taxClass: TaxClass }
  | { readonly kind: "missing_rate"; readonly zoneId: string; readonly taxClass: TaxClass };

export class InvalidTaxSettings extends Data.TaggedError("InvalidTaxSettings")<{
  readonly problems: readonly TaxSettingsProblem[];
}> {
  override readonly message = `tax settings refused: ${this.problems.map((p) => p.kind).join(", ")}`;
}

/**
 * Refuses settings a checkout could not use: every zone must rate `standard`, shipping's class and every
 * class in `classesInUse` (the classes products and variants name), so no place ever meets an unknown
 * rate; one zone per place; the default zone among the zones; `zero` and `exempt` only at 0.
 */
export function checkTaxSettings(settings: TaxSettings, classesInUse: readonly TaxClass[]): Either.Either<TaxSettings, InvalidTaxSettings> {
  const problems: TaxSettingsProblem[] = [];
  const required = new Set<TaxClass>([STANDARD, settings.shippingTaxClass, ...classesInUse].filter((c) => !hasFixedZeroRate(c)));
  if (!isTaxClass(settings.shippingTaxClass)) problems.push({ kind: "invalid_tax_class", zoneId: null, taxClass: settings.shippingTaxClass });
  const ids = new Set<string>();
  const places = new Map<string, string>();
  for (const zone of settings.zones) {
    if (ids.has(zone.id)) problems.push({ kind: "duplicate_zone_id", zoneId: zone.id });
    ids.add(zone.id);
    if (!/^[A-Z]{2}$/.test(zone.country)) problems.push({ kind: "invalid_country", zoneId: zone.id, country: zone.country });
    const region = regionKey(zone.region);
    const place = `${countryKey(zone.country)}\u0000${region ?? ""}`;
    const earlier = places.get(place);
    if (earlier === undefined) places.set(place, zone.id);
    else problems.push({ kind: "same_place", zoneIds: [earlier, zone.id], country: countryKey(zone.country), region });
    for (const [taxClass, rate] of Object.entries(zone.rates)) {
      if (!isTaxClass(taxClass)) problems.push({ kind: "invalid_tax_class", zoneId: zone.id, taxClass });
      else if (!isTaxRate(rate)) problems.push({ kind: "invalid_rate", zoneId: zone.id, taxClass, rate });
      else if (hasFixedZeroRate(taxClass) && rate !== 0) problems.push({ kind: "fixed_rate_class", zoneId: zone.id, taxClass });
    }
    for (const taxClass of required) {
      if (!Object.hasOwn(zone.rates, taxClass)) problems.push({ kind: "missing_rate", zoneId: zone.id, taxClass });
    }
  }
  if (!ids.has(settings.defaultZoneId)) problems.push({ kind: "unknown_default_zone", zoneId: settings.defaultZoneId });
  return problems.length === 0 ? Either.right(settings) : Either.left(new InvalidTaxSettings({ problems }));
}
