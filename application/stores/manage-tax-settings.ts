// The store's tax settings (docs/taxes.md, "A store's settings"): read them, and replace them as a
// whole once checkTaxSettings accepts them with the classes the store's products and variants name.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { taxSettingsOf, type Store } from "../../domain/stores/store.js";
import { checkTaxSettings, type TaxSettingsProblem } from "../../domain/tax/tax-settings.js";
import type { TaxClass } from "../../domain/tax/tax-class.js";
import type { Principal } from "../access/principal.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "./load-store.js";
import { toTaxSettings, toTaxSettingsRecord, type TaxSettingsInput, type TaxSettingsRecord } from "./tax-settings-inputs.js";

/** One refused point in the API's words: where in the body, and what is wrong (docs/taxes.md, "Refused settings"). */
const describeProblem = (problem: TaxSettingsProblem, zoneIndex: (id: string) => number): { param: string; message: string } => {
  const at = (id: string) => `zones[${zoneIndex(id)}]`;
  switch (problem.kind) {
    case "missing_rate":
      return { param: `${at(problem.zoneId)}.rates`, message: `tax zone ${problem.zoneId} has no rate for tax class ${problem.taxClass}, which is in use` };
    case "same_place":
      return { param: at(problem.zoneIds[1]), message: `tax zones ${problem.zoneIds[0]} and ${problem.zoneIds[1]} cover the same place (${problem.country}${problem.region === null ? "" : `, ${problem.region}`})` };
    case "duplicate_zone_id":
      return { param: at(problem.zoneId), message: `two tax zones have the id ${problem.zoneId}` };
    case "unknown_default_zone":
      return { param: "default_zone_id", message: `default_zone_id ${problem.zoneId} names no zone` };
    case "invalid_country":
      return { param: `${at(problem.zoneId)}.country`, message: `tax zone ${problem.zoneId} has no valid country (${problem.country})` };
    case "invalid_tax_class":
      return problem.zoneId === null
        ? { param: "shipping_tax_class", message: `${problem.taxClass} is not a tax class name` }
        : { param: `${at(problem.zoneId)}.rates`, message: `tax zone ${problem.zoneId} rates ${problem.taxClass}, which is not a tax class name` };
    case "invalid_rate":
      return { param: `${at(problem.zoneId)}.rates.${problem.taxClass}`, message: `tax zone ${problem.zoneId} has an invalid rate for ${problem.taxClass}` };
    case "fixed_rate_class":
      return { param: `${at(problem.zoneId)}.rates.${problem.taxClass}`, message: `tax zone ${problem.zoneId} gives ${problem.taxClass} a rate other than 0; ${problem.taxClass} is always 0` };
  }
};

@injectable()
export class ManageTaxSettings {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async get(principal: Principal): Promise<TaxSettingsRecord> {
    return toTaxSettingsRecord(taxSettingsOf(await loadStore(this.stores, principal.storeId)));
  }

  /** Replaces the settings; refused (422 `tax_settings_invalid`) with every problem named when checkTaxSettings refuses them. */
  async replace(principal: Principal, input: TaxSettingsInput): Promise<TaxSettingsRecord> {
    const settings = toTaxSettings(input);
    return this.uow.run(async () => {
      // The store's row locked first: a product write naming a class locks it too (product-tax-class.ts),
      // so the classes read next stay the classes in use until this commits.
      const store = await loadStore(this.stores, principal.storeId, { forUpdate: true });
      const inUse = (await this.products.taxClassesInUse(store.id)) as TaxClass[];
      const checked = checkTaxSettings(settings, inUse);
      if (Either.isLeft(checked)) {
        const zoneIndex = (id: string) => settings.zones.findIndex((z) => z.id === id);
        const described = checked.left.problems.map((p) => describeProblem(p, zoneIndex));
        throw new BusinessRuleViolation({
          code: "tax_settings_invalid",
          param: described[0]!.param,
          message: `The tax settings are refused: ${described.map((d) => d.message).join("; ")}.`,
        });
      }
      const next: Store = { ...store, taxSettings: checked.right };
      await this.stores.update(next, this.clock.now().toISOString());
      return toTaxSettingsRecord(checked.right);
    });
  }
}
