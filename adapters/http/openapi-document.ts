// Builds the OpenAPI 3.1 document from the route definitions: the same Effect Schemas that
// decode requests describe them here, so the document cannot drift from the code.
import { Either, JSONSchema, Schema } from "effect";
import type { AnyRoute } from "./route-definition.js";

type JsonObject = Record<string, unknown>;

const ERROR_RESPONSES: Readonly<Record<number, string>> = {
  400: "The request is invalid: a parameter, the body or `fields` is wrong.",
  401: "No API key, or an unknown or revoked one.",
  403: "The key (or customer token) may not do this.",
  404: "No such record in this store, or no such route.",
  405: "The path exists but not with this method.",
  409: "The request conflicts with the record's state.",
  413: "The body is larger than 1 MiB.",
  414: "The URL is longer than 8 KiB (`request_too_large`).",
  415: "The body is not JSON.",
  422: "The request is well formed but breaks a business rule.",
  429: "Too many requests; retry after `Retry-After` seconds.",
  431: "The headers, with the URL, are larger than 16 KiB (`request_too_large`).",
  500: "An unexpected error; quote the request_id.",
  502: "A payment provider refused the request (`provider_error`, with its message).",
  503: "The database is unavailable; retry after `Retry-After` seconds.",
};

/** The value a parameter takes when it is not sent (`Schema.optionalWith(..., { default })`), if it has one. */
const defaultOf = (schema: Schema.Schema.Any, name: string): unknown => {
  const fields = (schema as { readonly fields?: Record<string, Schema.Struct.Field> }).fields;
  const field = fields?.[name];
  if (field === undefined) return undefined;
  const decoded = Schema.decodeUnknownEither(Schema.Struct({ [name]: field }) as unknown as Schema.Schema<Record<string, unknown>, unknown>)({});
  return Either.isRight(decoded) ? decoded.right[name] : undefined;
};

const ErrorBody = Schema.Struct({
  error: Schema.Struct({
    type: Schema.String.annotations({ description: "The kind of error, e.g. invalid_request_error or authentication_error." }),
    code: Schema.String.annotations({ description: "A stable code to act on, e.g. parameter_invalid or resource_missing." }),
    message: Schema.String.annotations({ description: "What went wrong, for a person to read." }),
    param: Schema.optional(Schema.String).annotations({ description: "The parameter at fault (`limit`, `variants[0].sku`), when one is." }),
    request_id: Schema.String.annotations({ description: "The request's id, also in the Request-Id header: quote it when asking for help." }),
  }).annotations({ description: "The error." }),
}).annotations({ identifier: "Error" });

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
}

/** What each group of operations is for (one line each, as a reader of the reference sees them). */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Products: "The catalog: products with their variants, by list, id or slug; created, edited and retired with a secret key.",
  Categories: "Categories and subcategories that place products in the catalog.",
  Collections: "Curated product collections (manual or by rule) and their items.",
  Pricing: "Prices as a customer sees them: by place or region, in their currency, with volume and customer rules; price rules and exchange rates.",
  "Customer accounts": "Registration, one-time-code sign-in, token refresh and the signed-in customer.",
  Customers: "Customer records as the store keeps them (secret key).",
  Wishlist: "A customer's saved products.",
  Messaging: "Threads and messages between customers and the store.",
  Returns: "A customer's requests to send back lines of an order, and where each stands.",
  "Refunds and returns": "Refunds through the payment provider that took an order's payment, and the returns staff approve, receive and refund.",
  Cart: "The shopping cart of a session or a customer: items in minor units, promotions and gift cards applied.",
  Store: "The store's own settings: currency, location, tax.",
  Orders: "Orders made at checkout (amounts in major units), listed and moved through their states.",
  Promotions: "Discounts and offers, with their usage limits.",
  "Gift cards": "Gift cards: balance checks, issue, top-up and their ledger.",
  Shipping: "Delivery zones and distance-priced tiers.",
  Posts: "Editorial content: blog posts.",
  Lookbooks: "Editorial content: lookbooks with shoppable hotspots.",
  Search: "Text and semantic product search, and recommendations.",
  Webhooks: "Signed event deliveries to the store's endpoints, with their history.",
  Payments: "Payments through the configured providers: initialise, verify, and their callbacks.",
  Meta: "The API itself: this document, health probes and metrics.",
};

