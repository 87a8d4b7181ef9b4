// Proves the API reference's examples true: every operation of the served OpenAPI document has a
// description and an example, and each example request, sent in order to a freshly seeded demo
// store (writes, deletes, sign-in, payments with the simulator and webhooks included), answers the
// example's status and the example answer's shape (the same keys, recursively, and value types).
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { Either, Schema } from "effect";
import pino from "pino";
import { DEMO, EXAMPLE_SESSION, LEARNED, SUPPLIED } from "../../../adapters/http/examples/example-ids.js";
import type { AnyRoute } from "../../../adapters/http/route-definition.js";
import { createApplication, type Application } from "../../../composition/container.js";
import { seedDemoStore, type DemoStoreSummary } from "../../../composition/demo/seed-demo-store.js";
import { serve, type TestClient, type TestResponse } from "../../support/http-client.js";
import { signBody, unixSeconds } from "../../support/signed-request.js";
import { codeIn, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";
import { testConfig } from "../../support/test-application.js";
import { WebhookReceiver } from "../../support/webhook-receiver.js";

const METRICS_TOKEN = "metrics-token-of-the-examples-test";
/**
 * A file name: the run records the real answers (real values mapped back to their placeholders)
 * there instead of asserting them, for scripts/write-operation-examples.ts (docs/decisions.md).
 */
const CAPTURE = process.env.STOREFRONT_CAPTURE_EXAMPLES;

interface Context {
  readonly client: TestClient;
  readonly summary: DemoStoreSummary;
  readonly values: Map<string, string>;
}

/** A step that is not an operation's example but makes the next ones possible. */
interface Setup {
  readonly setup: string;
  run(context: Context): Promise<void>;
}

/**
 * The order the examples run in: reads of demo records first, then each created record's reads,
 * changes and deletion; sign-in before what needs a customer token. Every operation of the
 * document appears exactly once (a test checks it).
 */
const RUN_ORDER: ReadonlyArray<string | Setup> = [
  "getHealth",
  "getReadiness",
  "getOpenApiDocument",
  "getMetrics",
  "getStore",
  "updateStore",
  "registerCustomer",
  "changeCustomerPassword",
  "logIn",
  "requestOneTimeCode",
  "verifyOneTimeCode",
  "refreshSession",
  "getCurrentCustomer",
  "logOut",
  "getCustomer",
  "listProducts",
  "getProductBySlug",
  "getProduct",
  "listCategories",
  "listSubcategories",
  "createCategory",
  "updateCategory",
  "createSubcategory",
  "updateSubcategory",
  "createProduct",
  "updateProduct",
  "addVariant",
  "updateVariant",
  "deleteVariant",
  "listProductCollections",
  "listProductCollectionItems",
  "createProductCollection",
  "updateProductCollection",
  "replaceProductCollectionItems",
  "deleteProductCollection",
  "listPrices",
  "getProductPrices",
  "listPriceRules",
  "createPriceRule",
  "updatePriceRule",
  "deletePriceRule",
  "listExchangeRates",
  "createExchangeRate",
  "updateExchangeRate",
  "deleteExchangeRate",
  "listPromotions",
  "getPromotion",
  "createPromotion",
  "updatePromotion",
  "deletePromotion",
  "checkGiftCard",
  "listGiftCards",
  "getGiftCard",
  "issueGiftCard",
  "updateGiftCard",
  "deactivateGiftCard",
  "listShippingZones",
  "quoteShipping",
  "createPricingTier",
  "updatePricingTier",
  "deletePricingTier",
  "createDeliveryZone",
  "updateDeliveryZone",
  "deleteDeliveryZone",
  "listPosts",
  "getPostBySlug",
  "createPost",
  "updatePost",
  "deletePost",
  "listLookbooks",
  "getLookbookBySlug",
  "createLookbook",
  "updateLookbook",
  "deleteLookbook",
  "searchProducts",
  "semanticSearchProducts",
  "recommendProducts",
  "getWishlist",
  "addWishlistItem",
  "removeWishlistItem",
  "listThreads",
  "getThread",
  "listThreadMessages",
  "openThread",
  "sendMessage",
  "markThreadRead",
  "getCart",
  "addCartItem",
  "updateCartItem",
  "removeCartItem",
  {
    setup: "the session's cart gets back the line the cart examples removed, for the checkout example",
    run: async ({ client, summary, values }) => {
      const added = await client.post(
        "/v1/cart/items",
        { variant_id: values.get(DEMO.simpleVariant), quantity: 2 },
        { key: summary.publishable_key, headers: { "X-Session-Id": EXAMPLE_SESSION } },
      );
      assert.equal(added.status, 200, added.text);
    },
  },
  "createOrder",
  "getOrder",
  "listOrders",
  "initializePayment",
  "verifyPayment",
  "receivePaymentCallback",
  "updateOrder",
  "requestReturn",
  "listOrderReturns",
  "receiveMpesaReversalResult",
  "createWebhookEndpoint",
  "listWebhookEndpoints",
  "getWebhookEndpoint",
  "updateWebhookEndpoint",
  "rotateWebhookEndpointSecret",
  "testWebhookEndpoint",
  "listWebhookEndpointDeliveries",
  "getWebhookEvent",
  "deleteWebhookEndpoint",
  "deleteProduct",
  "deleteSubcategory",
  "deleteCategory",
  "rotateHmacSecret",
];

/**
 * The one operation whose answer is compared at its top level only: it is this document, whose
 * example shows the top level with a single path rather than all of itself.
 */
const TOP_LEVEL_ONLY: Readonly<Record<string, string>> = {
  getOpenApiDocument: "the answer is the document itself; its example shows the top level with one path",
};

interface OperationExample {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly security: string | undefined;
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly status: number;
  readonly mediaType: string | undefined;
  readonly response: unknown;
}

type JsonObject = Record<string, any>;

/** Each operation of the document with the example it shows, read back from the document. */
const examplesOf = (document: JsonObject): OperationExample[] => {
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
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        security: Object.keys(operation.security?.[0] ?? {})[0],
        params: pick("path"),
        query: pick("query"),
        headers: pick("header"),
        body: operation.requestBody?.content?.["application/json"]?.examples?.example?.value,
        status: Number(status),
        mediaType,
        response: content?.examples?.example?.value,
      });
    }
  }
  return operations;
};

