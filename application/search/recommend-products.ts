// Recommends products (POST /v1/recommendations): those bought in the same orders as the given
// product, or as the customer's purchases, blended with products whose vectors are near. Never
// the product itself, nothing inactive or out of stock; each item says why it is there.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ParameterMissing } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { CoPurchaseReader } from "../ports/co-purchase-reader.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { ProductSearchIndex } from "../ports/product-search-index.js";

export interface RecommendationRequest {
  readonly productId?: string | undefined;
  readonly customerId?: string | undefined;
  readonly limit: number;
}

export type RecommendationReason = "bought_together" | "similar" | "bought_together_and_similar";

export interface Recommendation {
  readonly productId: string;
  readonly score: number;
  readonly reason: RecommendationReason;
}

/** How much each signal weighs; orders say more about what goes together than wording does. */
const BOUGHT_WEIGHT = 0.6;
const SIMILAR_WEIGHT = 0.4;
/** How many of a customer's purchases seed their recommendations. */
const CUSTOMER_SEEDS = 20;

/** Blends the two signals (pure): co-purchase counts scaled by the largest, cosines as they are. */
export const blendRecommendations = (
  bought: ReadonlyArray<{ readonly productId: string; readonly orders: number }>,
  similar: ReadonlyArray<{ readonly productId: string; readonly score: number }>,
  excluded: ReadonlySet<string>,
): Recommendation[] => {
  const most = Math.max(1, ...bought.map((b) => b.orders));
  const byId = new Map<string, { bought: number; similar: number }>();
  for (const b of bought) if (!excluded.has(b.productId)) byId.set(b.productId, { bought: b.orders / most, similar: 0 });
  for (const s of similar) {
    if (excluded.has(s.productId)) continue;
    const entry = byId.get(s.productId) ?? { bought: 0, similar: 0 };
    entry.similar = Math.max(0, s.score);
    byId.set(s.productId, entry);
  }
  return [...byId.entries()]
    .map(([productId, e]) => ({
      productId,
      score: Math.round((BOUGHT_WEIGHT * e.bought + SIMILAR_WEIGHT * e.similar) * 10_000) / 10_000,
      reason: (e.bought > 0 && e.similar > 0 ? "bought_together_and_similar" : e.bought > 0 ? "bought_together" : "similar") as RecommendationReason,
    }))
    .sort((a, b) => b.score - a.score || a.productId.localeCompare(b.productId));
};

@injectable()
export class RecommendProducts {
  constructor(
    @inject(CoPurchaseReader) private readonly orders: CoPurchaseReader,
    @inject(ProductSearchIndex) private readonly index: ProductSearchIndex,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
  ) {}

  async execute(principal: Principal, request: RecommendationRequest): Promise<readonly Recommendation[]> {
    const storeId = principal.storeId;
    if (request.productId === undefined && request.customerId === undefined) {
      throw new ParameterMissing({ param: "product_id", message: "Give product_id, customer_id or both." });
    }
    const seeds: string[] = [];
    if (request.productId !== undefined) {
      if ((await this.products.findById(storeId, request.productId, { activeOnly: false })) === undefined) {
        throw new ResourceMissing({ resource: "product", param: "product_id", message: "No such product." });
      }
      seeds.push(request.productId);
    }
    if (request.customerId !== undefined) {
      if ((await this.customers.findById(storeId, request.customerId)) === undefined) {
        throw new ResourceMissing({ resource: "customer", param: "customer_id", message: "No such customer." });
      }
      for (const id of await this.orders.purchasedBy(storeId, request.customerId, CUSTOMER_SEEDS)) if (!seeds.includes(id)) seeds.push(id);
    }
    if (seeds.length === 0) return [];

    const wide = request.limit * 3 + 10;
    const [bought, similar] = await Promise.all([this.orders.boughtWith(storeId, seeds, wide), this.index.similar(storeId, seeds, wide)]);
    const ranked = blendRecommendations(bought, similar, new Set(seeds));
    const stored = await this.products.findManyByIds(storeId, ranked.map((r) => r.productId));
    return ranked
      .filter((r) => {
        const found = stored.get(r.productId);
        return found !== undefined && found.product.isActive && found.variants.some((v) => v.stock > 0);
      })
      .slice(0, request.limit);
  }
}
