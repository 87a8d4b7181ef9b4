// Examples of the cart operations (cart-routes.ts), keyed by operationId; ids from
// adapters/http/examples/example-ids.ts.
import { DEMO, EXAMPLE_SESSION, LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const cartExamples = {
  getCart: {
    headers: { "X-Session-Id": EXAMPLE_SESSION },
    response: {
      status: 200,
      body: {
        cart: {
          id: null,
          customer_id: null,
          session_id: EXAMPLE_SESSION,
          currency: "KES",
          items: [],
          item_count: 0,
          subtotal: 0,
          created_at: null,
          updated_at: null,
        },
      },
    },
  },
  addCartItem: {
    headers: { "X-Session-Id": EXAMPLE_SESSION },
    body: { variant_id: DEMO.simpleVariant, quantity: 1 },
    response: {
      status: 200,
      body: {
        cart: {
          id: "01a213e7-7a05-747c-be64-05cea65938d6",
          customer_id: null,
          session_id: EXAMPLE_SESSION,
          currency: "KES",
          items: [
            {
              id: LEARNED.cartLine,
              variant_id: DEMO.simpleVariant,
              product_id: DEMO.simpleProduct,
              product_name: "Soapstone Table Lamp",
              variant_name: "",
              sku: "SOAPST-060",
              variant_attributes: {},
              quantity: 1,
              unit_price: 620000,
              line_total: 620000,
              thumbnail_url: "https://images.example.com/products/soapstone-table-lamp-1.jpg",
              stock_available: 47,
            },
          ],
          item_count: 1,
          subtotal: 620000,
          created_at: "2026-11-25T18:11:06.885Z",
          updated_at: "2026-11-25T18:11:06.885Z",
        },
      },
    },
  },
  updateCartItem: {
    params: { id: LEARNED.cartLine },
    headers: { "X-Session-Id": EXAMPLE_SESSION },
    body: { quantity: 2 },
    response: {
      status: 200,
      body: {
        cart: {
          id: "01a213e7-7a05-747c-be64-05cea65938d6",
          customer_id: null,
          session_id: EXAMPLE_SESSION,
          currency: "KES",
          items: [
            {
              id: LEARNED.cartLine,
              variant_id: DEMO.simpleVariant,
              product_id: DEMO.simpleProduct,
              product_name: "Soapstone Table Lamp",
              variant_name: "",
              sku: "SOAPST-060",
              variant_attributes: {},
              quantity: 2,
              unit_price: 620000,
              line_total: 1240000,
              thumbnail_url: "https://images.example.com/products/soapstone-table-lamp-1.jpg",
              stock_available: 47,
            },
          ],
          item_count: 2,
          subtotal: 1240000,
          created_at: "2026-11-25T18:11:06.885Z",
          updated_at: "2026-11-25T18:11:06.899Z",
        },
      },
    },
  },
  removeCartItem: {
    params: { id: LEARNED.cartLine },
    headers: { "X-Session-Id": EXAMPLE_SESSION },
    response: {
      status: 200,
      body: {
        cart: {
          id: "01a213e7-7a05-747c-be64-05cea65938d6",
          customer_id: null,
          session_id: EXAMPLE_SESSION,
          currency: "KES",
          items: [],
          item_count: 0,
          subtotal: 0,
          created_at: "2026-11-25T18:11:06.885Z",
          updated_at: "2026-11-25T18:11:06.935Z",
        },
      },
    },
  },
} satisfies Record<string, RouteExample>;