const kind = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Fails unless `actual` has the shape of `example`: the same keys, recursively, and values of the same types. */
const assertSameShape = (example: unknown, actual: unknown, at: string, depth = Infinity): void => {
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

const LEARNED_VALUES = new Set<string>(Object.values(LEARNED));

/** Learns the real value behind each learned placeholder the example answer shows for the first time. */
const learn = (example: unknown, actual: unknown, values: Map<string, string>): void => {
  if (typeof example === "string") {
    if (LEARNED_VALUES.has(example) && !values.has(example) && typeof actual === "string") values.set(example, actual);
  } else if (Array.isArray(example) && Array.isArray(actual)) {
    example.forEach((item, i) => learn(item, actual[i], values));
  } else if (kind(example) === "object" && kind(actual) === "object") {
    for (const [key, inner] of Object.entries(example as JsonObject)) learn(inner, (actual as JsonObject)[key], values);
  }
};

/** The example's value with each placeholder replaced by the real value it stands for. */
const resolve = (value: unknown, values: Map<string, string>): any => {
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
const unresolve = (value: unknown, reverse: Map<string, string>): unknown => {
  if (typeof value === "string") return reverse.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => unresolve(item, reverse));
  if (kind(value) === "object") return Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, unresolve(v, reverse)]));
  return value;
};

