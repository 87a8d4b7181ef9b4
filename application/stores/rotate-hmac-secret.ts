import { inject, injectable } from "inversify";
import { type Store } from "../../domain/stores/store.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "./load-store.js";
import { HMAC_GRACE_MS } from "./store-settings-records.js";

/** A new secret; the old one keeps verifying for 24 hours. Answers the new secret once. */
@injectable()
export class RotateHmacSecret {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal): Promise<{ readonly hmac_secret: string; readonly previous_secret_expires_at: string }> {
    return this.uow.run(async () => {
      const store = await loadStore(this.stores, principal.storeId, { forUpdate: true });
      const now = this.clock.now();
      const expiresAt = new Date(now.getTime() + HMAC_GRACE_MS).toISOString();
      const next: Store = { ...store, hmacSecret: this.secrets.randomBase62(48), previousHmacSecret: { secret: store.hmacSecret, expiresAt } };
      await this.stores.update(next, now.toISOString());
      return { hmac_secret: next.hmacSecret, previous_secret_expires_at: expiresAt };
    });
  }
}