/**
 * The schema library's own words out of the document: its generated titles (`maxLength(200)`,
 * `between(1, 200)`) and descriptions (`a string that will be trimmed`, `a number between 1 and
 * 200`) say again what the keywords beside them say. What they stood for that JSON Schema can
 * say better becomes a `format` (uuid, date-time, date, email, uri).
 */
const GENERATED_TITLE = /^(maxLength|minLength|between|maxItems|minItems|lessThan|lessThanOrEqualTo|greaterThan|greaterThanOrEqualTo|int|unknown|nonNegative|positive|negative|finite|trimmed|length|itemsCount)(\(.*\))?$/;
const GENERATED_DESCRIPTION = /^an? (string|number|integer|array|Universally Unique Identifier|positive|negative|non-negative|finite)\b/;
const FORMATS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}T/, "date-time"],
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, "date"],
  [/^\^\[\^\\s@\]\+@/, "email"],
  [/^\^https\?:/, "uri"],
];
const tidy = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  const object = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(object)) {
    // An example is data a client sends or gets: its own `title` or `description` stays as it is.
    if (key === "example" || key === "examples") {
      out[key] = inner;
      continue;
    }
    if (key === "title" && typeof inner === "string" && GENERATED_TITLE.test(inner)) continue;
    if (key === "description" && typeof inner === "string" && GENERATED_DESCRIPTION.test(inner)) continue;
    out[key] = tidy(inner);
  }
  const pattern = object.pattern;
  const format = typeof pattern === "string" ? FORMATS.find(([source]) => source.test(pattern))?.[1] : undefined;
  if (format !== undefined && object.format === undefined && object.type === "string") out.format = format;
  return out;
};

/** The example answer of `GET /v1/openapi.json`: its top level, with one path of the many. */
const DOCUMENT_EXAMPLE = (info: OpenApiInfo): JsonObject => ({
  openapi: "3.1.0",
  info: { title: info.title, version: info.version, description: info.description, license: { name: "MIT", identifier: "MIT" } },
  servers: [{ url: "/" }],
  security: [{ anyKey: [] }],
  tags: [{ name: "Meta", description: TAG_DESCRIPTIONS.Meta }],
  paths: { "/healthz": { get: { operationId: "getHealth", summary: "Liveness: the process answers (no database touched; for Kubernetes livenessProbe)" } } },
  components: { schemas: {}, securitySchemes: {} },
});

/** The start of a `GET /metrics` answer (the Prometheus text format). */
const METRICS_EXAMPLE = [
  "# HELP storefront_http_requests_total HTTP requests answered, by method, route template and status.",
  "# TYPE storefront_http_requests_total counter",
  'storefront_http_requests_total{method="GET",route="/v1/products",status="200"} 1284',
  "# HELP storefront_http_request_duration_seconds Time from a request's arrival to its answer, by method, route template and status.",
  "# TYPE storefront_http_request_duration_seconds histogram",
  'storefront_http_request_duration_seconds_bucket{method="GET",route="/v1/products",status="200",le="0.05"} 1250',
  "",
].join("\n");

/** A media type's `examples`: the one example of the operation. */
const namedExample = (value: unknown): JsonObject => ({ example: { value } });

/**
 * The example's path or query values as the parameters' schemas describe them (a `limit` of
 * `"2"` is the integer 2); an example naming a parameter the route does not take, or a value it
 * refuses, stops the build, so a wrong example cannot reach the document.
 */
const exampleValues = (
  route: AnyRoute,
  schema: Schema.Schema.Any | undefined,
  given: Readonly<Record<string, string>> | undefined,
  location: "path" | "query",
): Record<string, unknown> => {
  const entries = Object.entries(given ?? {}).filter(([name]) => !(location === "query" && name === "fields" && route.fields !== undefined));
  if (entries.length === 0) return {};
  if (schema === undefined) throw new Error(`${route.operationId}: the example gives ${location} parameters the route does not take`);
  const known = (schema as { readonly fields?: Record<string, unknown> }).fields ?? {};
  for (const [name] of entries) {
    if (!(name in known)) throw new Error(`${route.operationId}: the example gives ${location} parameter ${name}, which the route does not take`);
  }
  const decoded = Schema.decodeUnknownEither(schema as Schema.Schema<Record<string, unknown>, unknown>)(Object.fromEntries(entries));
  if (Either.isLeft(decoded)) throw new Error(`${route.operationId}: the example's ${location} parameters do not decode: ${decoded.left.message}`);
  return Object.fromEntries(entries.map(([name]) => [name, decoded.right[name]]));
};

