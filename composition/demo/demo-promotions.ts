// The demo store's promotions (docs/api/demo-store.md, "What the demo store holds"): all four types
// (fixed, discount, bundle, bogo), and promotions active now, scheduled and expired, relative to
// the application's clock. Made through the use cases; products are found by name in the demo
// catalog.
import { CreatePromotion } from "../../application/promotions/create-promotion.js";
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import { demoDays, demoProductFinder } from "./demo-lookups.js";


export const seedDemoPromotions = async (container: Container, principal: Principal): Promise<void> => {
  const createPromotion = container.get(CreatePromotion);
  const day = demoDays(container);
  const product = demoProductFinder(container, principal);
  const sofa = await product("Kilimani Three-Seater Sofa");
  const cushion = await product("Mudcloth Cushion Cover");
  const mug = await product("Stoneware Mug");
  const candle = await product("Beeswax Pillar Candle");
  const beans = await product("Kenyan AA Coffee Beans");

  // Active now
  await createPromotion.execute(principal, {
    name: "Karibu: 10% off decor",
    type: "discount",
    display_type: "banner",
    description: "Ten percent off everything in Decor, up to KES 2,500 off an order.",
    discount_type: "percentage",
    discount_value: 10,
    max_discount: 250_000,
    applicable_categories: cushion.categoryId === null ? [] : [cushion.categoryId],
    start_date: day(-14),
    end_date: day(45),
  });
  await createPromotion.execute(principal, {
    name: "KES 1,000 off orders over KES 15,000",
    type: "fixed",
    display_type: "badge",
    description: "A thousand shillings off when the order reaches fifteen thousand.",
    discount_value: 100_000,
    min_purchase: 1_500_000,
    usage_limit: 500,
    usage_per_customer: 1,
    start_date: day(-30),
    end_date: day(30),
  });
  await createPromotion.execute(principal, {
    name: "Sofa and cushions set",
    type: "bundle",
    display_type: "bundle",
    description: "The Kilimani sofa with two mudcloth cushion covers: 15% off the set.",
    discount_type: "percentage",
    discount_value: 15,
    bundle_products: [
      { product_id: sofa.id, quantity: 1 },
      { product_id: cushion.id, quantity: 2 },
    ],
    start_date: day(-7),
    end_date: day(60),
  });
  await createPromotion.execute(principal, {
    name: "Mugs: buy one, get one free",
    type: "bogo",
    display_type: "badge",
    description: "Buy a stoneware mug and get a second one free.",
    bogo_required_products: [{ product_id: mug.id, quantity: 1 }],
    bogo_free_products: [{ product_id: mug.id, quantity: 1 }],
    free_products: [{ product_id: candle.id, quantity: 1 }],
    start_date: day(-3),
    end_date: day(25),
  });

  // Scheduled
  await createPromotion.execute(principal, {
    name: "Black Friday: 25% off",
    type: "discount",
    display_type: "banner",
    description: "A quarter off the whole store for one weekend.",
    discount_type: "percentage",
    discount_value: 25,
    max_discount: 1_000_000,
    start_date: day(10),
    end_date: day(13),
  });
  await createPromotion.execute(principal, {
    name: "Coffee lovers' bundle",
    type: "bundle",
    display_type: "bundle",
    description: "Two bags of Kenyan AA beans for KES 400 less.",
    discount_type: "fixed",
    discount_value: 40_000,
    bundle_products: [{ product_id: beans.id, quantity: 2 }],
    start_date: day(5),
    end_date: day(35),
  });

  // Expired
  await createPromotion.execute(principal, {
    name: "Madaraka Day: KES 500 off",
    type: "fixed",
    display_type: "badge",
    description: "Five hundred shillings off any order, for the holiday.",
    discount_value: 50_000,
    start_date: day(-60),
    end_date: day(-45),
  });
  await createPromotion.execute(principal, {
    name: "Candles: buy two, get one free",
    type: "bogo",
    display_type: "badge",
    description: "Buy two beeswax pillar candles and get a third one free.",
    bogo_required_products: [{ product_id: candle.id, quantity: 2 }],
    bogo_free_products: [{ product_id: candle.id, quantity: 1 }],
    start_date: day(-40),
    end_date: day(-10),
  });

  // Switched off by the merchant
  await createPromotion.execute(principal, {
    name: "Staff discount: 20% off",
    type: "discount",
    display_type: "hidden",
    description: "Switched on for staff sales only.",
    discount_type: "percentage",
    discount_value: 20,
    status: "inactive",
    start_date: day(-90),
    end_date: day(275),
  });
};
