// The admin API does everything the secret key does on /v1 for the catalog, pricing, promotions,
// gift cards, shipping, content, webhooks and the store's settings (docs/staff.md, "What the
// admin API covers"): each such /v1 operation is answered at the same path under /admin/v1, by
// the same code, with the permission this table gives it. Admin reads are never cached.
// The table also says which /v1 writes the audit log records when a secret key makes them.
import type { Permission } from "../../../domain/staff/permissions.js";
import type { AnyRoute } from "../route-definition.js";

/** Each mirrored /v1 operation and the permission it needs on /admin/v1. */
export const MIRRORED_OPERATIONS: Readonly<Record<string, Permission>> = {
  listProducts: "catalog.read",
  getProductBySlug: "catalog.read",
  getProduct: "catalog.read",
  createProduct: "catalog.write",
  updateProduct: "catalog.write",
  deleteProduct: "catalog.write",
  addVariant: "catalog.write",
  updateVariant: "catalog.write",
  deleteVariant: "catalog.write",
  listCategories: "catalog.read",
  listSubcategories: "catalog.read",
  createCategory: "catalog.write",
  updateCategory: "catalog.write",
  deleteCategory: "catalog.write",
  createSubcategory: "catalog.write",
  updateSubcategory: "catalog.write",
  deleteSubcategory: "catalog.write",
  listProductCollections: "catalog.read",
  listProductCollectionItems: "catalog.read",
  createProductCollection: "catalog.write",
  updateProductCollection: "catalog.write",
  deleteProductCollection: "catalog.write",
  replaceProductCollectionItems: "catalog.write",
  listPosts: "catalog.read",
  getPostBySlug: "catalog.read",
  createPost: "catalog.write",
  updatePost: "catalog.write",
  deletePost: "catalog.write",
  listLookbooks: "catalog.read",
  getLookbookBySlug: "catalog.read",
  createLookbook: "catalog.write",
  updateLookbook: "catalog.write",
  deleteLookbook: "catalog.write",
  searchProducts: "catalog.read",
  listPrices: "catalog.read",
  getProductPrices: "catalog.read",
  listPriceRules: "catalog.read",
  createPriceRule: "pricing.manage",
  updatePriceRule: "pricing.manage",
  deletePriceRule: "pricing.manage",
  listExchangeRates: "catalog.read",
  createExchangeRate: "pricing.manage",
  updateExchangeRate: "pricing.manage",
  deleteExchangeRate: "pricing.manage",
  listPromotions: "catalog.read",
  getPromotion: "catalog.read",
  createPromotion: "pricing.manage",
  updatePromotion: "pricing.manage",
  deletePromotion: "pricing.manage",
  listGiftCards: "gift_cards.manage",
  getGiftCard: "gift_cards.manage",
  issueGiftCard: "gift_cards.manage",
  updateGiftCard: "gift_cards.manage",
  deactivateGiftCard: "gift_cards.manage",
  listShippingZones: "catalog.read",
  createPricingTier: "shipping.manage",
  updatePricingTier: "shipping.manage",
  deletePricingTier: "shipping.manage",
  createDeliveryZone: "shipping.manage",
  updateDeliveryZone: "shipping.manage",
  deleteDeliveryZone: "shipping.manage",
  getStore: "settings.manage",
  updateStore: "settings.manage",
  getTaxSettings: "settings.manage",
  replaceTaxSettings: "settings.manage",
  rotateHmacSecret: "settings.manage",
  createWebhookEndpoint: "webhooks.manage",
  listWebhookEndpoints: "webhooks.manage",
  getWebhookEndpoint: "webhooks.manage",
  updateWebhookEndpoint: "webhooks.manage",
  deleteWebhookEndpoint: "webhooks.manage",
  rotateWebhookEndpointSecret: "webhooks.manage",
  testWebhookEndpoint: "webhooks.manage",
  listWebhookEndpointDeliveries: "webhooks.manage",
  getWebhookEvent: "webhooks.manage",
};

/** /v1 writes the audit log records when a secret key makes them, beyond the mirrored ones: the shop's own moves of an order. */
const AUDITED_V1_WRITES = new Set(["updateOrder"]);