/**
 * Encoding a transformed field (trimmed text, a number read from a string, a default) drops the
 * field's annotations, so the encoded schema would lose its description. The schema as declared
 * describes the same encoded names; its descriptions are copied across by property name.
 */
const copyDescriptions = (target: unknown, targetDefs: Record<string, JsonObject>, source: unknown, sourceDefs: Record<string, JsonObject>, seen = new Map<unknown, Set<unknown>>()): void => {
  const resolve = (node: unknown, defs: Record<string, JsonObject>): JsonObject | undefined => {
    let current = node as JsonObject | undefined;
    for (let hops = 0; typeof current?.$ref === "string" && hops < 8; hops++) current = defs[current.$ref.split("/").pop() ?? ""];
    return current !== null && typeof current === "object" ? current : undefined;
  };
  const to = resolve(target, targetDefs);
  const from = resolve(source, sourceDefs);
  if (to === undefined || from === undefined) return;
  const pairs = seen.get(to) ?? new Set<unknown>();
  if (pairs.has(from)) return;
  seen.set(to, pairs.add(from));
  const declared = (node: JsonObject): string | undefined =>
    typeof node.description === "string" && !GENERATED_DESCRIPTION.test(node.description) ? node.description : undefined;
  const toProperties = to.properties as Record<string, JsonObject> | undefined;
  const fromProperties = from.properties as Record<string, JsonObject> | undefined;
  if (toProperties !== undefined && fromProperties !== undefined) {
    for (const [name, property] of Object.entries(toProperties)) {
      const original = fromProperties[name];
      if (original === undefined) continue;
      const description = declared(original);
      // A new object: the schema library shares some nodes (`{}` for unknown) between uses.
      if (description !== undefined && declared(property) === undefined) toProperties[name] = { ...property, description };
      copyDescriptions(toProperties[name], targetDefs, original, sourceDefs, seen);
    }
  }
  if (to.items !== undefined && from.items !== undefined) copyDescriptions(to.items, targetDefs, from.items, sourceDefs, seen);
  for (const key of ["anyOf", "allOf"] as const) {
    const members = to[key] as unknown[] | undefined;
    if (members === undefined) continue;
    const originals = (from[key] ?? from.anyOf ?? from.allOf ?? [from]) as unknown[];
    members.forEach((member, i) => copyDescriptions(member, targetDefs, originals.length === members.length ? originals[i] : originals.find((o) => resolve(o, sourceDefs)?.type !== "null"), sourceDefs, seen));
  }
  if (to.anyOf === undefined && to.allOf === undefined) {
    for (const key of ["anyOf", "allOf"] as const) for (const original of (from[key] as unknown[] | undefined) ?? []) copyDescriptions(to, targetDefs, original, sourceDefs, seen);
  }
};

/**
 * A list envelope (docs/api/conventions.md, "Lists and paging": one array named after the resource
 * beside `pagination`) is declared inline by each list route; its two properties are described
 * here, the same for all.
 */
const describeListEnvelopes = (value: unknown): void => {
  if (Array.isArray(value)) return value.forEach(describeListEnvelopes);
  if (value === null || typeof value !== "object") return;
  const object = value as JsonObject;
  const properties = object.properties as Record<string, JsonObject> | undefined;
  const names = Object.keys(properties ?? {});
  // An answer holding one whole list (no pages) is described the same way.
  if (properties !== undefined && names.length === 1 && properties[names[0] as string]?.type === "array") {
    const list = names[0] as string;
    properties[list] = { description: `All the ${list.replace(/_/g, " ")}, in one answer (no pages).`, ...properties[list] };
  }
  if (properties !== undefined && names.length === 2 && properties.pagination !== undefined) {
    const list = names.find((name) => name !== "pagination") as string;
    if (properties[list]?.type === "array") {
      properties[list] = { description: `This page of ${list.replace(/_/g, " ")}, in the list's order.`, ...properties[list] };
      properties.pagination = { description: "Where this page ends and whether another follows.", ...properties.pagination };
    }
  }
  Object.values(object).forEach(describeListEnvelopes);
};

