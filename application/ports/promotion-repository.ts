// A store's promotions and how often each has been used, in total and per customer. Recording a
// use is atomic against the promotion's limits, so concurrent checkouts never exceed them.
import type { ServiceIdentifier } from "inversify";
import type { PromotionStatus } from "../../domain/promotions/promotion-status.js";
import type { Promotion } from "../../domain/promotions/promotion.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface PromotionUsage {
  readonly total: ReadonlyMap<string, number>;
  readonly customer: ReadonlyMap<string, number>;
}

/** Promotions whose status at `now` (promotion-status.ts: switch, dates and uses) is `status`. */
export interface PromotionListFilter {
  readonly status: PromotionStatus;
  /** ISO 8601 UTC timestamp. */
  readonly now: string;
}

export interface PromotionRepository {
  /** Every promotion of the store (evaluation decides which apply now). */
  list(storeId: string): Promise<readonly Promotion[]>;
  /** Newest first; with a filter, only the promotions in that status at its `now`. */
  listPage(storeId: string, page: PageRequest, filter?: PromotionListFilter): Promise<Page<Promotion>>;
  find(storeId: string, id: string): Promise<Promotion | undefined>;
  insert(storeId: string, promotion: Promotion): Promise<void>;
  update(storeId: string, promotion: Promotion): Promise<void>;
  remove(storeId: string, id: string): Promise<void>;
  usage(storeId: string, promotionIds: readonly string[], customerId: string | null): Promise<PromotionUsage>;
  /**
   * Records one use by an order. False, and nothing recorded, when that would pass the
   * promotion's usage limit or the customer's limit (checked under a lock of the promotion row).
   * Inside a unit of work, a promotion with neither limit is counted only just before its COMMIT,
   * in one of its shard rows rather than its own row (true at once; a limit set or the promotion
   * deleted meanwhile fails the commit with a 409 `promotion_unavailable`), so that checkouts of
   * one promotion rarely write the same row (docs/decisions/checkout.md, "checkout-30"). `usage`
   * counts both.
   */
  recordUse(storeId: string, promotion: Promotion, customerId: string | null, orderId: string, at: string): Promise<boolean>;
}
export const PromotionRepository: ServiceIdentifier<PromotionRepository> = Symbol.for("storefront.PromotionRepository");
