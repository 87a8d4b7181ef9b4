// Exchange rates on knex, one row per store and display currency.
import { inject, injectable } from "inversify";
import type { ExchangeRate, ExchangeRateRepository } from "../../../application/ports/exchange-rate-repository.js";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import { isUniqueViolation } from "../database-errors.js";
import { recordCatalogChange } from "../catalog-versions.js";
import { Database } from "../database.js";

interface RateRow {
  currency: string;
  rate: number;
  as_of: string;
  updated_at: string;
}

const toRate = (row: RateRow): ExchangeRate => ({ currency: row.currency, rate: Number(row.rate), asOf: row.as_of, updatedAt: row.updated_at });

@injectable()
export class KnexExchangeRateRepository implements ExchangeRateRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async list(storeId: string): Promise<readonly ExchangeRate[]> {
    const rows: RateRow[] = await this.db.run((q) => q("exchange_rates").where("store_id", storeId).orderBy("currency"));
    return rows.map(toRate);
  }

  async find(storeId: string, currency: string): Promise<ExchangeRate | undefined> {
    const row: RateRow | undefined = await this.db.run((q) => q("exchange_rates").where({ store_id: storeId, currency }).first());
    return row === undefined ? undefined : toRate(row);
  }

  async insert(storeId: string, rate: ExchangeRate): Promise<void> {
    try {
      await this.db.run((q) =>
        q("exchange_rates").insert({ store_id: storeId, currency: rate.currency, rate: rate.rate, as_of: rate.asOf, updated_at: rate.updatedAt }),
      );
    } catch (error) {
      // Two creates racing for one currency: the loser learns it exists, as the use case's check says.
      if (!isUniqueViolation(error)) throw error;
      throw new ResourceConflict({ code: "duplicate_currency", param: "currency", message: "A rate for this currency exists; PATCH it." });
    }
    await recordCatalogChange(this.db, storeId);
  }

  async update(storeId: string, rate: ExchangeRate): Promise<void> {
    await this.db.run((q) =>
      q("exchange_rates").where({ store_id: storeId, currency: rate.currency }).update({ rate: rate.rate, as_of: rate.asOf, updated_at: rate.updatedAt }),
    );
    await recordCatalogChange(this.db, storeId);
  }

  async remove(storeId: string, currency: string): Promise<void> {
    await this.db.run((q) => q("exchange_rates").where({ store_id: storeId, currency }).delete());
    await recordCatalogChange(this.db, storeId);
  }
}
