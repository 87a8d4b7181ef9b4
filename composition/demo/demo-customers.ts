// The demo store's customers (docs/api/demo-store.md, "What the demo store holds"): three who can
// sign in with a password. The first has a purchase history, a wishlist and a thread of four
// messages with the store; the second bought once, over a year ago; the third has not bought yet.
// Made through the use cases. Their passwords are fixed and documented (README, docs/decisions/operations.md, operations-18):
// demo data is public test data, and `storefront demo-info` can print them again for a store seeded
// earlier.
import { SendMessage } from "../../application/messaging/send-message.js";
import { SendStoreMessage } from "../../application/messaging/send-store-message.js";
import type { Container } from "inversify";
import { AuthenticateCustomer } from "../../application/access/authenticate-customer.js";
import type { Principal } from "../../application/access/principal.js";
import { RecordCustomerPurchase } from "../../application/customers/record-customer-purchase.js";
import { RegisterCustomer } from "../../application/customers/register-customer.js";
import { OpenThread } from "../../application/messaging/open-thread.js";
import { AddWishlistItem } from "../../application/wishlist/add-wishlist-item.js";
import type { DemoCatalog } from "./demo-catalog.js";
import type { DemoCustomer } from "./seed-demo-store.js";

/** The demo customers, their sign-in emails and their (public, fixed) demo passwords. */
export const DEMO_PEOPLE = [
  { name: "Amina Wanjiru", email: "amina.wanjiru@example.com", phone: "+254 712 345 678", address: "14 Riverside Drive, Westlands, Nairobi", password: "Amina-Demo-2026" },
  { name: "Brian Otieno", email: "brian.otieno@example.com", phone: "+254 722 901 234", address: "Oginga Odinga Street 3, Kisumu", password: "Brian-Demo-2026" },
  { name: "Grace Mwangi", email: "grace.mwangi@example.com", phone: "+254 733 456 789", address: "Nyali Road 27, Mombasa", password: "Grace-Demo-2026" },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export const seedDemoCustomers = async (
  container: Container,
  principal: Principal,
  catalog: DemoCatalog,
): Promise<DemoCustomer[]> => {
  const register = container.get(RegisterCustomer);
  const purchases = container.get(RecordCustomerPurchase);
  const customers: DemoCustomer[] = [];
  const tokens: string[] = [];
  for (const { password, ...person } of DEMO_PEOPLE) {
    const signedIn = await register.execute(principal, { ...person, password });
    customers.push({ id: signedIn.customer.id, email: signedIn.customer.email, password });
    tokens.push(signedIn.session.access_token);
  }
  const [amina, brian] = customers as [DemoCustomer, DemoCustomer, DemoCustomer];

  // Purchase histories: Amina a regular (three orders, the last three weeks ago), Brian lapsed.
  const now = Date.now();
  const ago = (days: number): string => new Date(now - days * DAY_MS).toISOString();
  const variant = (index: number) => catalog.variants[index % catalog.variants.length]!;
  await purchases.execute(principal, amina.id, variant(0).price + variant(12).price, ago(160));
  await purchases.execute(principal, amina.id, variant(3).price, ago(75));
  await purchases.execute(principal, amina.id, variant(20).price * 2, ago(21));
  await purchases.execute(principal, brian.id, variant(7).price, ago(400));

  const asAmina = await container.get(AuthenticateCustomer).execute(principal, tokens[0]!);
  const wishlist = container.get(AddWishlistItem);
  for (const index of [5, 14, 30]) {
    await wishlist.execute(principal, asAmina, { customer_id: amina.id, variant_id: variant(index).variantId });
  }

  const sofa = variant(0);
  const thread = await container.get(OpenThread).execute(asAmina, {
    subject: "Delivery of my sofa to Westlands",
    thread_type: "delivery",
    product_id: sofa.productId,
    message: "Hello! Can the three-seater sofa be delivered on a Saturday morning? I live on the third floor without a lift.",
  });
  const sendStoreMessage = container.get(SendStoreMessage);
  const sendMessage = container.get(SendMessage);
  await sendStoreMessage.execute(principal, thread.id, "Wanjiku, Customer Care", {
    message_content: "Hi Amina, yes: we deliver on Saturdays between 8 and 12, and our team carries it up at no extra cost.",
  });
  await sendMessage.execute(asAmina, thread.id, { message_content: "Perfect, please book this Saturday. Will you call before coming?" });
  await sendStoreMessage.execute(principal, thread.id, "Wanjiku, Customer Care", {
    message_content: "Booked for Saturday. The driver will call you 30 minutes before arrival.",
  });
  return customers;
};
