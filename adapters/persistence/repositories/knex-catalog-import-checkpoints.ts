// Import checkpoints on knex: a row per (store, file fingerprint) with the position and counts,
// and the rows rejected so far beside it, both written in the batch's transaction.
import { inject, injectable } from "inversify";
import type { CatalogImportCheckpoints, ImportCheckpoint, ImportStep } from "../../../application/ports/catalog-import-checkpoints.js";
import { Database } from "../database.js";

/** Rejections per insert statement (4 bindings a row). */
const REJECTIONS_PER_INSERT = 500;

@injectable()
export class KnexCatalogImportCheckpoints implements CatalogImportCheckpoints {
  constructor(@inject(Database) private readonly db: Database) {}

  async find(storeId: string, fingerprint: string): Promise<ImportCheckpoint | undefined> {
    const [row] = await this.db.select<{ position: number; created: number; updated: number }>(
      "select position, created, updated from catalog_imports where store_id = ? and fingerprint = ?",
      [storeId, fingerprint],
    );
    if (row === undefined) return undefined;
    const rejected = await this.db.select<{ line: number; reason: string }>(
      "select line, reason from catalog_import_rejections where store_id = ? and fingerprint = ? order by line, id",
      [storeId, fingerprint],
    );
    return { position: Number(row.position), created: Number(row.created), updated: Number(row.updated), rejected: rejected.map((r) => ({ line: Number(r.line), reason: r.reason })) };
  }

  async advance(storeId: string, fingerprint: string, step: ImportStep, now: string): Promise<void> {
    await this.db.transaction(async () => {
      const upsert =
        this.db.dialect === "mysql"
          ? "insert into catalog_imports (store_id, fingerprint, position, created, updated, started_at, updated_at) values (?, ?, ?, ?, ?, ?, ?) " +
            "on duplicate key update position = greatest(position, values(position)), created = created + values(created), updated = updated + values(updated), updated_at = values(updated_at)"
          : "insert into catalog_imports (store_id, fingerprint, position, created, updated, started_at, updated_at) values (?, ?, ?, ?, ?, ?, ?) " +
            "on conflict (store_id, fingerprint) do update set position = max(position, excluded.position), created = created + excluded.created, updated = updated + excluded.updated, updated_at = excluded.updated_at";
      await this.db.execute(upsert, [storeId, fingerprint, step.position, step.created, step.updated, now, now]);
      for (let i = 0; i < step.rejected.length; i += REJECTIONS_PER_INSERT) {
        const rows = step.rejected.slice(i, i + REJECTIONS_PER_INSERT);
        await this.db.execute(
          `insert into catalog_import_rejections (store_id, fingerprint, line, reason) values ${rows.map(() => "(?, ?, ?, ?)").join(", ")}`,
          rows.flatMap((r) => [storeId, fingerprint, r.line, r.reason]),
        );
      }
    });
  }

  async clear(storeId: string, fingerprint: string): Promise<void> {
    await this.db.transaction(async () => {
      await this.db.execute("delete from catalog_import_rejections where store_id = ? and fingerprint = ?", [storeId, fingerprint]);
      await this.db.execute("delete from catalog_imports where store_id = ? and fingerprint = ?", [storeId, fingerprint]);
    });
  }
}
