// Proves the admin API reference's examples true, as openapi-examples.test.ts does for /v1: every
// operation of GET /admin/v1/openapi.json has a description and an example, each example decodes
// with its route's schemas, and each example request, sent in order to a freshly seeded demo store
// signed in as the demo owner (cookie and CSRF token), answers the example's status and the shape
// of its example answer. The operations answered again from /v1 run in the /v1 test's order.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { ADMIN, DEMO, LEARNED, SUPPLIED } from "../../../adapters/http/examples/example-ids.js";
import type { AnyRoute } from "../../../adapters/http/route-definition.js";
import { Totp } from "../../../application/ports/totp.js";
import { createApplication, type Application } from "../../../composition/container.js";
import { seedDemoStore, type DemoStoreSummary } from "../../../composition/demo/seed-demo-store.js";
import { serve, type TestClient, type TestResponse } from "../../support/http-client.js";
import { assertSameShape, examplesNotDecoding, examplesOf, missingExampleParts, learn, resolve, resolveDemoRecords, type JsonObject, type OperationExample } from "../../support/operation-examples.js";
import { cookieHeaderOf } from "../../support/staff-session.js";
import { testConfig } from "../../support/test-application.js";
import { WebhookReceiver } from "../../support/webhook-receiver.js";

interface Context {
  readonly client: TestClient;
  readonly summary: DemoStoreSummary;
  readonly values: Map<string, string>;
  readonly answers: Map<string, any>;
  readonly application: Application;
}

/** A step that is not an operation's example but makes the next ones possible. */
interface Setup {
  readonly setup: string;
  run(context: Context): Promise<void>;
}

/** The /v1 operations the admin API answers again, in the order the /v1 examples test runs them. */
const MIRRORED_ORDER = [
  "getStore", "updateStore", "getTaxSettings", "replaceTaxSettings", "listProducts", "getProductBySlug", "getProduct", "listCategories", "listSubcategories", "createCategory", "updateCategory",
  "createSubcategory", "updateSubcategory", "createProduct", "updateProduct", "addVariant", "updateVariant", "deleteVariant", "listProductCollections",
  "listProductCollectionItems", "createProductCollection", "updateProductCollection", "replaceProductCollectionItems", "deleteProductCollection",
  "listPrices", "getProductPrices", "listPriceRules", "createPriceRule", "updatePriceRule", "deletePriceRule", "listExchangeRates", "createExchangeRate",
  "updateExchangeRate", "deleteExchangeRate", "listPromotions", "getPromotion", "createPromotion", "updatePromotion", "deletePromotion", "listGiftCards",
  "getGiftCard", "issueGiftCard", "updateGiftCard", "deactivateGiftCard", "listShippingZones", "createPricingTier", "updatePricingTier", "deletePricingTier",
  "createDeliveryZone", "updateDeliveryZone", "deleteDeliveryZone", "listPosts", "getPostBySlug", "createPost", "updatePost", "deletePost", "listLookbooks",
  "getLookbookBySlug", "createLookbook", "updateLookbook", "deleteLookbook", "searchProducts", "createWebhookEndpoint", "listWebhookEndpoints",
  "getWebhookEndpoint", "updateWebhookEndpoint", "rotateWebhookEndpointSecret", "testWebhookEndpoint", "listWebhookEndpointDeliveries", "getWebhookEvent",
  "resendWebhookEvent", "deleteWebhookEndpoint", "deleteProduct", "deleteSubcategory", "deleteCategory", "rotateHmacSecret",
].map((id) => `admin${id[0]!.toUpperCase()}${id.slice(1)}`);

/** Amina asks for a return through /v1 with the shopper API's requestReturn example (of another line when given); answers the return. */
const requestReturn = async ({ client, summary, values }: Context, lineId?: string): Promise<any> => {
  const v1 = examplesOf((await client.get("/v1/openapi.json")).body).find((o) => o.operationId === "requestReturn")!;
  const amina = summary.customers[0]!;
  const login = await client.post("/v1/auth/login", { email: amina.email, password: amina.password }, { key: summary.secret_key });
  const path = v1.path.replace(/\{(\w+)\}/g, (_, name: string) => resolve(v1.params[name], values));
  const body = resolve(v1.body, values);
  if (lineId !== undefined) body.lines = [{ line_id: lineId, quantity: 1 }];
  const asked = await client.post(path, body, { key: summary.secret_key, headers: { "x-auth-token": login.body.session.access_token } });
  assert.equal(asked.status, v1.status, asked.text);
  if (lineId === undefined) learn(v1.response, asked.body, values);
  return asked.body;
};

