// ListPriceRules, the use case behind GET /v1/price-rules.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { PriceRuleRepository } from "../ports/price-rule-repository.js";
import { toPriceRuleRecord, type PriceRuleRecord } from "./price-rule-record.js";

@injectable()
export class ListPriceRules {
  constructor(
    @inject(PriceRuleRepository) private readonly rules: PriceRuleRepository,
  ) {}

  async execute(principal: Principal): Promise<readonly PriceRuleRecord[]> {
    return (await this.rules.list(principal.storeId)).map(toPriceRuleRecord);
  }
}
