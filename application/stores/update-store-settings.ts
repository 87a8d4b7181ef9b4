// UpdateStoreSettings, the use case behind PATCH /v1/store; what it shares with its sibling use
// cases is in store-settings-records.ts.
import { inject, injectable } from "inversify";
import { taxSettingsOf, type Store } from "../../domain/stores/store.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "./load-store.js";
import { StoreSettingsPatch, toStoreRecord, type StoreRecord, withDefaultStandardRate } from "./store-settings-records.js";

@injectable()
export class UpdateStoreSettings {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, patch: StoreSettingsPatch): Promise<StoreRecord> {
    return this.uow.run(async () => {
      // Read and locked in the write's transaction: a copy could undo another process's change.
      const store = await loadStore(this.stores, principal.storeId, { forUpdate: true });
      const latitude = patch.latitude !== undefined ? patch.latitude : (store.location?.latitude ?? null);
      const longitude = patch.longitude !== undefined ? patch.longitude : (store.location?.longitude ?? null);
      const next: Store = {
        ...store,
        name: patch.name ?? store.name,
        location: latitude === null || longitude === null ? null : { latitude, longitude },
        taxSettings: patch.tax_rate_percent === undefined ? taxSettingsOf(store) : withDefaultStandardRate(taxSettingsOf(store), patch.tax_rate_percent),
        timeZone: patch.time_zone ?? store.timeZone ?? "UTC",
        address: patch.address !== undefined ? patch.address : (store.address ?? null),
        taxNumber: patch.tax_number !== undefined ? patch.tax_number : (store.taxNumber ?? null),
      };
      await this.stores.update(next, this.clock.now().toISOString());
      return toStoreRecord(next);
    });
  }
}
