// Proves the API reference's examples true: every operation of the served OpenAPI document has a
// description and an example, and each example request, sent in order to a freshly seeded demo
// store (writes, deletes, sign-in, payments with the simulator and webhooks included), answers the
// example's status and the example answer's shape (the same keys, recursively, and value types).
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import pino from "pino";
import { DEMO, EXAMPLE_SESSION, SUPPLIED } from "../../../adapters/http/examples/example-ids.js";
import { assertSameShape, examplesNotDecoding, examplesOf, missingExampleParts, learn, resolve, resolveDemoRecords, unresolve, type JsonObject, type OperationExample } from "../../support/operation-examples.js";
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
 * there instead of asserting them, for scripts/write-operation-examples.ts (docs/decisions/api.md, api-19).
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
  "getTaxSettings",
  "replaceTaxSettings",
  "registerCustomer",
  "changeCustomerPassword",
  "logIn",
  "requestOneTimeCode",
  "verifyOneTimeCode",
  "refreshSession",
  "getCurrentCustomer",
  "logOut",
  "getCustomer",
  "getEmailPreferences",
  "updateEmailPreferences",
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
  {
    setup: "a goodwill refund of Amina's paid order through the admin API (secret key), for the credit note examples",
    run: async ({ client, summary, values }) => {
      const refunded = await client.post(
        `/admin/v1/orders/${values.get(DEMO.paidOrder)}/refunds`,
        { amount: 50_000, reason: "Goodwill: the delivery came a day late." },
        { key: summary.secret_key, headers: { "Idempotency-Key": "examples-credit-note" } },
      );
      assert.equal(refunded.status, 201, refunded.text);
      assert.equal(refunded.body.status, "succeeded", refunded.text);
    },
  },
  "getOrderInvoice",
  "listOrderCreditNotes",
  "getOrderCreditNote",
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
    await resolveDemoRecords(client, summary, values);
    values.set(SUPPLIED.webhookUrl, receiver.url("/storefront"));
  });

  after(async () => {
    if (CAPTURE !== undefined) writeFileSync(CAPTURE, JSON.stringify(captured, null, 2));
    await client?.close();
    await application?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it("every operation has a description and an example of its request and answer", () => {
    assert.deepEqual(missingExampleParts(document, operations.values()), []);
  });

  it("the run order names every operation of the document exactly once", () => {
    const named = RUN_ORDER.filter((step): step is string => typeof step === "string");
    assert.deepEqual([...named].sort(), [...operations.keys()].sort());
    assert.equal(new Set(named).size, named.length);
  });

  it("each route's example decodes with the route's own schemas: path, query, body and answer", () => {
    assert.deepEqual(examplesNotDecoding(routes.values()), []);
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
