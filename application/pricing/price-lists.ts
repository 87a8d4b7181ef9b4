// The price list (`GET /v1/prices`) and the prices of one product's variants: products with
// prices resolved for the caller's location, customer and quantity. Rules, rates and the
// customer's history are loaded once per request, never per item.
// This module holds what the use cases ListPrices and GetProductPrices share (one class a file,
// docs/architecture.md, the application/ ring).
import { type PriceItemRecord } from "./price-item.js";
import { type PricingContextRecord } from "./pricing-context.js";

export interface PriceListPage {
  readonly items: readonly PriceItemRecord[];
  readonly pricing_context: PricingContextRecord;
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export interface ProductPrices {
  readonly product_id: string;
  readonly name: string;
  readonly has_variants: boolean;
  readonly variants: readonly PriceItemRecord[];
  readonly pricing_context: PricingContextRecord;
}
