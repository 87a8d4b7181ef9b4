// Lookbooks and their images with product hotspots; public reads see lookbooks whose
// `published_at` has come.
import type { ServiceIdentifier } from "inversify";
import type { Hotspot, Lookbook, LookbookImage } from "../../domain/content/lookbook.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface LookbookListFilter {
  readonly collectionId?: string | undefined;
}

/** A hotspot as read, with the product's name and slug so a client can label and link it. */
export interface HotspotView extends Hotspot {
  readonly productName: string;
  readonly productSlug: string;
}

export interface LookbookImageView extends Omit<LookbookImage, "hotspots"> {
  /** Hotspots on active products only. */
  readonly hotspots: readonly HotspotView[];
}

export interface LookbookRepository {
  /** Public lookbooks, newest publication first. */
  listPublic(storeId: string, now: string, filter: LookbookListFilter, page: PageRequest): Promise<Page<Lookbook>>;
  findPublicBySlug(storeId: string, slug: string, now: string): Promise<Lookbook | undefined>;
  /** Any lookbook of the store, whatever its publication (writes). */
  find(storeId: string, id: string): Promise<Lookbook | undefined>;
  /** The store's lookbooks among `ids`, whatever their publication. */
  findManyByIds(storeId: string, ids: readonly string[]): Promise<ReadonlyMap<string, Lookbook>>;
  images(storeId: string, lookbookId: string): Promise<readonly LookbookImageView[]>;
  slugTaken(storeId: string, slug: string, exceptId?: string): Promise<boolean>;
  insert(storeId: string, lookbook: Lookbook, images: readonly LookbookImage[]): Promise<void>;
  /** Changes the lookbook; images given replace the old ones, undefined keeps them. */
  update(storeId: string, lookbook: Lookbook, images: readonly LookbookImage[] | undefined): Promise<void>;
  remove(storeId: string, id: string): Promise<void>;
}
export const LookbookRepository: ServiceIdentifier<LookbookRepository> = Symbol.for("storefront.LookbookRepository");
