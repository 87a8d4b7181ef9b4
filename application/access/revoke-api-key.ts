// RevokeApiKey, the use case behind POST /admin/v1/api-keys/{id}/revoke; what it shares with its
// sibling use cases is in api-key-issuing.ts.
import { inject, injectable } from "inversify";
import { ApiKeyRepository, type StoredApiKey } from "../ports/api-key-repository.js";
import { Clock } from "../ports/clock.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import type { Principal } from "./principal.js";
import { keyFields, liveApiKey } from "./api-key-issuing.js";

@injectable()
export class RevokeApiKey {
  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, keyId: string): Promise<StoredApiKey> {
    return this.uow.run(async () => {
      const old = await liveApiKey({ keys: this.keys }, principal, keyId);
      const at = this.clock.now().toISOString();
      await this.keys.revoke(principal.storeId, old.id, at);
      const after = { ...old, revokedAt: at };
      await this.audit.record(principal, principal.storeId, { operation: "api_key.revoke", resourceType: "api_key", resourceId: old.id, before: keyFields(old), after: keyFields(after) });
      return after;
    });
  }
}
