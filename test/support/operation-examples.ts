// What the examples tests of the API references share (test/adapters/http/openapi-examples.test.ts
// for /v1, admin-openapi-examples.test.ts for /admin/v1): each operation's example read back from
// the served document, placeholders resolved to a seeded demo store's real values (DEMO ones by
// looking the records up, learned ones from the first answer showing them), and the check that an
// answer has the example's shape.
import assert from "node:assert/strict";
import { Either, Schema } from "effect";
import type { AnyRoute } from "../../adapters/http/route-definition.js";
import { ADMIN, DEMO, LEARNED } from "../../adapters/http/examples/example-ids.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import type { TestClient } from "./http-client.js";

export type JsonObject = Record<string, any>;

export interface OperationExample {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly security: string | undefined;
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  /** The media type of a request body that is not JSON (an upload's bytes, as base64 in the document). */
  readonly bodyMediaType: string | undefined;
  readonly status: number;
  readonly mediaType: string | undefined;
  readonly response: unknown;
}

/** Each operation of the document with the example it shows, read back from the document. */
export const examplesOf = (document: JsonObject): OperationExample[] => {
  const operations: OperationExample[] = [];
  for (const [path, methods] of Object.entries<JsonObject>(document.paths)) {
    for (const [method, operation] of Object.entries<JsonObject>(methods)) {
      const pick = (location: string): Record<string, string> =>
        Object.fromEntries(
          (operation.parameters ?? [])
            .filter((p: JsonObject) => p.in === location && p.example !== undefined)
            .map((p: JsonObject) => [p.name, String(p.example)]),
        );
      const [status, success] = Object.entries<JsonObject>(operation.responses).find(([code]) => code.startsWith("2")) ?? [];
      const [mediaType, content] = Object.entries<JsonObject>(success?.content ?? {})[0] ?? [];
      const [bodyType, bodyContent] = Object.entries<JsonObject>(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        security: Object.keys(operation.security?.[0] ?? {})[0],
        params: pick("path"),
        query: pick("query"),
        headers: pick("header"),
        body: bodyContent?.examples?.example?.value,
        bodyMediaType: bodyType === "application/json" ? undefined : bodyType,
        status: Number(status),
        mediaType,
        response: content?.examples?.example?.value,
      });
    }
  }
  return operations;
};

export const kind = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Fails unless `actual` has the shape of `example`: the same keys, recursively, and values of the same types. */
export const assertSameShape = (example: unknown, actual: unknown, at: string, depth = Infinity): void => {
  assert.equal(kind(actual), kind(example), `${at}: the example has ${kind(example)}, the answer ${kind(actual)} (${JSON.stringify(actual)?.slice(0, 200)})`);
  if (depth === 0) return;
  if (Array.isArray(example)) {
    const items = actual as unknown[];
    assert.equal(items.length, example.length, `${at}: the example has ${example.length} items, the answer ${items.length}`);
    example.forEach((item, i) => assertSameShape(item, items[i], `${at}[${i}]`, depth - 1));
  } else if (kind(example) === "object") {
    const answer = actual as JsonObject;
    assert.deepEqual(Object.keys(answer).sort(), Object.keys(example as JsonObject).sort(), `${at}: the keys differ`);
    for (const key of Object.keys(example as JsonObject)) assertSameShape((example as JsonObject)[key], answer[key], `${at}.${key}`, depth - 1);
  }
};

/** Placeholders whose real value an earlier answer shows: the /v1 ones, and the admin ones but the demo owner's sign-in and the invited email (values the examples send). */
export const LEARNED_VALUES = new Set<string>([...Object.values(LEARNED), ...Object.values(ADMIN).filter((v) => v !== ADMIN.ownerEmail && v !== ADMIN.ownerPassword && v !== ADMIN.invitedEmail)]);

/** Learns the real value behind each learned placeholder the example answer shows for the first time. */
export const learn = (example: unknown, actual: unknown, values: Map<string, string>): void => {
  if (typeof example === "string") {
    if (LEARNED_VALUES.has(example) && !values.has(example) && typeof actual === "string") values.set(example, actual);
  } else if (Array.isArray(example) && Array.isArray(actual)) {
    example.forEach((item, i) => learn(item, actual[i], values));
  } else if (kind(example) === "object" && kind(actual) === "object") {
    for (const [key, inner] of Object.entries(example as JsonObject)) learn(inner, (actual as JsonObject)[key], values);
  }
};

/** The example's value with each placeholder replaced by the real value it stands for. */
export const resolve = (value: unknown, values: Map<string, string>): any => {
  if (typeof value === "string") {
    if ((LEARNED_VALUES.has(value) || Object.values<string>(DEMO).includes(value)) && !values.has(value)) {
      throw new Error(`no value yet for ${value}: an earlier example must show it`);
    }
    return values.get(value) ?? value;
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, values));
  if (kind(value) === "object") return Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, resolve(v, values)]));
  return value;
};

/** The answer with real values put back to the placeholders that stand for them (for capturing). */
export const unresolve = (value: unknown, reverse: Map<string, string>): unknown => {
  if (typeof value === "string") return reverse.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => unresolve(item, reverse));
  if (kind(value) === "object") return Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, unresolve(v, reverse)]));
  return value;
};

