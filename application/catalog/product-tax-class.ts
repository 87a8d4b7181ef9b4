// A product's or variant's tax class is saved only when every tax zone of the store rates it
// (docs/taxes.md, "A class a zone does not rate"): so no checkout meets a class without a rate.
import { Either } from "effect";
import { taxSettingsOf } from "../../domain/stores/store.js";
import { checkClassRated } from "../../domain/tax/store-tax-defaults.js";
import type { TaxClass } from "../../domain/tax/tax-class.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import type { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";

export interface NamedTaxClass {
  /** The body's field that names it, for the error's `param`. */
  readonly param: string;
  readonly taxClass: string | null | undefined;
}

/**
 * Refuses (422 `tax_rate_missing`, naming the zone and the class) a class some zone has no rate for.
 * Call it inside the write's unit of work: when a class is named it locks the store's row, as a
 * settings write does, so the two cannot pass each other.
 */
export async function requireRatedTaxClasses(stores: StoreRepository, storeId: string, named: readonly NamedTaxClass[]): Promise<void> {
  const given = named.filter((n): n is NamedTaxClass & { taxClass: string } => n.taxClass !== null && n.taxClass !== undefined);
  if (given.length === 0) return;
  const settings = taxSettingsOf(await loadStore(stores, storeId, { forUpdate: true }));
  for (const { param, taxClass } of given) {
    const rated = checkClassRated(settings.zones, taxClass as TaxClass);
    if (Either.isLeft(rated)) {
      const zone = settings.zones.find((z) => z.id === rated.left.zoneId);
      throw new BusinessRuleViolation({
        code: "tax_rate_missing",
        param,
        message: `Tax zone ${rated.left.zoneId}${zone === undefined ? "" : ` (${zone.name})`} has no rate for tax class ${taxClass}; add the rate to the store's tax settings first, or choose another class.`,
      });
    }
  }
}
