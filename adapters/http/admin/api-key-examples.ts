// The examples of the admin API's API key operations (api-key-routes.ts; docs/staff.md, "API
// keys"), keyed by operationId: list, create, roll, revoke.
import { ADMIN } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const KEY_ID = ADMIN.apiKey;

const keyExample = { id: KEY_ID, object: "api_key", type: "secret", mode: "test", display_prefix: "svc_sk_test_Ab12", created_at: "2026-11-27T09:00:00.000Z", revoked_at: null } as const;

export const adminApiKeyExamples = {
  adminListApiKeys: {
    response: {
      status: 200,
      body: {
        object: "list",
        data: [
          keyExample,
          { ...keyExample, id: "019ac001-0000-7000-8000-0000000000b2", type: "publishable", display_prefix: "svc_pk_test_Cd34" },
          { ...keyExample, id: "019ac001-0000-7000-8000-0000000000b3", mode: "live", display_prefix: "svc_sk_live_Ef56" },
          { ...keyExample, id: "019ac001-0000-7000-8000-0000000000b4", type: "publishable", mode: "live", display_prefix: "svc_pk_live_Gh78" },
        ],
      },
    },
  },
  adminCreateApiKey: { body: { type: "secret", mode: "test" }, response: { status: 201, body: { key: keyExample, secret: "svc_sk_test_Ab12000000000000000000000000000000000000" } } },
  adminRollApiKey: { params: { id: KEY_ID }, response: { status: 200, body: { key: { ...keyExample, id: ADMIN.rolledApiKey, display_prefix: "svc_sk_test_Ef56" }, secret: "svc_sk_test_Ef56000000000000000000000000000000000000" } } },
  adminRevokeApiKey: { params: { id: ADMIN.rolledApiKey }, response: { status: 200, body: { ...keyExample, id: ADMIN.rolledApiKey, revoked_at: "2026-11-27T09:05:00.000Z" } } },
} satisfies Record<string, RouteExample>;
