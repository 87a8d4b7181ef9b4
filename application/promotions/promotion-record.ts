// A promotion as the API shows it (docs/api/offers-and-shipping.md, "Promotions"): its status is
// the one derived at the time of the answer, never the stored switch alone. Amounts stay integer
// minor units.
import type { PromotionStatus } from "../../domain/promotions/promotion-status.js";
import type { ProductQuantity, Promotion } from "../../domain/promotions/promotion.js";

const products = (list: readonly ProductQuantity[]) => list.map((entry) => ({ product_id: entry.productId, quantity: entry.quantity }));

export const toPromotionRecord = (promotion: Promotion, status: PromotionStatus) => ({
  id: promotion.id,
  name: promotion.name,
  type: promotion.type,
  display_type: promotion.displayType,
  description: promotion.description,
  image: promotion.image,
  discount_value: promotion.discountValue,
  discount_type: promotion.discountType,
  min_purchase: promotion.minPurchase,
  max_discount: promotion.maxDiscount,
  start_date: promotion.startDate,
  end_date: promotion.endDate,
  status,
  usage_limit: promotion.usageLimit,
  usage_per_customer: promotion.usagePerCustomer,
  bundle_products: products(promotion.bundleProducts),
  bogo_required_products: products(promotion.bogoRequiredProducts),
  bogo_free_products: products(promotion.bogoFreeProducts),
  free_products: products(promotion.freeProducts),
  applicable_categories: [...promotion.applicableCategories],
  applicable_products: [...promotion.applicableProducts],
  created_at: promotion.createdAt,
  updated_at: promotion.updatedAt,
});
export type PromotionRecord = ReturnType<typeof toPromotionRecord>;