/** The /v1 document's own paths: itself, the health probes and the metrics. */
const addMetaPaths = (paths: Record<string, JsonObject>, info: OpenApiInfo): void => {
  paths["/v1/openapi.json"] = {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI document",
      description:
        "The OpenAPI 3.1 description of every operation: parameters, bodies and answers as JSON Schema, with an example of each. No key needed, no rate limit; the same for every store.",
      tags: ["Meta"],
      security: [],
      responses: {
        "200": {
          description: "The OpenAPI 3.1 document of the API.",
          content: { "application/json": { schema: { type: "object" }, examples: namedExample(DOCUMENT_EXAMPLE(info)) } },
        },
      },
    },
  };

  const Probe = (status: string) => ({ type: "object", properties: { status: { type: "string", const: status, description: "Always `ok`." } }, required: ["status"] });
  paths["/healthz"] = {
    get: {
      operationId: "getHealth",
      summary: "Liveness: the process answers (no database touched; for Kubernetes livenessProbe)",
      description: "200 `{\"status\": \"ok\"}` whenever the process can answer at all, even while draining or with the database down. No key, no rate limit.",
      tags: ["Meta"],
      security: [],
      responses: { "200": { description: "The process is alive.", content: { "application/json": { schema: Probe("ok"), examples: namedExample({ status: "ok" }) } } } },
    },
  };
  const readiness = (status: string) => ({
    type: "object",
    properties: {
      status: { type: "string", const: status, description: "`ready`, or `not_ready` when a check fails." },
      checks: {
        type: "object",
        description: "The checks behind the status.",
        properties: {
          database: { type: "string", enum: ["ok", "unavailable"], description: "Whether the database answered within 1 second." },
          migrations: { type: "string", enum: ["current", "pending", "unknown"], description: "Whether the database has exactly this build's migrations." },
          draining: { type: "boolean", description: "True once a graceful shutdown has begun." },
        },
        required: ["database", "migrations", "draining"],
      },
    },
    required: ["status", "checks"],
  });
  paths["/readyz"] = {
    get: {
      operationId: "getReadiness",
      summary: "Readiness: send this process traffic (for load balancers and Kubernetes readinessProbe)",
      description: "200 when the database answers within 1 second, its migrations are current and the server is not draining; 503 with `Retry-After` otherwise. No key, no rate limit.",
      tags: ["Meta"],
      security: [],
      responses: {
        "200": {
          description: "Ready for traffic.",
          content: {
            "application/json": {
              schema: readiness("ready"),
              examples: namedExample({ status: "ready", checks: { database: "ok", migrations: "current", draining: false } }),
            },
          },
        },
        "503": { description: "Not ready: see `checks`.", content: { "application/json": { schema: readiness("not_ready") } } },
      },
    },
  };

  paths["/metrics"] = {
    get: {
      operationId: "getMetrics",
      summary: "Metrics in the Prometheus text format (for a Prometheus scraper; served only when STOREFRONT_METRICS_TOKEN is set)",
      description:
        "Requests by route and status with latency histograms, database pool use and waits, units of work run again after a lost conflict, webhook deliveries by state, rate-limit rejections, answer cache hits and misses, and Node's own (event-loop lag, heap, CPU). Sent with `Authorization: Bearer <STOREFRONT_METRICS_TOKEN>`, not an API key; no rate limit. Each server process answers its own figures.",
      tags: ["Meta"],
      security: [{ metricsToken: [] }],
      responses: {
        "200": { description: "The metrics.", content: { "text/plain; version=0.0.4": { schema: { type: "string" }, examples: namedExample(METRICS_EXAMPLE) } } },
        "401": { description: "No metrics token, or another one." },
        "404": { description: "Metrics are not served (no STOREFRONT_METRICS_TOKEN)." },
      },
    },
  };

};

/**
 * The document of the /v1 API, or with `kind` "admin" of the admin API (`/admin/v1`): its
 * operations are called with a staff session cookie or the secret key, each names its permission
 * (`x-permission`), and its only other path is its own document.
 */
