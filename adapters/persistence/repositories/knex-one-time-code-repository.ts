// One-time codes on knex. Tries and use are conditional updates, so parallel guesses cannot
// take more than the allowed tries nor use a code twice.
import { inject, injectable } from "inversify";
import type { OneTimeCodeRepository, StoredOneTimeCode } from "../../../application/ports/one-time-code-repository.js";
import { Database } from "../database.js";

interface CodeRow {
  id: string;
  store_id: string;
  customer_id: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

@injectable()
export class KnexOneTimeCodeRepository implements OneTimeCodeRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async insert(code: StoredOneTimeCode): Promise<void> {
    await this.db.run((q) =>
      q("one_time_codes").insert({
        id: code.id,
        store_id: code.storeId,
        customer_id: code.customerId,
        code_hash: code.hash,
        attempts: code.attempts,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
        consumed_at: code.consumedAt,
      }),
    );
  }

  async findLatest(storeId: string, customerId: string): Promise<StoredOneTimeCode | undefined> {
    const row: CodeRow | undefined = await this.db.run((q) =>
      q("one_time_codes")
        .where({ store_id: storeId, customer_id: customerId })
        .orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }])
        .first(),
    );
    if (row === undefined) return undefined;
    return {
      id: row.id,
      storeId: row.store_id,
      customerId: row.customer_id,
      hash: row.code_hash,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      attempts: Number(row.attempts),
      consumedAt: row.consumed_at,
    };
  }

  async takeAttempt(codeId: string, maxAttempts: number): Promise<boolean> {
    const changed = await this.db.run((q) =>
      q("one_time_codes").where({ id: codeId }).where("attempts", "<", maxAttempts).update({ attempts: q.raw("attempts + 1") }),
    );
    return changed === 1;
  }

  async consume(codeId: string, at: string): Promise<boolean> {
    const changed = await this.db.run((q) => q("one_time_codes").where({ id: codeId }).whereNull("consumed_at").update({ consumed_at: at }));
    return changed === 1;
  }

  purgeExpired(before: string): Promise<number> {
    return this.db.run((q) => q("one_time_codes").where("expires_at", "<", before).delete());
  }
}
