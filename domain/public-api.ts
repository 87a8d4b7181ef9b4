// The public entry point of the pure core (`storefront/core`): rules an embedding app can call
// without Koa, knex or any I/O.
export * from "./money/currency.js";
export * from "./money/money.js";
export * from "./money/rounding.js";
export * from "./catalog/product.js";
export * from "./catalog/variant.js";
export * from "./catalog/category.js";
export * from "./catalog/collection.js";
export * from "./catalog/selling-price.js";
export * from "./catalog/product-shapes.js";
export * from "./catalog/slug.js";
export * from "./catalog/online-category.js";
export * from "./events/event-type.js";
export * from "./pricing/price-rule.js";
export * from "./pricing/customer-standing.js";
export * from "./pricing/resolve-price.js";
export * from "./cart/cart.js";
export * from "./cart/cart-operations.js";
export * from "./promotions/evaluate-promotions.js";
export * from "./promotions/promotion-discount.js";
export * from "./promotions/promotion-status.js";
export * from "./promotions/promotion.js";
export * from "./promotions/unit-pools.js";
export * from "./gift-cards/check-gift-card.js";
export * from "./gift-cards/gift-card-balance.js";
export * from "./gift-cards/gift-card-code.js";
export * from "./gift-cards/gift-card-ledger.js";
export * from "./gift-cards/gift-card.js";
export * from "./gift-cards/redemption-amount.js";
export * from "./shipping/coordinates.js";
export * from "./shipping/delivery-zone.js";
export * from "./shipping/great-circle-distance.js";
export * from "./shipping/polygon-contains.js";
export * from "./shipping/pricing-tier.js";
export * from "./shipping/quote-shipping.js";
export * from "./orders/order-status.js";
export * from "./orders/order-update.js";
export {
  formatOrderNumber,
  PAYMENT_METHODS,
  type Address,
  type Order,
  type OrderLine,
  type LineTaxFigures,
  type OrderTaxDetails,
  type PaymentMethod,
  type AppliedPromotion as OrderPromotion,
} from "./orders/order.js";
export * from "./tax/tax-rate.js";
export * from "./tax/tax-class.js";
export * from "./tax/tax-zone.js";
export * from "./tax/tax-settings.js";
export * from "./tax/line-tax.js";
export * from "./tax/order-tax.js";
export * from "./tax/refund-tax.js";
export * from "./tax/proportional-share.js";
export * from "./tax/store-tax-defaults.js";
export * from "./money/format-minor.js";
export * from "./invoices/document-number.js";
export * from "./invoices/invoice.js";
export * from "./invoices/credit-note.js";