describe("the OpenAPI document's examples, sent to a freshly seeded demo store", function () {
  this.timeout(180_000);
  let application: Application;
  let client: TestClient;
  let summary: DemoStoreSummary;
  let smtp: SmtpSink;
  let receiver: WebhookReceiver;
  let document: JsonObject;
  let operations: Map<string, OperationExample>;
  let routes: Map<string, AnyRoute>;
  const values = new Map<string, string>();
  const captured: Record<string, unknown> = {};

  /** Finds the demo store's records the DEMO placeholders stand for. */
  const resolveDemoRecords = async (): Promise<void> => {
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
    values.set(SUPPLIED.webhookUrl, receiver.url("/storefront"));
  };

  before(async () => {
    smtp = await startSmtpSink();
    receiver = await WebhookReceiver.start();
    application = createApplication(
      testConfig({
        env: {
          STOREFRONT_SCRYPT_COST: "1024",
          STOREFRONT_SMTP_URL: smtp.url,
          STOREFRONT_MAIL_FROM: "Demo Store <shop@example.com>",
          STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1",
          STOREFRONT_METRICS_TOKEN: METRICS_TOKEN,
        },
      }),
      { logger: pino({ level: "silent" }) },
    );
    await application.migrate();
    summary = await seedDemoStore(application.container);
    client = await serve(application.httpApp());
    document = (await client.get("/v1/openapi.json")).body;
    operations = new Map(examplesOf(document).map((o) => [o.operationId, o]));
    routes = new Map(application.routes.map((r) => [r.operationId, r]));
    await resolveDemoRecords();
  });

  after(async () => {
    if (CAPTURE !== undefined) writeFileSync(CAPTURE, JSON.stringify(captured, null, 2));
    await client?.close();
    await application?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it("every operation has a description and an example of its request and answer", () => {
    const missing = [...operations.values()].flatMap((o) => {
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
    assert.deepEqual(missing, []);
  });

  it("the run order names every operation of the document exactly once", () => {
    const named = RUN_ORDER.filter((step): step is string => typeof step === "string");
    assert.deepEqual([...named].sort(), [...operations.keys()].sort());
    assert.equal(new Set(named).size, named.length);
  });

  it("each route's example decodes with the route's own schemas: path, query, body and answer", () => {
    const failures: string[] = [];
    const check = (route: AnyRoute, what: string, schema: Schema.Schema.Any | undefined, value: unknown): void => {
      if (schema === undefined || value === undefined) return;
      const decoded = Schema.decodeUnknownEither(schema as Schema.Schema<unknown, unknown>)(value, { onExcessProperty: "error" });
      if (Either.isLeft(decoded)) failures.push(`${route.operationId} ${what}: ${decoded.left.message}`);
    };
    for (const route of routes.values()) {
      const { fields: _fields, ...query } = route.example.query ?? {};
      check(route, "path", route.params, route.example.params ?? {});
      check(route, "query", route.query, query);
      check(route, "body", route.body, route.example.body);
      check(route, "answer", route.success.schema, route.example.response.body);
    }
    assert.deepEqual(failures, []);
  });

  describe("each example, sent in order, answers its status and the shape of its example answer", () => {
    for (const step of RUN_ORDER) {
      if (typeof step !== "string") {
        it(`(setup: ${step.setup})`, () => step.run({ client, summary, values }));
        continue;
      }
      it(step, async () => {
        const example = operations.get(step);
        assert.ok(example !== undefined, `the document has no operation ${step}`);
        const route = routes.get(step);
        const path = example.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(resolve(example.params[name], values)));
        const query = new URLSearchParams(resolve(example.query, values)).toString();
        const headers: Record<string, string> = resolve(example.headers, values);
        if (example.security === "secretKey" || (example.security === "anyKey" && route?.example.key === "secret")) {
          headers.authorization = `Bearer ${summary.secret_key}`;
        } else if (example.security === "anyKey") {
          headers.authorization = `Bearer ${summary.publishable_key}`;
        } else if (example.security === "metricsToken") {
          headers.authorization = `Bearer ${METRICS_TOKEN}`;
        }
        let body = example.body === undefined ? undefined : resolve(example.body, values);
        if (step === "verifyOneTimeCode") {
          const mail = await smtp.waitFor((m) => m.to.includes(body.email));
          body = { ...body, code: codeIn(mail) };
        }
        const raw = body === undefined ? undefined : JSON.stringify(body);
        if (route?.signed === true) {
          const timestamp = unixSeconds();
          headers["X-Timestamp"] = String(timestamp);
          headers["X-Signature"] = signBody(summary.hmac_secret, timestamp, raw ?? "");
        }
        const response: TestResponse = await client.request(example.method, `${path}${query === "" ? "" : `?${query}`}`, {
          headers,
          ...(raw !== undefined ? { body: raw } : {}),
        });
        const answer = example.mediaType === "application/json" ? response.body : response.text === "" ? undefined : response.text;
        learn(example.response, answer, values);
        if (CAPTURE !== undefined) {
          const reverse = new Map([...values].map(([placeholder, real]) => [real, placeholder]));
          captured[step] = { status: response.status, body: unresolve(answer, reverse) };
          return;
        }
        assert.equal(response.status, example.status, `${example.method} ${example.path}: ${response.text.slice(0, 500)}`);
        if (example.mediaType === undefined) {
          assert.equal(response.text, "", "an answer without a body in the document has none");
        } else if (example.mediaType.startsWith("text/plain")) {
          for (const family of String(example.response).match(/^# TYPE \S+/gm) ?? []) assert.ok(response.text.includes(family), `${family} is not in the answer`);
        } else {
          assertSameShape(example.response, answer, "answer", step in TOP_LEVEL_ONLY ? 1 : Infinity);
        }
      });
    }
  });
});
