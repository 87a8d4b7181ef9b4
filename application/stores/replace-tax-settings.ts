import { Either } from "effect";
import { inject, injectable } from "inversify";
import { type Store } from "../../domain/stores/store.js";
import { checkTaxSettings } from "../../domain/tax/tax-settings.js";
import type { TaxClass } from "../../domain/tax/tax-class.js";
import type { Principal } from "../access/principal.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "./load-store.js";
import { toTaxSettings, toTaxSettingsRecord, type TaxSettingsInput, type TaxSettingsRecord } from "./tax-settings-inputs.js";
import { describeProblem } from "./tax-settings-records.js";

/** Replaces the settings; refused (422 `tax_settings_invalid`) with every problem named when checkTaxSettings refuses them. */
@injectable()
export class ReplaceTaxSettings {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: TaxSettingsInput): Promise<TaxSettingsRecord> {
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
