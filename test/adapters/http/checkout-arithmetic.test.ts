// Checkout amounts checked by hand, on SQLite and MariaDB: a 10% promotion with a minimum purchase,
// a 0-10 km tier with free delivery from KES 5,000.00 (after discounts), 16% tax, and a gift card
// capped at 50% of the total (rounded down). The arithmetic is written beside each expectation.
import assert from "node:assert/strict";
import { describeMysql } from "../../support/mysql-database.js";
import { checkoutSession, createProduct, fillSessionCart, orderEvents, setUpDelivery } from "../../support/order-fixtures.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

interface Expected {
  readonly subtotal: number;
  readonly discount_amount: number;
  readonly shipping_amount: number;
  readonly tax_amount: number;
  readonly total_amount: number;
  readonly gift_card_amount: number;
  readonly amount_due: number;
}

const arithmeticSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let secret: string;
    let publishable: string;
    let promotionId: string;

    before(async () => {
      t = await startTestApplication(options());
      secret = t.store.keys.secretTest;
      publishable = t.store.keys.publishableTest;
      // Store at Nairobi CBD (-1.2864, 36.8172), tax 16%; tier 0-10 km, KES 300.00, free from KES 5,000.00.
      await setUpDelivery(t.client, secret, { taxRatePercent: 16, deliveryFee: 300, freeDeliveryThreshold: 5_000 });
      const zones = await t.client.get("/v1/shipping/zones", { key: publishable });
      assert.equal(zones.body.pricing_tiers[0].delivery_fee, 300);
      assert.equal(zones.body.pricing_tiers[0].free_delivery_threshold, 5_000);
      // 10% off the whole cart from KES 1,000.00 (promotion amounts are minor units).
      const promotion = await t.client.post(
        "/v1/promotions",
        { name: "Ten percent", type: "discount", discount_type: "percentage", discount_value: 10, min_purchase: 100_000, end_date: "2099-01-01T00:00:00Z" },
        { key: secret },
      );
      assert.equal(promotion.status, 201, promotion.text);
      promotionId = promotion.body.id;
    });
    after(() => t?.close());

    /** A gift card of `balance` KES capped at 50% of an order. */
    const card = async (balance: number): Promise<string> => {
      const issued = await t.client.post("/v1/gift-cards", { initial_balance: balance, maximum_usage_percentage: 50 }, { key: secret });
      assert.equal(issued.status, 201, issued.text);
      return issued.body.code;
    };
    const balanceOf = async (code: string): Promise<number> => {
      const check = await t.client.get(`/v1/gift-cards/check?code=${encodeURIComponent(code)}`, { key: publishable });
      assert.equal(check.status, 200, check.text);
      return check.body.balance;
    };
    /** Checks out a session cart of the given lines (prices in minor units). */
    const order = async (lines: readonly { price: number; quantity: number }[], giftCardCode?: string): Promise<any> => {
      const cart: { variantId: string; quantity: number }[] = [];
      for (const [i, line] of lines.entries()) {
        const variant = await createProduct(t.client, secret, `Line ${i} at ${line.price}`, { price: line.price, stock: 20 });
        cart.push({ variantId: variant.variantId, quantity: line.quantity });
      }
      const session = await fillSessionCart(t.client, publishable, cart);
      return checkoutSession(t.client, secret, session, giftCardCode === undefined ? {} : { gift_card_code: giftCardCode });
    };
    const amounts = (placed: any): Expected => ({
      subtotal: placed.subtotal,
      discount_amount: placed.discount_amount,
      shipping_amount: placed.shipping_amount,
      tax_amount: placed.tax_amount,
      total_amount: placed.total_amount,
      gift_card_amount: placed.gift_card_amount,
      amount_due: placed.amount_due,
    });

    it("above the free delivery threshold: no delivery fee, tax on the discounted subtotal, the card pays half rounded down", async () => {
      const code = await card(10_000);
      const placed = await order([{ price: 249_950, quantity: 2 }, { price: 60_015, quantity: 1 }], code);
      // subtotal          2 x 2,499.50 + 600.15                      = 5,599.15   (559,915 cents)
      // discount          10% of 559,915 = 55,991.5 -> half-even     =   559.92   (55,992)
      // after discount    559,915 - 55,992                           = 5,039.23   (503,923) >= 5,000.00: delivery free
      // tax               16% of 503,923 = 80,627.68 -> 80,628       =   806.28
      // total             503,923 + 80,628                           = 5,845.51   (584,551)
      // gift card         floor(50% of 584,551) = floor(292,275.5)   = 2,922.75   (balance 10,000.00 is more)
      // amount due        584,551 - 292,275                          = 2,922.76
      assert.deepEqual(amounts(placed), {
        subtotal: 5_599.15,
        discount_amount: 559.92,
        shipping_amount: 0,
        tax_amount: 806.28,
        total_amount: 5_845.51,
        gift_card_amount: 2_922.75,
        amount_due: 2_922.76,
      });
      assert.deepEqual(placed.promotions, [{ promotion_id: promotionId, name: "Ten percent", discount: 559.92 }]);
      assert.equal(placed.shipping_metadata.free_delivery_applied, true);
      assert.equal(placed.payment_status, "pending", "half is still due");
      // 10,000.00 - 2,922.75 = 7,077.25
      assert.equal(await balanceOf(code), 7_077.25);
      assert.deepEqual(await orderEvents(t.application.database.knex, t.store.store.id, placed.id), ["order.created", "promotion.applied"]);
    });

    it("exactly at the threshold: delivery is free, and a small card pays its whole balance", async () => {
      const code = await card(1_500);
      const placed = await order([{ price: 555_556, quantity: 1 }], code);
      // subtotal          5,555.56                                   (555,556)
      // discount          10% = 55,555.6 -> 55,556                   =   555.56
      // after discount    555,556 - 55,556 = 500,000                 = 5,000.00, reaches 5,000.00: delivery free
      // tax               16% of 500,000                             =   800.00
      // total             500,000 + 80,000                           = 5,800.00
      // gift card         min(balance 1,500.00, cap 2,900.00)        = 1,500.00
      // amount due        5,800.00 - 1,500.00                        = 4,300.00
      assert.deepEqual(amounts(placed), {
        subtotal: 5_555.56,
        discount_amount: 555.56,
        shipping_amount: 0,
        tax_amount: 800,
        total_amount: 5_800,
        gift_card_amount: 1_500,
        amount_due: 4_300,
      });
      assert.equal(await balanceOf(code), 0);
    });

    it("one cent below the threshold after the discount: the delivery fee is charged and taxed", async () => {
      const code = await card(10_000);
      const placed = await order([{ price: 555_554, quantity: 1 }], code);
      // subtotal          5,555.54                                   (555,554)
      // discount          10% = 55,555.4 -> 55,555                   =   555.55
      // after discount    555,554 - 55,555 = 499,999                 = 4,999.99 < 5,000.00: delivery 300.00
      // tax               16% of (499,999 + 30,000 = 529,999) = 84,799.84 -> 84,800 = 848.00
      // total             529,999 + 84,800                           = 6,147.99   (614,799)
      // gift card         floor(50% of 614,799) = floor(307,399.5)   = 3,073.99
      // amount due        614,799 - 307,399                          = 3,074.00
      assert.deepEqual(amounts(placed), {
        subtotal: 5_555.54,
        discount_amount: 555.55,
        shipping_amount: 300,
        tax_amount: 848,
        total_amount: 6_147.99,
        gift_card_amount: 3_073.99,
        amount_due: 3_074,
      });
      assert.equal(placed.shipping_metadata.free_delivery_applied, false);
      // 10,000.00 - 3,073.99 = 6,926.01
      assert.equal(await balanceOf(code), 6_926.01);
    });

    it("below the promotion's minimum purchase: no discount and no promotion.applied", async () => {
      const placed = await order([{ price: 90_000, quantity: 1 }]);
      // subtotal 900.00 < 1,000.00 minimum: no discount; delivery 300.00;
      // tax 16% of 1,200.00 = 192.00; total 1,392.00; no card, all due.
      assert.deepEqual(amounts(placed), {
        subtotal: 900,
        discount_amount: 0,
        shipping_amount: 300,
        tax_amount: 192,
        total_amount: 1_392,
        gift_card_amount: 0,
        amount_due: 1_392,
      });
      assert.deepEqual(placed.promotions, []);
      assert.deepEqual(await orderEvents(t.application.database.knex, t.store.store.id, placed.id), ["order.created"]);
    });
  });

arithmeticSuite("checkout arithmetic on SQLite", () => ({}));
describeMysql("checkout arithmetic on MariaDB", (getDb) => arithmeticSuite("checkout arithmetic", () => ({ databaseUrl: getDb().url })));
