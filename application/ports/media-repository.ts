// The `media` table: one row per uploaded image with its variants (docs/staff.md, "Media").
import type { ServiceIdentifier } from "inversify";
import type { Media } from "../../domain/media/media.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface MediaRepository {
  insert(media: Media): Promise<void>;
  /** The store's media item, or undefined (another store's id is undefined too). */
  find(storeId: string, id: string): Promise<Media | undefined>;
  /** Removes the row; false when the store has no such item. */
  delete(storeId: string, id: string): Promise<boolean>;
  /** The store's media, newest first, by keyset on (created_at, id). */
  listPage(storeId: string, page: PageRequest): Promise<Page<Media>>;
}
export const MediaRepository: ServiceIdentifier<MediaRepository> = Symbol.for("storefront.MediaRepository");
