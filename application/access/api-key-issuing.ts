// The store's API keys on the admin API (docs/staff.md, "API keys"): list them (never their
// secrets: a key is shown once, when it is made), create one of a type and mode, roll one (a new
// key of the same type and mode; the old one stops now) and revoke one. A revoked key is refused
// by this process at once and by others within the key cache's time (STOREFRONT_API_KEY_CACHE_MS).
// Each is audited. The key a request came with cannot revoke or roll itself.
// This module holds what the use cases ListApiKeys, CreateApiKey, RollApiKey and RevokeApiKey share
// (one class a file, docs/architecture.md, the application/ ring).
import { API_KEY_RANDOM_LENGTH, apiKeyPrefix, type KeyType, type Mode } from "../../domain/access/api-key.js";
import { BusinessRuleViolation, ResourceMissing } from "../errors/resource-errors.js";
import { ApiKeyRepository, type StoredApiKey } from "../ports/api-key-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { AuditTrail } from "../staff/audit-trail.js";
import type { Principal } from "./principal.js";

export const DISPLAY_PREFIX_RANDOM_CHARS = 4;

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

export const keyFields = (k: StoredApiKey | null): Record<string, unknown> | null => (k === null ? null : { type: k.type, mode: k.mode, display_prefix: k.displayPrefix, revoked_at: k.revokedAt });

export async function issueApiKey(deps: { readonly keys: ApiKeyRepository; readonly audit: AuditTrail; readonly ids: IdGenerator; readonly secrets: SecretGenerator; readonly clock: Clock }, principal: Principal, type: KeyType, mode: Mode, operation: string): Promise<{ readonly key: StoredApiKey; readonly plain: string }> {
  const prefix = apiKeyPrefix(type, mode);
  const plain = prefix + deps.secrets.randomBase62(API_KEY_RANDOM_LENGTH);
  const key: StoredApiKey = {
    id: deps.ids.newId(),
    storeId: principal.storeId,
    type,
    mode,
    displayPrefix: plain.slice(0, prefix.length + DISPLAY_PREFIX_RANDOM_CHARS),
    hash: deps.secrets.hash(plain),
    createdAt: deps.clock.now().toISOString(),
    revokedAt: null,
  };
  await deps.keys.create(key);
  await deps.audit.record(principal, principal.storeId, { operation, resourceType: "api_key", resourceId: key.id, before: null, after: keyFields(key) });
  return { key, plain };
}

export async function liveApiKey(deps: { readonly keys: ApiKeyRepository }, principal: Principal, keyId: string): Promise<StoredApiKey> {
  const key = await deps.keys.findById(principal.storeId, keyId);
  if (key === undefined) throw new ResourceMissing({ resource: "api_key", param: "id", message: "No such API key in this store." });
  if (key.revokedAt !== null) throw new BusinessRuleViolation({ code: "api_key_revoked", message: "This key is revoked already." });
  if (principal.staff === undefined && principal.keyId === key.id) {
    throw new BusinessRuleViolation({ code: "api_key_in_use", message: "A key cannot revoke or roll itself: use another secret key, or a staff session." });
  }
  return key;
}
