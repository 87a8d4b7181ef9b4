import { inject, injectable } from "inversify";
import { type KeyType, type Mode } from "../../domain/access/api-key.js";
import { ApiKeyRepository, type StoredApiKey } from "../ports/api-key-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import type { Principal } from "./principal.js";
import { issueApiKey } from "./api-key-issuing.js";

/** A new key; its plain value is answered once. */
@injectable()
export class CreateApiKey {
  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, type: KeyType, mode: Mode): Promise<{ readonly key: StoredApiKey; readonly plain: string }> {
    return this.uow.run(() => issueApiKey({ keys: this.keys, audit: this.audit, ids: this.ids, secrets: this.secrets, clock: this.clock }, principal, type, mode, "api_key.create"));
  }
}