export const adminPathOf = (v1Path: string): string => v1Path.replace(/^\/v1\//, "/admin/v1/");

const adminOperationId = (operationId: string): string => `admin${operationId[0]!.toUpperCase()}${operationId.slice(1)}`;

/** The /v1 routes answered again under /admin/v1, each with its permission, a key-free example and no answer cache. */
export const mirroredAdminRoutes = (v1Routes: readonly AnyRoute[]): AnyRoute[] => {
  const known = new Set(v1Routes.map((r) => r.operationId));
  const missing = Object.keys(MIRRORED_OPERATIONS).filter((id) => !known.has(id));
  if (missing.length > 0) throw new Error(`mirrored admin operations without a /v1 route: ${missing.join(", ")}`);
  return v1Routes
    .filter((route) => MIRRORED_OPERATIONS[route.operationId] !== undefined)
    .map((route): AnyRoute => {
      const { answerCache: _cache, ...rest } = route;
      const { key: _key, ...example } = route.example;
      return {
        ...rest,
        operationId: adminOperationId(route.operationId),
        path: adminPathOf(route.path),
        access: "secret",
        permission: MIRRORED_OPERATIONS[route.operationId]!,
        example,
        handle: route.handle.bind(route),
      };
    });
};

const SINGULAR: Readonly<Record<string, string>> = { categories: "category", subcategories: "subcategory", tiers: "pricing_tier", zones: "delivery_zone", store: "store" };
const singular = (segment: string): string => SINGULAR[segment] ?? segment.replace(/ies$/, "y").replace(/s$/, "").replace(/-/g, "_");

/**
 * How a write made with the secret key (on /v1 or mirrored on /admin/v1) is audited
 * (docs/staff.md, "Audit log"): the resource is the path's record (an action such as
 * `/rotate_secret` belongs to the record before it), its values before are read by the GET of
 * that record where the API has one, and its values after are the write's answer.
 */
export interface GenericAudit {
  readonly operation: string;
  readonly resourceType: string;
  /** The path parameter naming the record, when the path has one. */
  readonly idParam: string | undefined;
  /** The GET answering the record, whose answer is the values before. */
  readonly before: AnyRoute | undefined;
}

/** The generic audit of each audited write among `routes` (keyed by route), found from the routes themselves. */
export const genericAudits = (routes: readonly AnyRoute[]): Map<AnyRoute, GenericAudit> => {
  const gets = new Map(routes.filter((r) => r.method === "GET").map((r) => [r.path, r]));
  const audits = new Map<AnyRoute, GenericAudit>();
  for (const route of routes) {
    if (route.method === "GET" || route.ownUnitsOfWork === true) continue;
    const v1Id = route.path.startsWith("/admin/v1/") ? Object.keys(MIRRORED_OPERATIONS).find((id) => adminOperationId(id) === route.operationId) : route.operationId;
    if (v1Id === undefined || (MIRRORED_OPERATIONS[v1Id] === undefined && !AUDITED_V1_WRITES.has(v1Id))) continue;
    const segments = route.path.split("/");
    // The record: the path up to its last parameter (or the whole path when it has none).
    let last = segments.length - 1;
    while (last > 0 && !/^\{\w+\}$/.test(segments[last]!)) last--;
    const recordPath = last > 0 ? segments.slice(0, last + 1).join("/") : route.path;
    const idParam = last > 0 ? segments[last]!.slice(1, -1) : undefined;
    const literal = last > 0 ? segments[last - 1]! : segments.filter((s) => s !== "" && !s.includes("{")).slice(-1)[0] ?? "record";
    const resourceType = route.path.endsWith("/store") || route.path.includes("/store/") ? "store" : singular(literal);
    // The record's GET, or (a variant's) its parent's.
    let before = gets.get(recordPath);
    if (before === undefined && last > 2) before = gets.get(segments.slice(0, last - 1).join("/"));
    if (before === undefined && route.path.endsWith("/store/hmac-secret/rotate")) before = gets.get(route.path.replace("/hmac-secret/rotate", ""));
    audits.set(route, { operation: v1Id, resourceType, idParam, before });
  }
  return audits;
};
