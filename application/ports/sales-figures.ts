// The dashboard's figures (docs/staff.md, "Dashboard"), kept as counters per quarter-hour of UTC
// time, written in the transactions that place, pay and refund orders, so the dashboard reads a
// few thousand small rows whatever the number of orders.
import type { ServiceIdentifier } from "inversify";
import type { Order } from "../../domain/orders/order.js";

export interface BucketRange {
  /** First quarter-hour counted (domain/sales/sales-calendar.ts `bucketOf`). */
  readonly fromBucket: number;
  /** First quarter-hour not counted. */
  readonly toBucket: number;
}

export interface SalesFilter {
  readonly currency: string;
  /** Only live (true) or test (false) orders; both when absent. */
  readonly livemode?: boolean | undefined;
}

export interface SalesBucket {
  readonly bucket: number;
  /** Orders placed in the quarter-hour. */
  readonly orders: number;
  /** Of those, orders paid (at any time since). */
  readonly paidOrders: number;
  /** Their totals, minor units. */
  readonly revenue: number;
  /** Refunds that succeeded in the quarter-hour, and their amount. */
  readonly refunds: number;
  readonly refunded: number;
}

export interface ProductSales {
  readonly productId: string;
  readonly productName: string;
  readonly units: number;
  readonly revenue: number;
}

export interface LowStockVariant {
  readonly variantId: string;
  readonly productId: string;
  readonly productName: string;
  readonly sku: string;
  readonly variantName: string;
  readonly stock: number;
  readonly threshold: number | null;
}

export interface SalesFigures {
  /** Counts a new order in its quarter-hour (and, paid at checkout, its revenue and lines); in checkout's unit of work. */
  orderPlaced(storeId: string, order: Order): Promise<void>;
  /** Counts an order's revenue and lines in the quarter-hour it was placed in, when it becomes paid; in that unit of work. */
  orderPaid(storeId: string, order: Order): Promise<void>;
  /** Counts a refund that succeeded, in the quarter-hour of `at`; in the refund's unit of work. */
  refundSucceeded(storeId: string, refund: { readonly amount: number; readonly currency: string; readonly livemode: boolean; readonly at: string }): Promise<void>;
  /**
   * The counters of each quarter-hour of the range that has any. With `keep` (for past days), the
   * answer may be a copy up to a minute old, except after this process's own writes
   * (docs/architecture.md, "Caches and per-process copies").
   */
  buckets(storeId: string, range: BucketRange, filter: SalesFilter, options?: { readonly keep?: boolean }): Promise<readonly SalesBucket[]>;
  /**
   * Products by units sold (or revenue) in paid orders placed in the range, most first; may be a
   * copy up to a minute old (docs/architecture.md, "Caches and per-process copies").
   */
  topProducts(storeId: string, range: BucketRange, filter: SalesFilter, by: "units" | "revenue", limit: number): Promise<readonly ProductSales[]>;
  /** Variants with at most `atOrBelow` units in stock, fewest first. */
  lowStock(storeId: string, atOrBelow: number, limit: number): Promise<{ readonly items: readonly LowStockVariant[]; readonly hasMore: boolean }>;
}
export const SalesFigures: ServiceIdentifier<SalesFigures> = Symbol.for("storefront.SalesFigures");
