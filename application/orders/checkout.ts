// Checkout (`POST /v1/orders`, docs/api/orders.md, "Checkout"): turns the customer's or session's
// cart into an order in ONE transaction — prices (pricing engine), promotions (usage recorded
// atomically), shipping (zones and tiers, with its audit trail), tax per line in the shipping
// address's tax zone (docs/taxes.md, "Orders"), the gift card (redeemed under a lock), stock taken
// with no oversell, a per-store order number, the cart emptied, and the events. Any failure leaves
// nothing behind.
//
// The locks of rows other checkouts share are taken as late as they can be (issue 36, item 2;
// docs/decisions/checkout.md, "checkout-18"): first what needs no such lock (the shopper's own
// cart, prices, the promotions' discounts from an unlocked read, the shipping quote, the totals,
// the cart emptied), then, in the one order every unit of work follows: the variants' stock (by
// variant id, two statements for all lines: decisions checkout-21), the promotions with a usage
// limit (by promotion id), the gift card, the store's order counter (only when no number could be
// claimed before the transaction: decisions checkout-22); the order and its lines are written
// after the stock (their foreign key takes a shared lock on each variant row, which must come
// after the exclusive one), and just before COMMIT the uses of promotions without a limit, the
// catalog's version buckets and the dashboard's sales counters (Database.beforeCommit).
import { fellToThreshold } from "../catalog/variant-writes.js";
import { Either } from "effect";
import type { CurrencyCode } from "../../domain/money/currency.js";
import { inject, injectable } from "inversify";
import { checkGiftCard } from "../../domain/gift-cards/check-gift-card.js";
import { redeem } from "../../domain/gift-cards/gift-card-balance.js";
import { normaliseGiftCardCode } from "../../domain/gift-cards/gift-card-code.js";
import { foreignRedemption } from "../../domain/gift-cards/redemption-amount.js";
import { formatOrderNumber, type Address, type AppliedPromotion, type LineTaxFigures, type Order, type OrderLine } from "../../domain/orders/order.js";
import { evaluatePromotions } from "../../domain/promotions/evaluate-promotions.js";
import type { Promotion } from "../../domain/promotions/promotion.js";
import { quoteShipping, type ShippingQuote } from "../../domain/shipping/quote-shipping.js";
import { taxSettingsOf, type Store } from "../../domain/stores/store.js";
import type { LineTax } from "../../domain/tax/order-tax.js";
import { taxOrder } from "../../domain/tax/order-tax.js";
import { lineTaxClass } from "../../domain/tax/store-tax-defaults.js";
import type { TaxClass } from "../../domain/tax/tax-class.js";
import { resolveTaxZone } from "../../domain/tax/tax-zone.js";
import type { Principal } from "../access/principal.js";
import { CartOwnerResolver, type ResolvedOwner } from "../carts/cart-owner-resolver.js";
import { CartPricer } from "../carts/cart-pricer.js";
import { BusinessRuleViolation, ResourceConflict } from "../errors/resource-errors.js";
import { CartRepository } from "../ports/cart-repository.js";
import { IssueDocuments } from "../invoices/issue-documents.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { Geocoder } from "../ports/geocoder.js";
import { ExchangeRateRepository } from "../ports/exchange-rate-repository.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { SalesFigures } from "../ports/sales-figures.js";
import { loadStore } from "../stores/load-store.js";
import type { AddressInput, CheckoutInput } from "./order-inputs.js";
import { majorUnitsOf, toOrderRecord, type OrderRecord } from "./order-record.js";

const toAddress = (input: AddressInput): Address => ({ ...input });

const promotionUsedUp = () =>
  new ResourceConflict({
    code: "promotion_unavailable",
    message: "A promotion reached its usage limit while this order was placed; place it again for the current price.",
  });

/** How shipping was priced, kept on the order as an audit trail, in the API's units and names. */
const shippingAudit = (quote: ShippingQuote, store: Store, destination: { latitude: number; longitude: number }) => {
  const major = majorUnitsOf(store.baseCurrency);
  return {
    method: quote.method,
    ...(quote.method === "zone" ? { zone_id: quote.zoneId, zone_name: quote.zoneName } : { tier_id: quote.tierId, tier_name: quote.tierName }),
    distance_meters: quote.distanceMeters,
    base_fee: major(quote.baseFee),
    fee: major(quote.fee),
    free_delivery_threshold: quote.freeDeliveryThreshold === null ? null : major(quote.freeDeliveryThreshold),
    free_delivery_applied: quote.freeDeliveryApplied,
    destination,
    origin: store.location ?? null,
  };
};