export const buildOpenApiDocument = (routes: readonly AnyRoute[], info: OpenApiInfo, kind: "v1" | "admin" = "v1"): JsonObject => {
  const definitions: Record<string, JsonObject> = {};
  const toJson = (schema: Schema.Schema.Any): JsonObject =>
    JSONSchema.fromAST(schema.ast, {
      definitions: definitions as never,
      definitionPath: "#/components/schemas/",
      target: "openApi3.1",
    }) as unknown as JsonObject;
  /**
   * Copies onto `json` the descriptions of the schema as declared and of its decoded side (each in
   * its own definitions): together they hold every field's annotations that encoding drops.
   */
  const describeFrom = (json: JsonObject, schema: Schema.Schema.Any): void => {
    for (const source of [schema, Schema.typeSchema(schema)]) {
      const defs: Record<string, JsonObject> = {};
      try {
        const declared = JSONSchema.fromAST(source.ast, { definitions: defs as never, definitionPath: "#/components/schemas/", target: "openApi3.1" });
        copyDescriptions(json, definitions, declared, defs);
      } catch {
        // A schema JSON Schema cannot express has nothing to lend.
      }
    }
  };
  const encodedJson = (schema: Schema.Schema.Any): JsonObject => {
    const json = toJson(Schema.encodedBoundSchema(schema));
    describeFrom(json, schema);
    return json;
  };

  const errorRef = toJson(ErrorBody);
  const paths: Record<string, Record<string, JsonObject>> = {};

  for (const route of routes) {
    const parameters: JsonObject[] = [];
    const example = route.example;
    const addParameters = (schema: Schema.Schema.Any | undefined, location: "path" | "query"): void => {
      const given = location === "path" ? example.params : example.query;
      const examples = exampleValues(route, schema, given, location);
      if (schema === undefined) return;
      const json = toJson(Schema.typeSchema(schema));
      describeFrom(json, schema);
      const properties = (json.properties ?? {}) as Record<string, JsonObject>;
      // Whether a client must send a parameter is a fact of what it sends (the encoded side): a
      // parameter with a default is always present after decoding, but optional to send.
      const required = new Set((toJson(Schema.encodedSchema(schema)).required ?? []) as string[]);
      for (const [name, property] of Object.entries(properties)) {
        const fallback = required.has(name) ? undefined : defaultOf(schema, name);
        parameters.push({
          name,
          in: location,
          required: location === "path" || required.has(name),
          schema: fallback === undefined ? property : { ...property, default: fallback },
          ...(typeof property.description === "string" ? { description: property.description } : {}),
          ...(name in examples ? { example: examples[name] } : {}),
        });
      }
    };
    addParameters(route.params, "path");
    addParameters(route.query, "query");
    if (route.fields !== undefined) {
      parameters.push({
        name: "fields",
        in: "query",
        required: false,
        description: "Comma-separated response fields to keep. Dot notation selects nested fields (`a.b`, `a.*`).",
        schema: { type: "string" },
        ...(example.query?.fields !== undefined ? { example: example.query.fields } : {}),
      });
    }
    const headerNames = new Set((route.headers ?? []).map((h) => h.name.toLowerCase()));
    const headerExamples = new Map(Object.entries(example.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    for (const name of headerExamples.keys()) {
      if (!headerNames.has(name)) throw new Error(`${route.operationId}: the example sends header ${name}, which the route does not declare`);
    }
    for (const header of route.headers ?? []) {
      const value = headerExamples.get(header.name.toLowerCase());
      parameters.push({
        name: header.name,
        in: "header",
        required: header.required,
        description: header.description,
        schema: { type: "string" },
        ...(value !== undefined ? { example: value } : {}),
      });
    }
    if (example.response.status !== route.success.status) {
      throw new Error(`${route.operationId}: the example answers ${example.response.status}, the route ${route.success.status}`);
    }
    if (example.body === undefined && route.body !== undefined) throw new Error(`${route.operationId}: the example sends no body`);
    if ((example.response.body === undefined) !== (route.success.schema === undefined)) {
      throw new Error(`${route.operationId}: the example's answer ${example.response.body === undefined ? "has no body" : "has a body the route does not answer"}`);
    }

    const responses: Record<string, JsonObject> = {
      [String(route.success.status)]: {
        description: route.success.description,
        ...(route.success.schema !== undefined
          ? {
              content: {
                [route.success.mediaType ?? "application/json"]: { schema: encodedJson(route.success.schema), examples: namedExample(example.response.body) },
                ...Object.fromEntries((route.success.alternativeMediaTypes ?? []).map((mediaType) => [mediaType, { schema: { type: "string", contentMediaType: mediaType } }])),
              },
            }
          : {}),
      },
    };
    const statuses = new Set<number>([400, ...(route.access === "public" ? [] : [401]), 414, 429, 431, 500, 503, ...(route.access === "secret" ? [403] : []), ...(route.errors ?? [])]);
    if (route.params !== undefined) statuses.add(404);
    if (route.body !== undefined || route.rawBody !== undefined) [413, 415].forEach((s) => statuses.add(s));
    for (const status of [...statuses].sort()) {
      responses[String(status)] = {
        description: ERROR_RESPONSES[status] ?? "Error.",
        content: { "application/json": { schema: errorRef } },
      };
    }

    const operation: JsonObject = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: [route.tag],
      security: route.access === "public" ? [] : kind === "admin" ? [{ staffSession: [] }, { secretKey: [] }] : [{ [route.access === "secret" ? "secretKey" : "anyKey"]: [] }],
      ...(route.permission !== undefined ? { "x-permission": route.permission } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.rawBody !== undefined
        ? {
            // Bytes, not JSON: each content type's body is the file; the example is its bytes in base64.
            requestBody: {
              required: true,
              description: route.rawBody.description,
              content: Object.fromEntries(
                route.rawBody.contentTypes.map((type, i) => [
                  type,
                  type === "multipart/form-data"
                    ? { schema: { type: "object", properties: { file: { type: "string", contentMediaType: "application/octet-stream" } }, required: ["file"] } }
                    : {
                        schema: { type: "string", contentMediaType: type },
                        ...(i === 0 && typeof example.body === "string" ? { examples: { example: { summary: "The file's bytes, shown base64-encoded", value: example.body } } } : {}),
                      },
                ]),
              ),
            },
          }
        : route.body !== undefined
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: encodedJson(route.body), examples: namedExample(example.body) } },
            },
          }
        : example.body !== undefined
          ? {
              // A body the handler reads itself (a provider's notification): no schema, but one it accepts.
              requestBody: {
                required: true,
                description: "Read by the operation itself, in the sender's own format; the example is one it accepts.",
                content: { "application/json": { schema: { type: "object" }, examples: namedExample(example.body) } },
              },
            }
          : {}),
      responses,
    };
    const path = (paths[route.path] ??= {});
    path[route.method.toLowerCase()] = operation;
  }

  if (kind === "v1") addMetaPaths(paths, info);
  else {
    paths["/admin/v1/openapi.json"] = {
      get: {
        operationId: "adminGetOpenApiDocument",
        summary: "This OpenAPI document",
        description: "The OpenAPI 3.1 description of every admin operation, with the permission each needs (`x-permission`) and an example of each. No session or key needed.",
        tags: ["Meta"],
        security: [],
        responses: { "200": { description: "The OpenAPI 3.1 document of the admin API.", content: { "application/json": { schema: { type: "object" }, examples: namedExample(DOCUMENT_EXAMPLE(info)) } } } },
      },
    };
  }
  describeListEnvelopes(paths);
  describeListEnvelopes(definitions);
  return tidy({
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, description: info.description, license: { name: "MIT", identifier: "MIT" } },
    servers: [{ url: "/" }],
    security: kind === "admin" ? [{ staffSession: [] }, { secretKey: [] }] : [{ anyKey: [] }],
    tags: [...new Set(routes.map((r) => r.tag)), "Meta"].map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] !== undefined ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      schemas: definitions,
      securitySchemes: {
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: "The operator's metrics token (STOREFRONT_METRICS_TOKEN), for `GET /metrics` only.",
        },
        secretKey: {
          type: "http",
          scheme: "bearer",
          description: "A secret key: `svc_sk_live_...` or `svc_sk_test_...`. Server side only.",
        },
        ...(kind === "admin"
          ? {
              staffSession: {
                type: "apiKey",
                in: "cookie",
                name: "storefront_staff",
                description: "A staff member's session, set by `POST /admin/v1/auth/sign-in`; every write also sends the session's CSRF token in `X-CSRF-Token`.",
              },
            }
          : {}),
        anyKey: {
          type: "http",
          scheme: "bearer",
          description: "A secret or publishable key (`svc_pk_live_...`, `svc_pk_test_...`).",
        },
      },
    },
  }) as JsonObject;
};
