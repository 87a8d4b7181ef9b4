// API keys in the `api_keys` table, looked up by the SHA-256 hash of the presented key.
import { inject, injectable } from "inversify";
import type { ApiKeyRepository, StoredApiKey } from "../../../application/ports/api-key-repository.js";
import type { KeyType, Mode } from "../../../domain/access/api-key.js";
import { Database } from "../database.js";

interface ApiKeyRow {
  id: string;
  store_id: string;
  type: string;
  mode: string;
  display_prefix: string;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
}

const toKey = (row: ApiKeyRow): StoredApiKey => ({
  id: row.id,
  storeId: row.store_id,
  type: row.type as KeyType,
  mode: row.mode as Mode,
  displayPrefix: row.display_prefix,
  hash: row.key_hash,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

@injectable()
export class KnexApiKeyRepository implements ApiKeyRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async create(key: StoredApiKey): Promise<void> {
    await this.db.run((q) =>
      q("api_keys").insert({
        id: key.id,
        store_id: key.storeId,
        type: key.type,
        mode: key.mode,
        display_prefix: key.displayPrefix,
        key_hash: key.hash,
        created_at: key.createdAt,
        revoked_at: key.revokedAt,
      }),
    );
  }

  async findByHash(hash: string): Promise<StoredApiKey | undefined> {
    const row = await this.db.run((q) => q<ApiKeyRow>("api_keys").where({ key_hash: hash }).first());
    return row === undefined ? undefined : toKey(row);
  }

  async listForStore(storeId: string): Promise<readonly StoredApiKey[]> {
    const rows = await this.db.select<ApiKeyRow>("select * from api_keys where store_id = ? order by created_at desc, id desc limit 500", [storeId]);
    return rows.map(toKey);
  }

  async findById(storeId: string, keyId: string): Promise<StoredApiKey | undefined> {
    const [row] = await this.db.select<ApiKeyRow>("select * from api_keys where store_id = ? and id = ? limit 1", [storeId, keyId]);
    return row === undefined ? undefined : toKey(row);
  }

  async revoke(storeId: string, keyId: string, at: string): Promise<boolean> {
    return (await this.db.execute("update api_keys set revoked_at = ? where store_id = ? and id = ? and revoked_at is null", [at, storeId, keyId])) > 0;
  }
}
