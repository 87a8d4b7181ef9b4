// Routes that exercise every part of the HTTP mechanism (path, query, body, `fields`, access,
// an unexpected failure), shared by the app and OpenAPI tests.
import { Schema } from "effect";
import { booleanParam, integerParam, uuidParam } from "../../adapters/http/query-params.js";
import { defineRoute, type AnyRoute } from "../../adapters/http/route-definition.js";

export const TEST_INFO = { title: "Mechanism test API", version: "0.0.1", description: "Routes that exercise the HTTP mechanism." };

const WidgetQuery = Schema.Struct({
  limit: Schema.optional(integerParam(1, 200)),
  active: Schema.optional(booleanParam),
  owner_id: Schema.optional(uuidParam),
});

const WidgetBody = Schema.Struct({
  name: Schema.String.pipe(Schema.minLength(1)),
  quantity: Schema.Int.pipe(Schema.between(1, 100)),
  note: Schema.optional(Schema.String),
  parts: Schema.optional(Schema.Array(Schema.Struct({ sku: Schema.String }))),
});

/** Routes that exercise each part of the mechanism; also used by the OpenAPI test. */
export const testRoutes = (): AnyRoute[] => [
  defineRoute({
    operationId: "getWidget",
    method: "GET",
    path: "/v1/widgets/{id}",
    summary: "Read a widget",
    description: "Answers the widget with the decoded query and the caller (any key).",
    tag: "Widgets",
    example: { params: { id: "0193f7a2-5b1c-7d4e-8f90-1a2b3c4d5e6f" }, query: { limit: "2" }, response: { status: 200 } },
    access: "publishable",
    params: Schema.Struct({ id: uuidParam }),
    query: WidgetQuery,
    fields: { allowed: { id: true, name: true, price: { amount: true, currency: true }, query: true, caller: { store_id: true, mode: true, key_type: true } } },
    success: { status: 200, description: "The widget." },
    handle: async ({ params, query, principal }) => ({
      id: params.id,
      name: "Sprocket",
      price: { amount: 1500, currency: "KES" },
      query: { limit: query.limit ?? null, active: query.active ?? null, owner_id: query.owner_id ?? null },
      caller: { store_id: principal.storeId, mode: principal.mode, key_type: principal.keyType },
    }),
  }),
  defineRoute({
    operationId: "createWidget",
    method: "POST",
    path: "/v1/widgets",
    summary: "Create a widget",
    description: "Answers the decoded body with the caller's store (secret key).",
    tag: "Widgets",
    example: { body: { name: "Sprocket", quantity: 3 }, response: { status: 201 } },
    access: "secret",
    body: WidgetBody,
    success: { status: 201, description: "The new widget." },
    handle: async ({ body, principal }) => ({ ...body, store_id: principal.storeId }),
  }),
  defineRoute({
    operationId: "explode",
    method: "GET",
    path: "/v1/boom",
    summary: "Fails unexpectedly",
    description: "Always throws, to show an unexpected failure's 500.",
    tag: "Widgets",
    example: { response: { status: 200 } },
    access: "publishable",
    success: { status: 200, description: "Never." },
    handle: async (): Promise<unknown> => {
      throw new Error("boom");
    },
  }),
];