/** Finds the demo store's records the DEMO placeholders stand for, through /v1 with its secret key. */
export const resolveDemoRecords = async (client: TestClient, summary: DemoStoreSummary, values: Map<string, string>): Promise<void> => {
  const secret = { key: summary.secret_key };
  const get = async (path: string, options: { key: string; headers?: Record<string, string> } = secret): Promise<any> => {
    const response = await client.get(path, options);
    assert.equal(response.status, 200, `${path}: ${response.text}`);
    return response.body;
  };
  const { products } = await get("/v1/products?limit=200&fields=product_id,name,product_slug");
  const productNamed = async (name: string): Promise<any> => {
    const listed = products.find((p: any) => p.name === name);
    assert.ok(listed !== undefined, `no demo product ${name}`);
    return get(`/v1/products/${listed.product_id}`);
  };
  const mudcloth = await productNamed("Mudcloth Cushion Cover");
  const lamp = await productNamed("Soapstone Table Lamp");
  const { categories } = await get("/v1/categories");
  const livingRoom = categories.find((c: any) => c.name === "Living Room");
  const { subcategories } = await get(`/v1/subcategories?category_id=${livingRoom.id}`);
  const { collections } = await get("/v1/product-collections");
  const { promotions } = await get("/v1/promotions?status=all&limit=200");
  const { gift_cards: cards } = await get("/v1/gift-cards?limit=200");
  const amina = summary.customers[0]!;
  const signedIn = await client.post("/v1/auth/login", { email: amina.email, password: amina.password }, secret);
  assert.equal(signedIn.status, 200, signedIn.text);
  const { threads } = await get("/v1/messaging/threads", { key: summary.secret_key, headers: { "x-auth-token": signedIn.body.session.access_token } });
  const delivered = (await get(`/v1/orders?customer_id=${amina.id}&order_status=delivered&limit=1`)).orders[0];
  const found: Record<keyof typeof DEMO, string | undefined> = {
    customer: amina.id,
    product: mudcloth.product_id,
    productSlug: mudcloth.product_slug,
    productDefaultVariant: mudcloth.variants.find((v: any) => v.is_default)?.variant_id,
    simpleProduct: lamp.product_id,
    simpleVariant: lamp.variant_id,
    category: livingRoom?.id,
    subcategory: subcategories[0]?.id,
    collection: collections.find((c: any) => c.slug === "new-in")?.id,
    promotion: promotions.find((p: any) => p.name === "Karibu: 10% off decor")?.id,
    giftCardCode: summary.gift_cards.active,
    giftCard: cards.find((c: any) => c.code === summary.gift_cards.active)?.id,
    thread: threads[0]?.id,
    paidOrder: (await get(`/v1/orders?customer_id=${amina.id}&order_status=processing&limit=1`)).orders[0]?.id,
    pendingOrder: (await get(`/v1/orders?customer_id=${amina.id}&order_status=pending&limit=1`)).orders[0]?.id,
    deliveredOrder: delivered?.id,
    deliveredOrderLine: delivered?.items[0]?.id,
  };
  for (const [name, value] of Object.entries(found)) {
    assert.ok(value !== undefined, `the demo store has no record for DEMO.${name}`);
    values.set(DEMO[name as keyof typeof DEMO], value);
  }
};

/** What an operation of the document lacks: a description, an example answer, body or required parameter. */
export const missingExampleParts = (document: JsonObject, operations: Iterable<OperationExample>): string[] =>
  [...operations].flatMap((o) => {
    const operation = document.paths[o.path][o.method.toLowerCase()];
    return [
      ...(typeof operation.description === "string" && operation.description.length > 20 ? [] : [`${o.operationId}: description`]),
      ...(o.mediaType === undefined || o.response !== undefined ? [] : [`${o.operationId}: example answer`]),
      ...(operation.requestBody === undefined || o.body !== undefined ? [] : [`${o.operationId}: example body`]),
      ...(operation.parameters ?? [])
        .filter((p: JsonObject) => p.required && p.example === undefined)
        .map((p: JsonObject) => `${o.operationId}: example of required ${p.in} parameter ${p.name}`),
    ];
  });

/** Each route's example that its own schemas refuse (path, query but `fields`, body, answer), as one line each. */
export const examplesNotDecoding = (routes: Iterable<AnyRoute>): string[] => {
  const failures: string[] = [];
  const check = (route: AnyRoute, what: string, schema: Schema.Schema.Any | undefined, value: unknown): void => {
    if (schema === undefined || value === undefined) return;
    const decoded = Schema.decodeUnknownEither(schema as Schema.Schema<unknown, unknown>)(value, { onExcessProperty: "error" });
    if (Either.isLeft(decoded)) failures.push(`${route.operationId} ${what}: ${decoded.left.message}`);
  };
  for (const route of routes) {
    const { fields: _fields, ...query } = route.example.query ?? {};
    check(route, "path", route.params, route.example.params ?? {});
    check(route, "query", route.query, query);
    check(route, "body", route.body, route.example.body);
    check(route, "answer", route.success.schema, route.example.response.body);
  }
  return failures;
};
