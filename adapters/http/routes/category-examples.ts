// Examples of the category and subcategory operations (category-routes.ts), keyed by operationId;
// ids from adapters/http/examples/example-ids.ts.
import { DEMO, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const categoryExamples = {
  listCategories: {
    query: { search: "room" },
    response: {
      status: 200,
      body: {
        categories: [
          {
            id: "01a213e7-5d49-747f-a48e-bb4a9e72dba1",
            name: "Bedroom",
            description: "Bedding, furniture and storage for slow mornings and early nights.",
            image: "https://images.example.com/categories/bedroom.jpg",
            active: true,
            created_at: "2026-11-25T18:10:59.529Z",
            updated_at: "2026-11-25T18:10:59.529Z",
          },
          {
            id: DEMO.category,
            name: "Living Room",
            description: "Sofas, lighting and rugs for the room everyone ends up in.",
            image: "https://images.example.com/categories/living-room.jpg",
            active: true,
            created_at: "2026-11-25T18:10:57.702Z",
            updated_at: "2026-11-25T18:10:57.702Z",
          },
        ],
        pagination: { limit: 50, next_cursor: null, has_more: false },
      },
    },
  },
  listSubcategories: {
    query: { category_id: DEMO.category, limit: "2" },
    response: {
      status: 200,
      body: {
        subcategories: [
          {
            id: DEMO.subcategory,
            name: "Lighting",
            description: null,
            image: null,
            active: true,
            created_at: "2026-11-25T18:10:59.154Z",
            updated_at: "2026-11-25T18:10:59.154Z",
            category_id: DEMO.category,
          },
          {
            id: "01a213e7-5c99-7420-81b6-de9ee81fc3a2",
            name: "Rugs",
            description: null,
            image: null,
            active: true,
            created_at: "2026-11-25T18:10:59.352Z",
            updated_at: "2026-11-25T18:10:59.352Z",
            category_id: DEMO.category,
          },
        ],
        pagination: { limit: 2, next_cursor: "WyJSdWdzIiwiMDFhMjEzZTctNWM5OS03NDIwLTgxYjYtZGU5ZWU4MWZjM2EyIl0", has_more: true },
      },
    },
  },
  createCategory: {
    body: { name: "Table Linen", image: "https://images.example.com/categories/table-linen.jpg" },
    response: {
      status: 201,
      body: {
        id: LEARNED.newCategory,
        name: "Table Linen",
        description: null,
        image: "https://images.example.com/categories/table-linen.jpg",
        active: true,
        created_at: "2026-11-25T18:11:04.338Z",
        updated_at: "2026-11-25T18:11:04.338Z",
      },
    },
  },
  updateCategory: {
    params: { id: LEARNED.newCategory },
    body: { name: "Table Linen & Napkins" },
    response: {
      status: 200,
      body: {
        id: LEARNED.newCategory,
        name: "Table Linen & Napkins",
        description: null,
        image: "https://images.example.com/categories/table-linen.jpg",
        active: true,
        created_at: "2026-11-25T18:11:04.338Z",
        updated_at: "2026-11-25T18:11:04.366Z",
      },
    },
  },
  deleteCategory: { params: { id: LEARNED.newCategory }, response: { status: 204 } },
  createSubcategory: {
    body: { name: "Napkins", category_id: LEARNED.newCategory },
    response: {
      status: 201,
      body: {
        id: LEARNED.newSubcategory,
        name: "Napkins",
        description: null,
        image: null,
        active: true,
        created_at: "2026-11-25T18:11:04.387Z",
        updated_at: "2026-11-25T18:11:04.387Z",
        category_id: LEARNED.newCategory,
      },
    },
  },
  updateSubcategory: {
    params: { id: LEARNED.newSubcategory },
    body: { name: "Cloth Napkins" },
    response: {
      status: 200,
      body: {
        id: LEARNED.newSubcategory,
        name: "Cloth Napkins",
        description: null,
        image: null,
        active: true,
        created_at: "2026-11-25T18:11:04.387Z",
        updated_at: "2026-11-25T18:11:04.425Z",
        category_id: LEARNED.newCategory,
      },
    },
  },
  deleteSubcategory: { params: { id: LEARNED.newSubcategory }, response: { status: 204 } },
} satisfies Record<string, RouteExample>;
