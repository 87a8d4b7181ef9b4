// The dashboard (docs/staff.md, "Dashboard"): orders, revenue, average order value and refunds
// for today, the last 7 and the last 30 days of the store's time zone, orders and revenue by day
// for the 30 days, the top products of the 30 days, and the variants low in stock. Every figure
// is a sum of the quarter-hour counters kept in the order's own transactions (SalesFigures).
import { inject, injectable } from "inversify";
import { isTimeZone, salesDays, type SalesDay } from "../../domain/sales/sales-calendar.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { Clock } from "../ports/clock.js";
import { SalesFigures, type LowStockVariant, type ProductSales, type SalesBucket } from "../ports/sales-figures.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";

export interface DashboardOptions {
  /** An IANA time zone; the store's own when absent. */
  readonly timezone?: string | undefined;
  /** Low stock: variants with at most this many units. */
  readonly lowStockAtOrBelow: number;
  readonly lowStockLimit: number;
  readonly topLimit: number;
}

export interface PeriodFigures {
  /** First and last day of the period, `YYYY-MM-DD` in the time zone. */
  readonly from: string;
  readonly to: string;
  readonly orders: number;
  readonly paid_orders: number;
  /** Totals of the paid orders placed in the period, minor units. */
  readonly revenue: number;
  /** revenue / paid_orders, rounded; 0 without paid orders. */
  readonly average_order_value: number;
  /** Refunds that succeeded in the period. */
  readonly refunds: { readonly count: number; readonly amount: number };
}

export interface DashboardRecord {
  readonly currency: string;
  readonly timezone: string;
  readonly generated_at: string;
  readonly today: PeriodFigures;
  readonly last_7_days: PeriodFigures;
  readonly last_30_days: PeriodFigures;
  readonly by_day: ReadonlyArray<{ readonly date: string; readonly orders: number; readonly paid_orders: number; readonly revenue: number }>;
  readonly top_products: {
    readonly by_units: ReadonlyArray<ProductSalesRecord>;
    readonly by_revenue: ReadonlyArray<ProductSalesRecord>;
  };
  readonly low_stock: {
    readonly at_or_below: number;
    readonly variants: ReadonlyArray<LowStockRecord>;
    readonly has_more: boolean;
  };
}

export interface ProductSalesRecord {
  readonly product_id: string;
  readonly name: string;
  readonly units: number;
  readonly revenue: number;
}

export interface LowStockRecord {
  readonly variant_id: string;
  readonly product_id: string;
  readonly product_name: string;
  readonly sku: string;
  readonly variant_name: string;
  readonly stock: number;
  readonly threshold: number | null;
}

const productRecord = (p: ProductSales): ProductSalesRecord => ({ product_id: p.productId, name: p.productName, units: p.units, revenue: p.revenue });
const lowStockRecord = (v: LowStockVariant): LowStockRecord => ({
  variant_id: v.variantId,
  product_id: v.productId,
  product_name: v.productName,
  sku: v.sku,
  variant_name: v.variantName,
  stock: v.stock,
  threshold: v.threshold,
});

interface Sums {
  orders: number;
  paid: number;
  revenue: number;
  refunds: number;
  refunded: number;
}

const empty = (): Sums => ({ orders: 0, paid: 0, revenue: 0, refunds: 0, refunded: 0 });

/** The buckets' sums per day (`days` oldest first, contiguous). */
export const sumByDay = (days: readonly SalesDay[], buckets: readonly SalesBucket[]): Sums[] => {
  const sums = days.map(empty);
  for (const b of buckets) {
    // Days are few (30): a scan from the end finds the day fast enough.
    for (let i = days.length - 1; i >= 0; i--) {
      const day = days[i]!;
      if (b.bucket >= day.fromBucket && b.bucket < day.toBucket) {
        const s = sums[i]!;
        s.orders += b.orders;
        s.paid += b.paidOrders;
        s.revenue += b.revenue;
        s.refunds += b.refunds;
        s.refunded += b.refunded;
        break;
      }
    }
  }
  return sums;
};

const period = (days: readonly SalesDay[], sums: readonly Sums[], count: number): PeriodFigures => {
  const total = empty();
  for (const s of sums.slice(-count)) {
    total.orders += s.orders;
    total.paid += s.paid;
    total.revenue += s.revenue;
    total.refunds += s.refunds;
    total.refunded += s.refunded;
  }
  return {
    from: days[days.length - count]!.date,
    to: days[days.length - 1]!.date,
    orders: total.orders,
    paid_orders: total.paid,
    revenue: total.revenue,
    average_order_value: total.paid === 0 ? 0 : Math.round(total.revenue / total.paid),
    refunds: { count: total.refunds, amount: total.refunded },
  };
};

@injectable()
export class ReadDashboard {
  constructor(
    @inject(SalesFigures) private readonly figures: SalesFigures,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, options: DashboardOptions): Promise<DashboardRecord> {
    if (options.timezone !== undefined && !isTimeZone(options.timezone)) throw new ParameterInvalid({ param: "timezone", message: `${options.timezone} is not a time zone name (e.g. Africa/Nairobi, UTC).` });
    const store = await loadStore(this.stores, principal.storeId);
    const zone = options.timezone ?? store.timeZone ?? "UTC";
    const now = this.clock.now();
    const days = salesDays(now.getTime(), zone, 30);
    const range = { fromBucket: days[0]!.fromBucket, toBucket: days[days.length - 1]!.toBucket };
    const filter = { currency: store.baseCurrency };
    // Past days change only by late payments and refunds: their counters may be kept a minute; today's are read.
    const today = days[days.length - 1]!;
    const [past, current, byUnits, byRevenue, low] = await Promise.all([
      this.figures.buckets(store.id, { fromBucket: range.fromBucket, toBucket: today.fromBucket }, filter, { keep: true }),
      this.figures.buckets(store.id, { fromBucket: today.fromBucket, toBucket: today.toBucket }, filter),
      this.figures.topProducts(store.id, range, filter, "units", options.topLimit),
      this.figures.topProducts(store.id, range, filter, "revenue", options.topLimit),
      this.figures.lowStock(store.id, options.lowStockAtOrBelow, options.lowStockLimit),
    ]);
    const sums = sumByDay(days, [...past, ...current]);
    return {
      currency: store.baseCurrency,
      timezone: zone,
      generated_at: now.toISOString(),
      today: period(days, sums, 1),
      last_7_days: period(days, sums, 7),
      last_30_days: period(days, sums, 30),
      by_day: days.map((day, i) => ({ date: day.date, orders: sums[i]!.orders, paid_orders: sums[i]!.paid, revenue: sums[i]!.revenue })),
      top_products: { by_units: byUnits.map(productRecord), by_revenue: byRevenue.map(productRecord) },
      low_stock: { at_or_below: options.lowStockAtOrBelow, variants: low.items.map(lowStockRecord), has_more: low.hasMore },
    };
  }
}
