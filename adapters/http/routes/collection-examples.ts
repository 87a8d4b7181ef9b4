// Examples of the product collection operations (collection-routes.ts), keyed by operationId; ids
// from adapters/http/examples/example-ids.ts.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const collectionExamples = {
  listProductCollections: {
    query: { show_on_homepage: "true" },
    response: {
      status: 200,
      body: {
        collections: [
          {
            id: DEMO.collection,
            name: "New In",
            slug: "new-in",
            type: "seasonal",
            description: null,
            is_active: true,
            show_on_homepage: true,
            display_priority: 10,
            created_at: "2026-11-25T18:11:00.011Z",
            updated_at: "2026-11-25T18:11:00.011Z",
          },
        ],
        pagination: { limit: 50, next_cursor: null, has_more: false },
      },
    },
  },
  listProductCollectionItems: {
    params: { id: DEMO.collection },
    query: { limit: "1" },
    response: {
      status: 200,
      body: {
        items: [
          {
            online_product_id: "01a213e7-5648-7503-8728-4318ace98032",
            sort_order: 0,
            product: {
              id: "01a213e7-5648-7503-8728-4318ace98032",
              inventory_id: "01a213e7-564f-7428-ada4-01658c20145e",
              online_name: "Kilimani Three-Seater Sofa",
              online_description: "The Kilimani Three-Seater Sofa by Savanna Living. Kiln-dried hardwood frame, high-resilience foam seats and removable covers you can wash.",
              online_images: [
                "https://images.example.com/products/kilimani-three-seater-sofa-1.jpg",
                "https://images.example.com/products/kilimani-three-seater-sofa-2.jpg",
              ],
              online_price: 8900000,
              online_sale_price: null,
              online_stock: 125,
              is_online_enabled: true,
              seo_title: "Kilimani Three-Seater Sofa | Savanna Living",
              seo_description: "Buy the Kilimani Three-Seater Sofa by Savanna Living, delivered across Nairobi.",
              seo_keywords: "sofa, couch",
              featured: true,
              featured_order: 1,
              online_category: "Living Room > Sofas",
              tags: ["sofa", "couch"],
              attributes: { material: "hardwood frame, cotton-linen cover" },
              shipping_info: { weight_grams: 21740, length_cm: 68 },
              created_at: "2026-11-25T18:10:57.742Z",
              updated_at: "2026-11-25T18:10:57.742Z",
            },
          },
        ],
        pagination: { limit: 1, next_cursor: "WzAsIjAxYTIxM2U3LTU2NDgtNzUwMy04NzI4LTQzMThhY2U5ODAzMiJd", has_more: true },
      },
    },
  },
  createProductCollection: {
    body: { name: "Dining Table Edit", slug: "dining-table-edit", type: "manual", show_on_homepage: false, display_priority: 5 },
    response: {
      status: 201,
      body: {
        id: LEARNED.newCollection,
        name: "Dining Table Edit",
        slug: "dining-table-edit",
        type: "manual",
        description: null,
        is_active: true,
        show_on_homepage: false,
        display_priority: 5,
        created_at: "2026-11-25T18:11:04.717Z",
        updated_at: "2026-11-25T18:11:04.717Z",
      },
    },
  },
  updateProductCollection: {
    params: { id: LEARNED.newCollection },
    body: { show_on_homepage: true, display_priority: 8 },
    response: {
      status: 200,
      body: {
        id: LEARNED.newCollection,
        name: "Dining Table Edit",
        slug: "dining-table-edit",
        type: "manual",
        description: null,
        is_active: true,
        show_on_homepage: true,
        display_priority: 8,
        created_at: "2026-11-25T18:11:04.717Z",
        updated_at: "2026-11-25T18:11:04.735Z",
      },
    },
  },
  replaceProductCollectionItems: {
    params: { id: LEARNED.newCollection },
    body: { items: [{ product_id: LEARNED.newProduct, sort_order: 0 }] },
    response: {
      status: 200,
      body: {
        items: [
          {
            online_product_id: LEARNED.newProduct,
            sort_order: 0,
            product: {
              id: LEARNED.newProduct,
              inventory_id: LEARNED.newProductVariant,
              online_name: "Jacaranda Linen Napkins",
              online_description: null,
              online_images: ["https://images.example.com/jacaranda-napkins.jpg"],
              online_price: 180000,
              online_sale_price: null,
              online_stock: 25,
              is_online_enabled: true,
              seo_title: "Jacaranda linen napkins, set of 4",
              seo_description: null,
              seo_keywords: null,
              featured: true,
              featured_order: 3,
              online_category: "Table Linen & Napkins > Cloth Napkins",
              tags: ["linen", "table"],
              attributes: { material: "linen" },
              shipping_info: { weight_grams: 400, length_cm: 30, width_cm: 20, height_cm: 3 },
              created_at: "2026-11-25T18:11:04.462Z",
              updated_at: "2026-11-25T18:11:04.504Z",
            },
          },
        ],
      },
    },
  },
  deleteProductCollection: { params: { id: LEARNED.newCollection }, response: { status: 204 } },
} satisfies Record<string, RouteExample>;
