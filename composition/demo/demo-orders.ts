// The demo store's orders (issue 8): the first customer signs in, fills a cart and checks out
// several times through the real use cases, and the orders are moved to different states.
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import { AddCartItem } from "../../application/carts/add-cart-item.js";
import { LogIn } from "../../application/customers/log-in.js";
import { Checkout } from "../../application/orders/checkout.js";
import { UpdateOrder } from "../../application/orders/update-order.js";
import { OrderRepository } from "../../application/ports/order-repository.js";
import type { OrderUpdateInput } from "../../application/orders/order-inputs.js";
import type { DemoCatalog } from "./demo-catalog.js";
import type { DemoCustomer } from "./seed-demo-store.js";

/** Each demo order: which catalog variants (by index) it buys, and the moves made after checkout. */
const PLAN: ReadonlyArray<{ readonly lines: readonly number[]; readonly moves: readonly OrderUpdateInput[] }> = [
  { lines: [0, 7], moves: [{ payment_status: "paid" }, { order_status: "processing" }, { order_status: "shipped", tracking_number: "KE-DEMO-0001" }, { order_status: "delivered" }] },
  { lines: [12], moves: [{ payment_status: "paid" }, { order_status: "processing" }, { order_status: "shipped", tracking_number: "KE-DEMO-0002" }] },
  { lines: [20, 21], moves: [{ payment_status: "paid" }, { order_status: "processing" }] },
  { lines: [30], moves: [] },
  { lines: [40], moves: [{ order_status: "cancelled", notes: "Customer changed their mind." }] },
];

const NAIROBI_ADDRESS = {
  name: "Demo Customer",
  line1: "Kenyatta Avenue 12",
  city: "Nairobi",
  country: "KE",
  latitude: -1.2841,
  longitude: 36.8155,
};

export const seedDemoOrders = async (container: Container, principal: Principal, catalog: DemoCatalog, customer: DemoCustomer): Promise<void> => {
  const signIn = await container.get(LogIn).execute(principal, { email: customer.email, password: customer.password }, {
    keyId: principal.keyId,
    callerAddress: "127.0.0.1",
    shopperAddress: undefined,
  });
  const token = signIn.session.access_token;
  const address = { customerId: customer.id, customerToken: token };
  const orders = container.get(OrderRepository);
  const update = container.get(UpdateOrder);
  for (const order of PLAN) {
    for (const index of order.lines) {
      const variant = catalog.variants[index % catalog.variants.length]!;
      await container.get(AddCartItem).execute(principal, address, { variantId: variant.variantId, quantity: 1 });
    }
    const placed = await container.get(Checkout).execute(
      principal,
      {
        customer_id: customer.id,
        email: customer.email,
        name: NAIROBI_ADDRESS.name,
        phone: "+254712345678",
        shipping_address: NAIROBI_ADDRESS,
        payment_method: "mobile_stk",
      },
      token,
    );
    for (const move of order.moves) {
      const current = await orders.find(principal.storeId, placed.id);
      if (current !== undefined) await update.execute(principal, current.id, move);
    }
  }
};
