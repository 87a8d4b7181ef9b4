// Creates, changes and deletes a store's promotions. The domain's own check (promotionProblem)
// decides what is well formed, so the promotion engine never meets a promotion it cannot apply;
// its complaints become 400s naming the API parameter.
import { inject, injectable } from "inversify";
import { promotionRecords } from "./promotion-reads.js";
import { instantOf, promotionProblem, type ProductQuantity, type Promotion } from "../../domain/promotions/promotion.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid, ParameterMissing } from "../errors/request-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { PromotionInput, PromotionPatch } from "./promotion-inputs.js";
import type { PromotionRecord } from "./promotion-record.js";
import { promotionMissing, ReadPromotions } from "./read-promotions.js";
import { StoreReferences } from "../catalog/store-references.js";

/** The rules' names for fields, and the API's. */
const PARAM_OF_NAME: ReadonlyArray<readonly [string, string]> = [
  ["bogoRequiredProducts", "bogo_required_products"],
  ["bogoFreeProducts", "bogo_free_products"],
  ["bundleProducts", "bundle_products"],
  ["freeProducts", "free_products"],
  ["minPurchase", "min_purchase"],
  ["maxDiscount", "max_discount"],
  ["startDate", "start_date"],
  ["endDate", "end_date"],
  ["usagePerCustomer", "usage_per_customer"],
  ["usageLimit", "usage_limit"],
  ["productId", "product_id"],
];

const PARAM_OF_PROBLEM: ReadonlyArray<readonly [RegExp, string]> = [
  ...PARAM_OF_NAME.filter(([name]) => name !== "productId").map(([name, param]) => [new RegExp(`\\b${name}\\b`), param] as const),
  [/percentage|fixed discount/, "discount_value"],
  [/discount type/, "discount_type"],
  [/status/, "status"],
  [/type/, "type"],
];

const check = (promotion: Promotion): void => {
  const problem = promotionProblem(promotion);
  if (problem === null) return;
  const param = PARAM_OF_PROBLEM.find(([pattern]) => pattern.test(problem))?.[1] ?? "promotion";
  const message = PARAM_OF_NAME.reduce(
    (text, [name, apiName]) => text.replaceAll(name, apiName),
    problem.replace(/^promotion "[^"]*": /, ""),
  );
  throw new ParameterInvalid({ param, message });
};

const checkDates = (promotion: Promotion): void => {
  if (instantOf(promotion.endDate) <= instantOf(promotion.startDate)) {
    throw new ParameterInvalid({ param: "end_date", message: "end_date must be after start_date" });
  }
};

const utc = (dateTime: string): string => new Date(instantOf(dateTime)).toISOString();

const quantities = (list: readonly { readonly product_id: string; readonly quantity: number }[]): ProductQuantity[] =>
  list.map((entry) => ({ productId: entry.product_id, quantity: entry.quantity }));

/**
 * A fixed promotion takes a fixed amount off (its discount_type is always fixed); product lists
 * that belong to another type are cleared, so a promotion never carries stale conditions.
 */
const normalise = (promotion: Promotion): Promotion => {
  if (promotion.type === "fixed" && promotion.discountType !== "fixed") {
    throw new ParameterInvalid({ param: "discount_type", message: "a fixed promotion takes a fixed amount off; use type discount for a percentage" });
  }
  return {
    ...promotion,
    startDate: utc(promotion.startDate),
    endDate: utc(promotion.endDate),
    bundleProducts: promotion.type === "bundle" ? promotion.bundleProducts : [],
    bogoRequiredProducts: promotion.type === "bogo" ? promotion.bogoRequiredProducts : [],
    bogoFreeProducts: promotion.type === "bogo" ? promotion.bogoFreeProducts : [],
  };
};

