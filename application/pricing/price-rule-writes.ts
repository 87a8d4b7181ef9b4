// Lists, creates, changes and deletes a store's price rules. A rule must be well formed for
// its kind (a segment rule names a segment, a volume rule a quantity of 2 or more, ...); the
// domain's own check decides, so pricing never meets a rule it cannot apply.
// This module holds what the use cases ListPriceRules, CreatePriceRule, UpdatePriceRule and
// DeletePriceRule share (one class a file, docs/architecture.md, the application/ ring).
import { priceRuleProblem } from "../../domain/pricing/price-rule.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { type StoredPriceRule } from "../ports/price-rule-repository.js";
import { StoreReferences } from "../catalog/store-references.js";
import type { PriceRulePatch } from "./pricing-inputs.js";

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "price_rule", message: "No such price rule." });

export const FIELD_OF_PROBLEM: ReadonlyArray<[RegExp, string]> = [
  [/percentage|fixed discount/, "value"],
  [/segment/, "segment"],
  [/tier/, "tier"],
  [/minLifetimeSpend/, "min_lifetime_spend"],
  [/minQuantity/, "min_quantity"],
];

export const check = (rule: StoredPriceRule): void => {
  const problem = priceRuleProblem(rule);
  if (problem === null) return;
  const param = FIELD_OF_PROBLEM.find(([pattern]) => pattern.test(problem))?.[1] ?? "kind";
  throw new ParameterInvalid({ param, message: problem.replace(/^price rule "[^"]*": /, "") });
};

/** Fields that belong to another kind are cleared, so a rule never carries stale conditions. */
export const normalise = (rule: StoredPriceRule): StoredPriceRule => ({
  ...rule,
  segment: rule.kind === "segment" ? rule.segment : null,
  tier: rule.kind === "tier" ? rule.tier : null,
  minLifetimeSpend: rule.kind === "tier" ? rule.minLifetimeSpend : null,
  minQuantity: rule.kind === "volume" ? rule.minQuantity : null,
});

/** The products and categories a rule names must be the store's (a 400 naming the first that is not). */
export async function checkPriceRuleReferences(deps: { readonly references: StoreReferences }, storeId: string, input: PriceRulePatch): Promise<void> {
  const listed = (param: string, ids: readonly string[] | null | undefined) => (ids ?? []).map((id, i) => [`${param}[${i}]`, id] as const);
  await deps.references.checkProducts(storeId, listed("product_ids", input.product_ids));
  await deps.references.checkCategories(storeId, listed("category_ids", input.category_ids));
}
