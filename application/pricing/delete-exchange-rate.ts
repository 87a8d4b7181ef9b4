// DeleteExchangeRate, the use case behind DELETE /v1/exchange-rates/{currency}; what it shares with
// its sibling use cases is in exchange-rate-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ExchangeRateRepository } from "../ports/exchange-rate-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { missing } from "./exchange-rate-writes.js";

@injectable()
export class DeleteExchangeRate {
  constructor(
    @inject(ExchangeRateRepository) private readonly rates: ExchangeRateRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, currency: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.rates.find(principal.storeId, currency)) === undefined) throw missing();
      await this.rates.remove(principal.storeId, currency);
    });
  }
}