/** A taxed line as the order stores it (docs/taxes.md, "For the wiring"). */
const figuresOf = (line: LineTax): LineTaxFigures => ({
  taxClass: line.taxClass,
  rate: line.rate,
  exempt: line.exempt,
  discount: line.discount,
  net: line.net,
  tax: line.tax,
  gross: line.gross,
});

interface PricedLine {
  readonly line: OrderLine;
  readonly categoryId: string | null;
  /** The variant's class, else the product's, else standard. */
  readonly taxClass: TaxClass;
  readonly threshold: number | null;
  /** The variant's stock as this transaction's read of the products saw it (not locked). */
  readonly stockSeen: number;
}

const insufficientStock = (line: OrderLine) =>
  new ResourceConflict({ code: "insufficient_stock", param: "quantity", message: `Not enough of ${line.sku} in stock for this order.` });

@injectable()
export class Checkout {
  constructor(
    @inject(CartOwnerResolver) private readonly owners: CartOwnerResolver,
    @inject(CartRepository) private readonly carts: CartRepository,
    @inject(CartPricer) private readonly pricer: CartPricer,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(PromotionRepository) private readonly promotions: PromotionRepository,
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(GiftCardRepository) private readonly giftCards: GiftCardRepository,
    @inject(ExchangeRateRepository) private readonly rates: ExchangeRateRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Geocoder) private readonly geocoder: Geocoder,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(SalesFigures) private readonly sales: SalesFigures,
    @inject(IssueDocuments) private readonly documents: IssueDocuments,
  ) {}

  async execute(principal: Principal, input: CheckoutInput, customerToken: string | undefined): Promise<OrderRecord> {
    const resolved = await this.owners.resolve(principal, { customerId: input.customer_id, sessionId: input.session_id, customerToken });
    const destination = this.destinationOf(input.shipping_address);
    const livemode = principal.mode === "live";
    // Outside the unit of work: a number claimed here is not taken back by the checkout's rollback,
    // so the checkout's transaction never locks the store's counter row when one was claimed.
    const claimed = await this.orders.claimSequence?.(principal.storeId);
    // Whether the last run of the work threw: it then rolled back before any COMMIT, so no order
    // holds the claimed number and it can be given back. A COMMIT that failed (when the order may
    // have been written) leaves the number unused: a gap, never a number handed out twice.
    let refused = false;
    try {
      return await this.uow.run(async () => {
        refused = false;
        try {
          return await this.placeOrder(principal, input, resolved, destination, livemode, claimed);
        } catch (error) {
          refused = true;
          throw error;
        }
      });
    } catch (error) {
      if (claimed !== undefined && refused) this.orders.releaseSequence?.(principal.storeId, claimed);
      throw error;
    }
  }

  /** The checkout's unit of work: the order priced, taxed, stock and offers taken, and written. */
  private async placeOrder(
    principal: Principal,
    input: CheckoutInput,
    resolved: ResolvedOwner,
    destination: { latitude: number; longitude: number },
    livemode: boolean,
    claimed: number | undefined,
  ): Promise<OrderRecord> {
    // The store's settings (tax rate, shipping origin) and the price rules as they are now: the
    // store read in this transaction, never a process's copy (docs/decisions/carts.md, "carts-08"), and
    // the rules from a copy only when it is of the catalog version that read saw (docs/decisions/checkout.md,
    // "checkout-31").
    const store = await loadStore(this.stores, principal.storeId, { fresh: true });
    const pricer = await this.pricer.forCustomer(store, resolved.customerId);
    const now = this.clock.now();
    const at = now.toISOString();
    const cart = await this.carts.lock(store.id, resolved.owner);
    if (cart === undefined || cart.lines.length === 0) {
      throw new ResourceConflict({ code: "cart_empty", message: "The cart is empty; add items before checking out." });
    }
    const orderId = this.ids.newId();

    // Lines at today's prices (stock is taken below, after everything that needs no shared lock).
    const found = await this.products.findManyByIds(store.id, [...new Set(cart.lines.map((l) => l.productId))]);
    const priced: PricedLine[] = cart.lines.map((cartLine) => {
      const product = found.get(cartLine.productId);
      const variant = product?.variants.find((v) => v.id === cartLine.variantId);
      if (product === undefined || variant === undefined || !product.product.isActive) {
        throw new ResourceConflict({ code: "product_unavailable", message: "An item in the cart is no longer sold; remove it and try again." });
      }
      const unitPrice = pricer.unitPrice(variant, product.product.categoryId, cartLine.quantity);
      return {
        categoryId: product.product.categoryId,
        taxClass: lineTaxClass(product.product.taxClass, variant.taxClass),
        threshold: variant.threshold,
        stockSeen: variant.stock,
        line: {
          id: this.ids.newId(),
          productId: product.product.id,
          variantId: variant.id,
          productName: product.product.name,
          variantName: variant.variantName,
          sku: variant.sku,
          quantity: cartLine.quantity,
          unitPrice,
          lineTotal: unitPrice * cartLine.quantity,
        },
      };
    });
    // In variant id order (the cart's order is the shopper's): every unit of work that changes
    // stock locks variants in this one order, so two checkouts of the same variants cannot deadlock.
    const byVariant = [...priced].sort((a, b) => (a.line.variantId! < b.line.variantId! ? -1 : a.line.variantId! > b.line.variantId! ? 1 : 0));
    // A line the stock did not cover when the products were read above is refused now, before any
    // shared lock is taken: a refusal writes nothing, so it holds as of that read (the
    // transaction's snapshot on MySQL), and a sold-out variant's refused checkouts no longer
    // queue on the locks of the shoppers who are buying. A line that was covered is checked
    // again by the guarded decrement below, which alone decides.
    for (const { line, stockSeen } of byVariant) if (stockSeen < line.quantity) throw insufficientStock(line);
    const subtotal = priced.reduce((sum, p) => sum + p.line.lineTotal, 0);

    // What needs no lock of a shared row: the promotions' discounts (from an unlocked read; a use
    // is recorded below, and one that would pass a limit refuses the order), shipping, the totals.
    const { applied, limited } = await this.applyPromotions(store.id, resolved.customerId, orderId, priced, now);
    const discount = applied.reduce((sum, p) => sum + p.discount, 0);

    const quote = await this.quoteShipping(store, destination, subtotal - discount);
    // Tax per line in the shipping address's zone, worked out in memory before any shared lock
    // (docs/taxes.md, "Orders"): with prices including tax the total is the stated prices less
    // the discount plus shipping, the tax inside it; without, the tax is added on top.
    const taxSettings = taxSettingsOf(store);
    const { zone, matchedBy } = resolveTaxZone(taxSettings.zones, taxSettings.defaultZoneId, {
      country: input.shipping_address.country,
      region: input.shipping_address.region,
    });
    const taxed = taxOrder({
      pricesIncludeTax: taxSettings.pricesIncludeTax,
      zone,
      lines: priced.map((p) => ({ amount: p.line.lineTotal, taxClass: p.taxClass })),
      discount,
      shipping: { amount: quote.fee, taxClass: taxSettings.shippingTaxClass },
    });
    if (Either.isLeft(taxed)) {
      // Settings and product classes are checked when saved, so this is a class saved past that
      // check.
      throw new BusinessRuleViolation({
        code: "tax_rate_missing",
        param: "shipping_address",
        message: `Tax zone ${taxed.left.zoneId} has no rate for tax class ${taxed.left.taxClass}; the order cannot be taxed.`,
      });
    }
    const tax = taxed.right.tax;
    const total = taxed.right.gross;
    const lineFigures = taxed.right.lines.map(figuresOf);
    // The shopper's own cart (locked above), emptied before the shared locks are taken.
    await this.carts.remove(store.id, cart.id);

    // Now the shared rows, in the global order. Stock: every line's variant locked in variant id
    // order and decremented by one guarded write, so two checkouts of the last unit cannot both
    // succeed. A line short of stock throws, and the whole transaction rolls back (the cart
    // emptied above with it).
    const lowStock: { productId: string; variantId: string; sku: string; stock: number; threshold: number | null }[] = [];
    const stock = await this.products.takeStocks(
      store.id,
      byVariant.map(({ line }) => ({ variantId: line.variantId!, quantity: line.quantity })),
    );
    if (!stock.taken) throw insufficientStock(byVariant.find(({ line }) => line.variantId === stock.variantId)!.line);
    for (const { line, threshold } of byVariant) {
      const left = stock.left.get(line.variantId!)!;
      if (fellToThreshold(left + line.quantity, left, threshold)) {
        lowStock.push({ productId: line.productId, variantId: line.variantId!, sku: line.sku, stock: left, threshold });
      }
    }
    // Then the uses of promotions with a limit, each under its row's lock, in promotion id order.
    await this.recordLimitedUses(store.id, resolved.customerId, orderId, limited, now);

    const giftCard =
      input.gift_card_code === undefined ? undefined : await this.redeemGiftCard(store.id, store.baseCurrency as CurrencyCode, input.gift_card_code, total, orderId, at);
    const giftCardAmount = giftCard?.amount ?? 0;
    const paidInFull = giftCard !== undefined && giftCardAmount === total;

    const order: Order = {
      id: orderId,
      orderNumber: formatOrderNumber(now.getUTCFullYear(), claimed ?? (await this.orders.nextSequence(store.id))),
      customerId: resolved.customerId,
      customerEmail: input.email,
      customerPhone: input.phone ?? null,
      customerName: input.name,
      orderStatus: "pending",
      paymentStatus: paidInFull ? "paid" : "pending",
      fulfilmentStatus: "unfulfilled",
      paymentMethod: input.payment_method,
      paymentReference: null,
      currency: store.baseCurrency,
      subtotal,
      discountAmount: discount,
      shippingAmount: quote.fee,
      taxAmount: tax,
      taxDetails: {
        pricesIncludeTax: taxSettings.pricesIncludeTax,
        zoneId: zone.id,
        zoneName: zone.name,
        matchedBy,
        shipping: taxed.right.shipping === null ? null : figuresOf(taxed.right.shipping),
      },
      giftCardAmount,
      totalAmount: total,
      billingAddress: toAddress(input.billing_address ?? input.shipping_address),
      shippingAddress: toAddress(input.shipping_address),
      items: priced.map((p, index) => ({ ...p.line, tax: lineFigures[index] ?? null })),
      notes: input.notes ?? null,
      trackingNumber: null,
      estimatedDelivery: null,
      shippedAt: null,
      deliveredAt: null,
      shippingMetadata: shippingAudit(quote, store, destination),
      promotions: applied,
      giftCardId: giftCard?.id ?? null,
      stockRestored: false,
      giftCardRestored: false,
      livemode,
      createdAt: at,
      updatedAt: at,
    };
    await this.orders.insert(store.id, order);
    // The dashboard's counters (docs/staff.md, "Dashboard"). The units taken are not entered in the
    // stock ledger: a row per checkout cost more than a few percent of it (docs/decisions/back-office.md, back-office-22).
    await this.sales.orderPlaced(store.id, order);
    if (paidInFull && order.customerId !== null) await this.customers.recordPurchase(store.id, order.customerId, total, at);
    // An order paid in full by its gift card is paid now: its invoice is numbered in this transaction (docs/invoices.md).
    if (paidInFull) await this.documents.invoiceFor(store.id, order);

    const record = toOrderRecord(order);
    await this.outbox.record({ storeId: store.id, type: "order.created", livemode, data: { order: record } });
    if (paidInFull) await this.outbox.record({ storeId: store.id, type: "order.paid", livemode, data: { order: record } });
    for (const promotion of applied) {
      await this.outbox.record({
        storeId: store.id,
        type: "promotion.applied",
        livemode,
        data: { promotion_id: promotion.promotionId, name: promotion.name, order_id: orderId, discount: promotion.discount },
      });
    }
    for (const low of lowStock) {
      await this.outbox.record({
        storeId: store.id,
        type: "product.stock_low",
        livemode,
        data: { product_id: low.productId, variant_id: low.variantId, sku: low.sku, stock: low.stock, threshold: low.threshold },
      });
    }
    return record;
  }

  /** Coordinates of the shipping address: its own, else its city's centre, else not deliverable. */
  private destinationOf(address: AddressInput): { latitude: number; longitude: number } {
    if (address.latitude !== undefined && address.longitude !== undefined) return { latitude: address.latitude, longitude: address.longitude };
    const city = this.geocoder.locateCity(address.city, address.country);
    if (city === undefined) {
      throw new BusinessRuleViolation({
        code: "address_not_deliverable",
        param: "shipping_address",
        message: "The shipping address cannot be placed; send its latitude and longitude.",
      });
    }
    return city;
  }

  private async quoteShipping(store: Store, destination: { latitude: number; longitude: number }, subtotalAfterDiscounts: number): Promise<ShippingQuote> {
    const [zones, tiers] = await Promise.all([this.shipping.zones(store.id), this.shipping.tiers(store.id)]);
    const quote = quoteShipping({ destination, origin: store.location ?? null, zones, tiers, subtotalAfterDiscounts });
    if (Either.isLeft(quote)) {
      throw new BusinessRuleViolation({ code: "address_not_deliverable", param: "shipping_address", message: `The store does not deliver there: ${quote.left.message}.` });
    }
    return quote.right;
  }

  /**
   * Evaluates the store's promotions on the priced lines, from an unlocked read of their uses.
   * A use of each applied promotion without a limit is recorded at once (the repository writes
   * it just before COMMIT); those with a limit are answered in `limited`, in promotion id order,
   * for `recordLimitedUses` to record under their locks once the stock is taken.
   */
  private async applyPromotions(
    storeId: string,
    customerId: string | null,
    orderId: string,
    priced: readonly PricedLine[],
    now: Date,
  ): Promise<{ applied: AppliedPromotion[]; limited: Promotion[] }> {
    const candidates = await this.promotions.list(storeId);
    if (candidates.length === 0) return { applied: [], limited: [] };
    const lines = priced.map((p) => ({ productId: p.line.productId, categoryId: p.categoryId, quantity: p.line.quantity, unitPrice: p.line.unitPrice }));
    const usage = await this.promotions.usage(storeId, candidates.map((p) => p.id), customerId);
    const outcome = evaluatePromotions(lines, candidates, { now, customerUsage: usage.customer, totalUsage: usage.total });
    // In promotion id order, as variants are taken in theirs: the order the stacking rule applied
    // them in depends on the cart.
    const byId = [...outcome.applied].sort((a, b) => (a.promotionId < b.promotionId ? -1 : a.promotionId > b.promotionId ? 1 : 0));
    const limited: Promotion[] = [];
    for (const result of byId) {
      const promotion = candidates.find((p) => p.id === result.promotionId)!;
      if (promotion.usageLimit !== null || promotion.usagePerCustomer !== null) limited.push(promotion);
      else if (!(await this.promotions.recordUse(storeId, promotion, customerId, orderId, now.toISOString()))) throw promotionUsedUp();
    }
    const applied = outcome.applied.map((result) => {
      const promotion = candidates.find((p) => p.id === result.promotionId)!;
      return { promotionId: promotion.id, name: promotion.name, discount: result.discount };
    });
    return { applied, limited };
  }

  /**
   * Records a use of each promotion with a limit, under the promotion's lock. When another checkout
   * has just used up a promotion's limit, the order is refused (409) rather than placed at a price
   * the customer was not shown.
   */
  private async recordLimitedUses(storeId: string, customerId: string | null, orderId: string, limited: readonly Promotion[], now: Date): Promise<void> {
    for (const promotion of limited) {
      if (!(await this.promotions.recordUse(storeId, promotion, customerId, orderId, now.toISOString()))) throw promotionUsedUp();
    }
  }

  /** Takes what the card pays off it (converted at the store's rate when the card is in another currency); answers what it paid in the order's currency. */
  private async redeemGiftCard(storeId: string, storeCurrency: CurrencyCode, code: string, total: number, orderId: string, at: string) {
    const known = await this.giftCards.findByCode(storeId, normaliseGiftCardCode(code));
    const card = known === undefined ? undefined : await this.giftCards.lock(storeId, known.id);
    const unusable = (reason: string) =>
      new BusinessRuleViolation({ code: "gift_card_not_usable", param: "gift_card_code", message: `The gift card cannot be used: ${reason}.` });
    if (card === undefined) throw unusable("no such card");
    const check = checkGiftCard(card, at.slice(0, 10));
    if (!check.valid) throw unusable(check.reason ?? "not valid");
    let rate = 1;
    if (card.currency !== storeCurrency) {
      const stored = await this.rates.find(storeId, card.currency);
      if (stored === undefined) throw unusable(`it is in ${card.currency} and the store has no exchange rate from ${storeCurrency} to ${card.currency}`);
      rate = stored.rate;
    }
    const { cardAmount, orderAmount } = foreignRedemption(card, total, storeCurrency, rate);
    if (cardAmount === 0) return { id: card.id, amount: 0 };
    const moved = redeem(card, cardAmount, this.ids.newId(), at, orderId);
    if (Either.isLeft(moved)) throw unusable(moved.left.message);
    const entry = card.currency === storeCurrency ? moved.right.entry : { ...moved.right.entry, conversion: { rate, orderAmount } };
    await this.giftCards.applyMove(storeId, moved.right.card, entry);
    return { id: card.id, amount: orderAmount };
  }
}
