// GetStoreSettings, the use case behind GET /v1/store and GET /admin/v1/me; what it shares with its
// sibling use cases is in store-settings-records.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "./load-store.js";
import { toStoreRecord, type StoreRecord } from "./store-settings-records.js";

@injectable()
export class GetStoreSettings {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal): Promise<StoreRecord> {
    return toStoreRecord(await loadStore(this.stores, principal.storeId));
  }
}
