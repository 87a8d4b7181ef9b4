// RollApiKey, the use case behind POST /admin/v1/api-keys/{id}/roll; what it shares with its
// sibling use cases is in api-key-issuing.ts.
import { inject, injectable } from "inversify";
import { ApiKeyRepository, type StoredApiKey } from "../ports/api-key-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import type { Principal } from "./principal.js";
import { keyFields, issueApiKey, liveApiKey } from "./api-key-issuing.js";

@injectable()
export class RollApiKey {
  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, keyId: string): Promise<{ readonly key: StoredApiKey; readonly plain: string; readonly rolled: StoredApiKey }> {
    return this.uow.run(async () => {
      const old = await liveApiKey({ keys: this.keys }, principal, keyId);
      const at = this.clock.now().toISOString();
      await this.keys.revoke(principal.storeId, old.id, at);
      const rolled = { ...old, revokedAt: at };
      await this.audit.record(principal, principal.storeId, { operation: "api_key.revoke", resourceType: "api_key", resourceId: old.id, before: keyFields(old), after: keyFields(rolled) });
      const made = await issueApiKey({ keys: this.keys, audit: this.audit, ids: this.ids, secrets: this.secrets, clock: this.clock }, principal, old.type, old.mode, "api_key.roll");
      return { ...made, rolled };
    });
  }
}