/** The token of a sign-in link in an answer's `sign_in_link`. */
const linkTokenOf = (answer: any): string => new URL(answer.sign_in_link).searchParams.get("link")!;

const RUN_ORDER: ReadonlyArray<string | Setup> = [
  "adminGetOpenApiDocument",
  "adminSignIn",
  "adminGetMe",
  "adminListMySessions",
  "adminGetDashboard",
  "adminListCustomers",
  "adminGetCustomer",
  "adminBlockCustomer",
  "adminUnblockCustomer",
  "adminListInboxThreads",
  "adminGetInboxThread",
  "adminReplyToThread",
  "adminAssignThread",
  "adminCloseThread",
  "adminReopenThread",
  "adminMarkThreadRead",
  "adminInviteStaff",
  "adminListRoles",
  "adminListStaff",
  { setup: "the invitation's link token", run: async ({ values, answers }) => void values.set(ADMIN.linkToken, linkTokenOf(answers.get("adminInviteStaff"))) },
  "adminGetStaffMember",
  "adminUpdateStaffMember",
  "adminListStaffSessions",
  "adminSendStaffSignInLink",
  { setup: "the new link's token (the invitation's stopped working)", run: async ({ values, answers }) => void values.set(ADMIN.linkToken, linkTokenOf(answers.get("adminSendStaffSignInLink"))) },
  "adminRedeemSignInLink",
  "adminDisableStaffMember",
  "adminEnableStaffMember",
  "adminListAuditEntries",
  "adminListApiKeys",
  "adminCreateApiKey",
  "adminRollApiKey",
  "adminRevokeApiKey",
  "adminStartSecondFactor",
  "adminConfirmSecondFactor",
  "adminTurnOffSecondFactor",
  "adminAdjustStock",
  "adminListStockLedger",
  "adminUploadMedia",
  "adminListMedia",
  "adminGetMedia",
  "adminDeleteMedia",
  "adminImportCatalog",
  "adminListOrders",
  "adminGetOrder",
  "adminCreateFulfilment",
  "adminListFulfilments",
  "adminGetPackingSlip",
  "adminCreateRefund",
  "adminListOrderRefunds",
  "adminGetRefund",
  "adminGetOrderInvoice",
  "adminListOrderCreditNotes",
  "adminGetOrderCreditNote",
  "adminGetOrderTimeline",
  {
    setup: "Amina asks for a return through /v1 (the shopper API's requestReturn example)",
    run: async (context) => void (await requestReturn(context)),
  },
  "adminListReturns",
  "adminGetReturn",
  "adminApproveReturn",
  "adminReceiveReturn",
  "adminRefundReturn",
  {
    setup: "Amina asks for a second return, of the order's other line, which the refuse example refuses",
    run: async (context) => {
      const order = await context.client.get(`/admin/v1/orders/${context.values.get(DEMO.deliveredOrder)}`, { key: context.summary.secret_key });
      const other = order.body.items.find((item: any) => item.id !== context.values.get(DEMO.deliveredOrderLine));
      assert.ok(other !== undefined, "the delivered demo order has a second line");
      const asked = await requestReturn(context, other.id);
      context.values.set(LEARNED.newReturn, asked.id);
    },
  },
  "adminRefuseReturn",
  "adminCancelOrder",
  {
    setup: "a customer registers through /v1 (the shopper API's registerCustomer example), for the gift card examples",
    run: async ({ client, summary, values }) => {
      const v1 = examplesOf((await client.get("/v1/openapi.json")).body).find((o) => o.operationId === "registerCustomer")!;
      const registered = await client.post(v1.path, resolve(v1.body, values), { key: summary.secret_key });
      assert.equal(registered.status, v1.status, registered.text);
      learn(v1.response, registered.body, values);
    },
  },
  "adminListEmailTemplates",
  "adminGetEmailTemplate",
  "adminUpdateEmailTemplate",
  "adminPreviewEmailTemplate",
  "adminResetEmailTemplate",
  "adminGetEmailSettings",
  "adminUpdateEmailSettings",
  ...MIRRORED_ORDER,
  "adminSignOut",
];

/** Answers compared at their top level only: the document itself, and an order's story (its events vary with what ran before). */
const TOP_LEVEL_ONLY = new Set(["adminGetOpenApiDocument", "adminGetOrderTimeline", "adminGetDashboard"]);

