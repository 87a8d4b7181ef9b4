// Media rows in `media` (migration 0033), read by (id, store) and listed by keyset on the
// (store_id, created_at, id) index, newest first.
import { inject, injectable } from "inversify";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { MediaRepository } from "../../../application/ports/media-repository.js";
import type { Media, MediaVariant, MediaVariantName } from "../../../domain/media/media.js";
import { readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";

export interface MediaRow {
  readonly id: string;
  readonly store_id: string;
  readonly content_type: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  readonly file_name: string | null;
  readonly variants: string;
  readonly created_by_type: string;
  readonly created_by_id: string | null;
  readonly created_by_label: string;
  readonly created_at: string;
}

interface StoredVariant {
  readonly name: MediaVariantName;
  readonly content_type: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  readonly key: string;
  readonly etag: string;
}

const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  storeId: row.store_id,
  contentType: row.content_type,
  width: Number(row.width),
  height: Number(row.height),
  bytes: Number(row.bytes),
  fileName: row.file_name,
  variants: readJson<StoredVariant[]>(row.variants, []).map(
    (v): MediaVariant => ({ name: v.name, contentType: v.content_type, width: v.width, height: v.height, bytes: v.bytes, key: v.key, etag: v.etag }),
  ),
  createdBy: { type: row.created_by_type, id: row.created_by_id, label: row.created_by_label },
  createdAt: row.created_at,
});

export const mediaColumns = (media: Media): MediaRow => ({
  id: media.id,
  store_id: media.storeId,
  content_type: media.contentType,
  width: media.width,
  height: media.height,
  bytes: media.bytes,
  file_name: media.fileName,
  variants: writeJson(
    media.variants.map((v): StoredVariant => ({ name: v.name, content_type: v.contentType, width: v.width, height: v.height, bytes: v.bytes, key: v.key, etag: v.etag })),
  ),
  created_by_type: media.createdBy.type,
  created_by_id: media.createdBy.id,
  created_by_label: media.createdBy.label.slice(0, 254),
  created_at: media.createdAt,
});

@injectable()
export class KnexMediaRepository implements MediaRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async insert(media: Media): Promise<void> {
    await this.db.run((q) => q("media").insert(mediaColumns(media)));
  }

  async find(storeId: string, id: string): Promise<Media | undefined> {
    const rows = await this.db.select<MediaRow>("select * from media where id = ? and store_id = ?", [id, storeId]);
    return rows[0] === undefined ? undefined : toMedia(rows[0]);
  }

  async delete(storeId: string, id: string): Promise<boolean> {
    const removed = await this.db.execute("delete from media where id = ? and store_id = ?", [id, storeId]);
    return removed > 0;
  }

  async listPage(storeId: string, page: PageRequest): Promise<Page<Media>> {
    const query = this.db.knex("media").select("*").where("store_id", storeId);
    const rows = await this.db.selectQuery<MediaRow>(applyKeyset(query, { column: "created_at", idColumn: "id", direction: "desc" }, page));
    return toPage(rows, page, (row) => [row.created_at, row.id], toMedia);
  }
}
