// Reads promotions: one by id, and the cursor list of those in one status now (active by default;
// other statuses and the whole list are for secret keys). Status is derived from the clock.
// This module holds what the use cases GetPromotion and ListPromotions share (one class a file,
// docs/architecture.md, the application/ ring).
import { promotionStatus } from "../../domain/promotions/promotion-status.js";
import type { Promotion } from "../../domain/promotions/promotion.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import { toPromotionRecord, type PromotionRecord } from "./promotion-record.js";

export const promotionMissing = (): ResourceMissing => new ResourceMissing({ resource: "promotion", message: "No such promotion." });

/** Records with the status each has at `now`, which depends on its uses so far. */
export async function promotionRecords(deps: { readonly promotions: PromotionRepository }, storeId: string, promotions: readonly Promotion[], now: Date): Promise<PromotionRecord[]> {
  const usage = await deps.promotions.usage(storeId, promotions.map((p) => p.id), null);
  return promotions.map((p) => toPromotionRecord(p, promotionStatus(p, now, usage.total.get(p.id) ?? 0)));
}
