// GetTaxSettings, the use case behind GET /v1/store/tax-settings.
import { inject, injectable } from "inversify";
import { taxSettingsOf } from "../../domain/stores/store.js";
import type { Principal } from "../access/principal.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "./load-store.js";
import { toTaxSettingsRecord, type TaxSettingsRecord } from "./tax-settings-inputs.js";

@injectable()
export class GetTaxSettings {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal): Promise<TaxSettingsRecord> {
    return toTaxSettingsRecord(taxSettingsOf(await loadStore(this.stores, principal.storeId)));
  }
}
