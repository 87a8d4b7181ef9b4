// The store's API keys on the admin API (docs/staff.md, "API keys"): list them (never their
// secrets: a key is shown once, when it is made), create one of a type and mode, roll one (a new
// key of the same type and mode; the old one stops now) and revoke one. A revoked key is refused
// by this process at once and by others within the key cache's time (STOREFRONT_API_KEY_CACHE_MS).
// Each is audited. The key a request came with cannot revoke or roll itself.
import { inject, injectable } from "inversify";
import { API_KEY_RANDOM_LENGTH, apiKeyPrefix, type KeyType, type Mode } from "../../domain/access/api-key.js";
import { BusinessRuleViolation, ResourceMissing } from "../errors/resource-errors.js";
import { ApiKeyRepository, type StoredApiKey } from "../ports/api-key-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import type { Principal } from "./principal.js";

const DISPLAY_PREFIX_RANDOM_CHARS = 4;

export interface ApiKeyRecord {
  readonly id: string;
  readonly object: "api_key";
  readonly type: KeyType;
  readonly mode: Mode;
  /** The visible start of the key, to tell keys apart. */
  readonly display_prefix: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

export const toApiKeyRecord = (k: StoredApiKey): ApiKeyRecord => ({ id: k.id, object: "api_key", type: k.type, mode: k.mode, display_prefix: k.displayPrefix, created_at: k.createdAt, revoked_at: k.revokedAt });

const keyFields = (k: StoredApiKey | null): Record<string, unknown> | null => (k === null ? null : { type: k.type, mode: k.mode, display_prefix: k.displayPrefix, revoked_at: k.revokedAt });

@injectable()
export class ManageApiKeys {
  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  list(principal: Principal): Promise<readonly StoredApiKey[]> {
    return this.keys.listForStore(principal.storeId);
  }

  /** A new key; its plain value is answered once. */
  async create(principal: Principal, type: KeyType, mode: Mode): Promise<{ readonly key: StoredApiKey; readonly plain: string }> {
    return this.uow.run(() => this.issue(principal, type, mode, "api_key.create"));
  }

  async roll(principal: Principal, keyId: string): Promise<{ readonly key: StoredApiKey; readonly plain: string; readonly rolled: StoredApiKey }> {
    return this.uow.run(async () => {
      const old = await this.live(principal, keyId);
      const at = this.clock.now().toISOString();
      await this.keys.revoke(principal.storeId, old.id, at);
      const rolled = { ...old, revokedAt: at };
      await this.audit.record(principal, principal.storeId, { operation: "api_key.revoke", resourceType: "api_key", resourceId: old.id, before: keyFields(old), after: keyFields(rolled) });
      const made = await this.issue(principal, old.type, old.mode, "api_key.roll");
      return { ...made, rolled };
    });
  }

  async revoke(principal: Principal, keyId: string): Promise<StoredApiKey> {
    return this.uow.run(async () => {
      const old = await this.live(principal, keyId);
      const at = this.clock.now().toISOString();
      await this.keys.revoke(principal.storeId, old.id, at);
      const after = { ...old, revokedAt: at };
      await this.audit.record(principal, principal.storeId, { operation: "api_key.revoke", resourceType: "api_key", resourceId: old.id, before: keyFields(old), after: keyFields(after) });
      return after;
    });
  }

  private async live(principal: Principal, keyId: string): Promise<StoredApiKey> {
    const key = await this.keys.findById(principal.storeId, keyId);
    if (key === undefined) throw new ResourceMissing({ resource: "api_key", param: "id", message: "No such API key in this store." });
    if (key.revokedAt !== null) throw new BusinessRuleViolation({ code: "api_key_revoked", message: "This key is revoked already." });
    if (principal.staff === undefined && principal.keyId === key.id) {
      throw new BusinessRuleViolation({ code: "api_key_in_use", message: "A key cannot revoke or roll itself: use another secret key, or a staff session." });
    }
    return key;
  }

  private async issue(principal: Principal, type: KeyType, mode: Mode, operation: string): Promise<{ readonly key: StoredApiKey; readonly plain: string }> {
    const prefix = apiKeyPrefix(type, mode);
    const plain = prefix + this.secrets.randomBase62(API_KEY_RANDOM_LENGTH);
    const key: StoredApiKey = {
      id: this.ids.newId(),
      storeId: principal.storeId,
      type,
      mode,
      displayPrefix: plain.slice(0, prefix.length + DISPLAY_PREFIX_RANDOM_CHARS),
      hash: this.secrets.hash(plain),
      createdAt: this.clock.now().toISOString(),
      revokedAt: null,
    };
    await this.keys.create(key);
    await this.audit.record(principal, principal.storeId, { operation, resourceType: "api_key", resourceId: key.id, before: null, after: keyFields(key) });
    return { key, plain };
  }
}