@injectable()
export class ManagePromotions {
  constructor(
    @inject(PromotionRepository) private readonly promotions: PromotionRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async create(principal: Principal, input: PromotionInput): Promise<PromotionRecord> {
    const now = this.clock.now();
    const at = now.toISOString();
    if (input.discount_value === undefined && input.type !== "bogo") {
      throw new ParameterMissing({ param: "discount_value", message: `discount_value is required for a ${input.type} promotion` });
    }
    const promotion = normalise({
      id: this.ids.newId(),
      name: input.name,
      type: input.type,
      displayType: input.display_type ?? "",
      description: input.description ?? "",
      image: input.image ?? null,
      discountValue: input.discount_value ?? 0,
      discountType: input.discount_type ?? (input.type === "fixed" ? "fixed" : "percentage"),
      minPurchase: input.min_purchase ?? 0,
      maxDiscount: input.max_discount ?? null,
      startDate: input.start_date ?? at,
      endDate: input.end_date,
      status: input.status ?? "active",
      usageLimit: input.usage_limit ?? null,
      usagePerCustomer: input.usage_per_customer ?? null,
      bundleProducts: quantities(input.bundle_products ?? []),
      bogoRequiredProducts: quantities(input.bogo_required_products ?? []),
      bogoFreeProducts: quantities(input.bogo_free_products ?? []),
      freeProducts: quantities(input.free_products ?? []),
      applicableCategories: input.applicable_categories ?? [],
      applicableProducts: input.applicable_products ?? [],
      createdAt: at,
      updatedAt: at,
    });
    check(promotion);
    checkDates(promotion);
    await this.checkReferences(principal.storeId, input);
    await this.promotions.insert(principal.storeId, promotion);
    return (await promotionRecords({ promotions: this.promotions }, principal.storeId, [promotion], now))[0]!;
  }

  async update(principal: Principal, id: string, patch: PromotionPatch): Promise<PromotionRecord> {
    return this.uow.run(async () => {
      const current = await this.promotions.find(principal.storeId, id);
      if (current === undefined) throw promotionMissing();
      const now = this.clock.now();
      const type = patch.type ?? current.type;
      const next = normalise({
        ...current,
        name: patch.name ?? current.name,
        type,
        displayType: patch.display_type ?? current.displayType,
        description: patch.description ?? current.description,
        image: patch.image !== undefined ? patch.image : current.image,
        discountValue: patch.discount_value ?? current.discountValue,
        // a promotion turned into a fixed one takes a fixed amount unless the patch says otherwise
        discountType: patch.discount_type ?? (type === "fixed" ? "fixed" : current.discountType),
        minPurchase: patch.min_purchase ?? current.minPurchase,
        maxDiscount: patch.max_discount !== undefined ? patch.max_discount : current.maxDiscount,
        startDate: patch.start_date ?? current.startDate,
        endDate: patch.end_date ?? current.endDate,
        status: patch.status ?? current.status,
        usageLimit: patch.usage_limit !== undefined ? patch.usage_limit : current.usageLimit,
        usagePerCustomer: patch.usage_per_customer !== undefined ? patch.usage_per_customer : current.usagePerCustomer,
        bundleProducts: patch.bundle_products !== undefined ? quantities(patch.bundle_products) : current.bundleProducts,
        bogoRequiredProducts:
          patch.bogo_required_products !== undefined ? quantities(patch.bogo_required_products) : current.bogoRequiredProducts,
        bogoFreeProducts: patch.bogo_free_products !== undefined ? quantities(patch.bogo_free_products) : current.bogoFreeProducts,
        freeProducts: patch.free_products !== undefined ? quantities(patch.free_products) : current.freeProducts,
        applicableCategories: patch.applicable_categories ?? current.applicableCategories,
        applicableProducts: patch.applicable_products ?? current.applicableProducts,
        updatedAt: now.toISOString(),
      });
      check(next);
      checkDates(next);
      await this.checkReferences(principal.storeId, patch);
      await this.promotions.update(principal.storeId, next);
      return (await promotionRecords({ promotions: this.promotions }, principal.storeId, [next], now))[0]!;
    });
  }

  /** Every product and category the write names must be the store's (a 400 naming the first that is not). */
  private async checkReferences(storeId: string, input: PromotionPatch): Promise<void> {
    const listed = (param: string, ids: readonly string[] | undefined) => (ids ?? []).map((id, i) => [`${param}[${i}]`, id] as const);
    const quantified = (param: string, lines: readonly { readonly product_id: string }[] | undefined) =>
      (lines ?? []).map((line, i) => [`${param}[${i}].product_id`, line.product_id] as const);
    await this.references.checkProducts(storeId, [
      ...listed("applicable_products", input.applicable_products),
      ...quantified("bundle_products", input.bundle_products),
      ...quantified("bogo_required_products", input.bogo_required_products),
      ...quantified("bogo_free_products", input.bogo_free_products),
      ...quantified("free_products", input.free_products),
    ]);
    await this.references.checkCategories(storeId, listed("applicable_categories", input.applicable_categories));
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.promotions.find(principal.storeId, id)) === undefined) throw promotionMissing();
      await this.promotions.remove(principal.storeId, id);
    });
  }
}
