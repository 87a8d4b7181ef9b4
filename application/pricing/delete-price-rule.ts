// DeletePriceRule, the use case behind DELETE /v1/price-rules/{id}; what it shares with its sibling
// use cases is in price-rule-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { PriceRuleRepository } from "../ports/price-rule-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { missing } from "./price-rule-writes.js";

@injectable()
export class DeletePriceRule {
  constructor(
    @inject(PriceRuleRepository) private readonly rules: PriceRuleRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.rules.find(principal.storeId, id)) === undefined) throw missing();
      await this.rules.remove(principal.storeId, id);
    });
  }
}
