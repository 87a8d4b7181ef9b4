// The store's API keys on the admin API (docs/staff.md, "API keys"): list, create, roll, revoke.
import { ListApiKeys } from "../../../application/access/list-api-keys.js";
import { CreateApiKey } from "../../../application/access/create-api-key.js";
import { RollApiKey } from "../../../application/access/roll-api-key.js";
import { RevokeApiKey } from "../../../application/access/revoke-api-key.js";
import { toApiKeyRecord } from "../../../application/access/api-key-issuing.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { KeyType, Mode } from "../../../domain/access/api-key.js";
import { uuidParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { adminApiKeyExamples } from "./api-key-examples.js";

const TAG = "API keys";

const ApiKeySchema = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("api_key"),
  type: KeyType.annotations({ description: "secret (server side, may do everything) or publishable (in browsers and apps)." }),
  mode: Mode.annotations({ description: "live or test." }),
  display_prefix: Schema.String.annotations({ description: "The key's visible start, to tell keys apart; the key itself is shown only when made." }),
  created_at: Schema.String,
  revoked_at: Schema.NullOr(Schema.String),
}).annotations({ identifier: "ApiKey" });

const NewKey = Schema.Struct({
  key: ApiKeySchema,
  secret: Schema.String.annotations({ description: "The whole key: shown only in this answer, only its hash is kept." }),
});

const IdParams = Schema.Struct({ id: uuidParam });

@injectable()
export class ApiKeyRoutes implements RouteModule {
  constructor(@inject(ListApiKeys) private readonly listApiKeys: ListApiKeys,
    @inject(CreateApiKey) private readonly createApiKey: CreateApiKey,
    @inject(RollApiKey) private readonly rollApiKey: RollApiKey,
    @inject(RevokeApiKey) private readonly revokeApiKey: RevokeApiKey) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminListApiKeys",
        method: "GET",
        path: "/admin/v1/api-keys",
        summary: "The store's API keys (never their secrets)",
        description: "Permission `api_keys.manage` (owners only). Every key of the store, newest first, revoked ones included, by their visible prefix.",
        tag: TAG,
        access: "secret",
        permission: "api_keys.manage",
        example: adminApiKeyExamples.adminListApiKeys,
        success: { status: 200, description: "The keys.", schema: Schema.Struct({ object: Schema.Literal("list"), data: Schema.Array(ApiKeySchema) }) },
        handle: async ({ principal }) => ({ object: "list" as const, data: (await this.listApiKeys.execute(principal)).map(toApiKeyRecord) }),
      }),
      defineRoute({
        operationId: "adminCreateApiKey",
        method: "POST",
        path: "/admin/v1/api-keys",
        summary: "Create an API key of a type and mode; the key is shown once",
        description: "Permission `api_keys.manage`. A new secret or publishable key, live or test. The whole key is in this answer only.",
        tag: TAG,
        access: "secret",
        permission: "api_keys.manage",
        idempotency: "optional",
        body: Schema.Struct({ type: KeyType, mode: Mode }),
        example: adminApiKeyExamples.adminCreateApiKey,
        success: { status: 201, description: "The key and its secret (once).", schema: NewKey },
        handle: async ({ principal, body }) => {
          const made = await this.createApiKey.execute(principal, body.type, body.mode);
          return { key: toApiKeyRecord(made.key), secret: made.plain };
        },
      }),
      defineRoute({
        operationId: "adminRollApiKey",
        method: "POST",
        path: "/admin/v1/api-keys/{id}/roll",
        summary: "Roll a key: a new key of the same type and mode, the old one revoked now",
        description: "Permission `api_keys.manage`. For a key that may have leaked: the old key stops working now (in other server processes within the key cache's time), the new one is shown once. A key cannot roll itself (422 `api_key_in_use`).",
        tag: TAG,
        access: "secret",
        permission: "api_keys.manage",
        params: IdParams,
        errors: [422],
        example: adminApiKeyExamples.adminRollApiKey,
        success: { status: 200, description: "The new key and its secret (once).", schema: NewKey },
        handle: async ({ principal, params }) => {
          const made = await this.rollApiKey.execute(principal, params.id);
          return { key: toApiKeyRecord(made.key), secret: made.plain };
        },
      }),
      defineRoute({
        operationId: "adminRevokeApiKey",
        method: "POST",
        path: "/admin/v1/api-keys/{id}/revoke",
        summary: "Revoke a key",
        description: "Permission `api_keys.manage`. The key stops working now (other processes within the key cache's time). 422 `api_key_revoked` when it is already; a key cannot revoke itself (422 `api_key_in_use`).",
        tag: TAG,
        access: "secret",
        permission: "api_keys.manage",
        params: IdParams,
        errors: [422],
        example: adminApiKeyExamples.adminRevokeApiKey,
        success: { status: 200, description: "The revoked key.", schema: ApiKeySchema },
        handle: async ({ principal, params }) => toApiKeyRecord(await this.revokeApiKey.execute(principal, params.id)),
      }),
    ];
  }
}