describe("the admin API reference's examples, sent to a freshly seeded demo store as its owner", function () {
  this.timeout(300_000);
  let application: Application;
  let client: TestClient;
  let summary: DemoStoreSummary;
  let receiver: WebhookReceiver;
  let mediaDir: string;
  let document: JsonObject;
  let operations: Map<string, OperationExample>;
  let routes: Map<string, AnyRoute>;
  let session: { cookie: string; csrf: string } | undefined;
  const values = new Map<string, string>();
  const answers = new Map<string, any>();

  before(async () => {
    receiver = await WebhookReceiver.start();
    mediaDir = await mkdtemp(join(tmpdir(), "storefront-admin-examples-media-"));
    application = createApplication(
      testConfig({ env: { STOREFRONT_SCRYPT_COST: "1024", STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: "1", STOREFRONT_MEDIA_DIR: mediaDir } }),
      { logger: pino({ level: "silent" }) },
    );
    await application.migrate();
    summary = await seedDemoStore(application.container);
    client = await serve(application.httpApp());
    document = (await client.get("/admin/v1/openapi.json")).body;
    operations = new Map(examplesOf(document).map((o) => [o.operationId, o]));
    routes = new Map(application.adminRoutes.map((r) => [r.operationId, r]));
    await resolveDemoRecords(client, summary, values);
    values.set(SUPPLIED.webhookUrl, receiver.url("/storefront"));
    values.set(ADMIN.ownerEmail, summary.staff_owner!.email);
    values.set(ADMIN.ownerPassword, summary.staff_owner!.password);
  });

  after(async () => {
    await client?.close();
    await application?.close();
    await receiver?.close();
    if (mediaDir !== undefined) await rm(mediaDir, { recursive: true, force: true });
  });

  it("every operation has a description, an example of its request and answer, and the permission it needs", () => {
    const missing = [
      ...missingExampleParts(document, operations.values()),
      ...[...operations.values()]
        .filter((o) => o.operationId !== "adminGetOpenApiDocument" && o.security !== undefined && !o.path.includes("/auth/"))
        .filter((o) => document.paths[o.path][o.method.toLowerCase()]["x-permission"] === undefined)
        .map((o) => `${o.operationId}: x-permission`),
    ];
    assert.deepEqual(missing, []);
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
        it(`(setup: ${step.setup})`, () => step.run({ client, summary, values, answers, application }));
        continue;
      }
      it(step, async () => {
        const example = operations.get(step);
        assert.ok(example !== undefined, `the document has no operation ${step}`);
        const path = example.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(resolve(example.params[name], values)));
        const query = new URLSearchParams(resolve(example.query, values)).toString();
        const headers: Record<string, string> = resolve(example.headers, values);
        if (example.security !== undefined) {
          assert.ok(session !== undefined, "signed in before any operation that needs a session");
          headers.cookie = session.cookie;
          if (example.method !== "GET") headers["x-csrf-token"] = session.csrf;
        }
        let body: unknown = example.body === undefined ? undefined : resolve(example.body, values);
        if (step === "adminConfirmSecondFactor") {
          body = { code: application.container.get(Totp).codeAt(answers.get("adminStartSecondFactor").secret, new Date()) };
        }
        let payload: string | Buffer | undefined = body === undefined ? undefined : JSON.stringify(body);
        if (example.bodyMediaType !== undefined && typeof body === "string") {
          payload = Buffer.from(body, "base64");
          headers["content-type"] = example.bodyMediaType;
        }
        const response: TestResponse = await client.request(example.method, `${path}${query === "" ? "" : `?${query}`}`, { headers, ...(payload !== undefined ? { body: payload } : {}) });
        const answer = example.mediaType === "application/json" ? response.body : response.text === "" ? undefined : response.text;
        answers.set(step, answer);
        learn(example.response, answer, values);
        if (step === "adminSignIn") session = { cookie: cookieHeaderOf(response), csrf: response.body?.csrf_token };
        if (process.env.SHOW_ANSWER === step) console.log(JSON.stringify(answer, null, 1));
        assert.equal(response.status, example.status, `${example.method} ${example.path}: ${response.text.slice(0, 500)}`);
        if (example.mediaType === undefined) {
          assert.equal(response.text, "", "an answer without a body in the document has none");
        } else {
          assertSameShape(example.response, answer, "answer", TOP_LEVEL_ONLY.has(step) ? 1 : Infinity);
        }
      });
    }
  });
});
