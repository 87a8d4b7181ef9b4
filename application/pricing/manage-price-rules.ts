// Lists, creates, changes and deletes a store's price rules. A rule must be well formed for
// its kind (a segment rule names a segment, a volume rule a quantity of 2 or more, ...); the
// domain's own check decides, so pricing never meets a rule it cannot apply.
import { inject, injectable } from "inversify";
import { priceRuleProblem } from "../../domain/pricing/price-rule.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PriceRuleRepository, type StoredPriceRule } from "../ports/price-rule-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { StoreReferences } from "../catalog/store-references.js";
import type { PriceRuleInput, PriceRulePatch } from "./pricing-inputs.js";
import { toPriceRuleRecord, type PriceRuleRecord } from "./price-rule-record.js";

const missing = (): ResourceMissing => new ResourceMissing({ resource: "price_rule", message: "No such price rule." });

const FIELD_OF_PROBLEM: ReadonlyArray<[RegExp, string]> = [
  [/percentage|fixed discount/, "value"],
  [/segment/, "segment"],
  [/tier/, "tier"],
  [/minLifetimeSpend/, "min_lifetime_spend"],
  [/minQuantity/, "min_quantity"],
];

const check = (rule: StoredPriceRule): void => {
  const problem = priceRuleProblem(rule);
  if (problem === null) return;
  const param = FIELD_OF_PROBLEM.find(([pattern]) => pattern.test(problem))?.[1] ?? "kind";
  throw new ParameterInvalid({ param, message: problem.replace(/^price rule "[^"]*": /, "") });
};

/** Fields that belong to another kind are cleared, so a rule never carries stale conditions. */
const normalise = (rule: StoredPriceRule): StoredPriceRule => ({
  ...rule,
  segment: rule.kind === "segment" ? rule.segment : null,
  tier: rule.kind === "tier" ? rule.tier : null,
  minLifetimeSpend: rule.kind === "tier" ? rule.minLifetimeSpend : null,
  minQuantity: rule.kind === "volume" ? rule.minQuantity : null,
});

@injectable()
export class ManagePriceRules {
  constructor(
    @inject(PriceRuleRepository) private readonly rules: PriceRuleRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async list(principal: Principal): Promise<readonly PriceRuleRecord[]> {
    return (await this.rules.list(principal.storeId)).map(toPriceRuleRecord);
  }

  async create(principal: Principal, input: PriceRuleInput): Promise<PriceRuleRecord> {
    const now = this.clock.now().toISOString();
    const rule = normalise({
      id: this.ids.newId(),
      name: input.name,
      kind: input.kind,
      segment: input.segment ?? null,
      tier: input.tier ?? null,
      minQuantity: input.min_quantity ?? null,
      minLifetimeSpend: input.min_lifetime_spend ?? null,
      discountType: input.discount_type,
      value: input.value,
      productIds: input.product_ids ?? null,
      categoryIds: input.category_ids ?? null,
      active: input.active ?? true,
      createdAt: now,
      updatedAt: now,
    });
    check(rule);
    await this.checkReferences(principal.storeId, input);
    await this.rules.insert(principal.storeId, rule);
    return toPriceRuleRecord(rule);
  }

  async update(principal: Principal, id: string, patch: PriceRulePatch): Promise<PriceRuleRecord> {
    return this.uow.run(async () => {
      const current = await this.rules.find(principal.storeId, id);
      if (current === undefined) throw missing();
      const next = normalise({
        ...current,
        name: patch.name ?? current.name,
        kind: patch.kind ?? current.kind,
        segment: patch.segment !== undefined ? patch.segment : current.segment,
        tier: patch.tier !== undefined ? patch.tier : current.tier,
        minQuantity: patch.min_quantity !== undefined ? patch.min_quantity : current.minQuantity,
        minLifetimeSpend: patch.min_lifetime_spend !== undefined ? patch.min_lifetime_spend : current.minLifetimeSpend,
        discountType: patch.discount_type ?? current.discountType,
        value: patch.value ?? current.value,
        productIds: patch.product_ids !== undefined ? patch.product_ids : current.productIds,
        categoryIds: patch.category_ids !== undefined ? patch.category_ids : current.categoryIds,
        active: patch.active ?? current.active,
        updatedAt: this.clock.now().toISOString(),
      });
      check(next);
      await this.checkReferences(principal.storeId, patch);
      await this.rules.update(principal.storeId, next);
      return toPriceRuleRecord(next);
    });
  }

  /** The products and categories a rule names must be the store's (a 400 naming the first that is not). */
  private async checkReferences(storeId: string, input: PriceRulePatch): Promise<void> {
    const listed = (param: string, ids: readonly string[] | null | undefined) => (ids ?? []).map((id, i) => [`${param}[${i}]`, id] as const);
    await this.references.checkProducts(storeId, listed("product_ids", input.product_ids));
    await this.references.checkCategories(storeId, listed("category_ids", input.category_ids));
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.rules.find(principal.storeId, id)) === undefined) throw missing();
      await this.rules.remove(principal.storeId, id);
    });
  }
}
