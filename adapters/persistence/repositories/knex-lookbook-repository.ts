// Lookbooks on knex: the lookbook rows, their images in position order and each image's product
// hotspots. Images and hotspots load in one query; hotspots on inactive products are left out.
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type {
  HotspotView,
  LookbookImageView,
  LookbookListFilter,
  LookbookRepository,
} from "../../../application/ports/lookbook-repository.js";
import type { Lookbook, LookbookImage } from "../../../domain/content/lookbook.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";

interface LookbookRow {
  id: string;
  title: string;
  slug: string;
  description: string | null;
  featured_image: string | null;
  collection_id: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

interface ImageRow {
  id: string;
  url: string;
  alt_text: string | null;
  caption: string | null;
  position: number;
  product_id: string | null;
  product_name: string | null;
  product_slug: string | null;
  x: number | null;
  y: number | null;
}

const LOOKBOOK_COLUMNS = "id, title, slug, description, featured_image, collection_id, published_at, created_at, updated_at";

const toLookbook = (row: LookbookRow): Lookbook => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  description: row.description,
  featuredImage: row.featured_image,
  collectionId: row.collection_id,
  publishedAt: row.published_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const columns = (storeId: string, l: Lookbook) => ({
  id: l.id,
  store_id: storeId,
  title: l.title,
  slug: l.slug,
  description: l.description,
  featured_image: l.featuredImage,
  collection_id: l.collectionId,
  published_at: l.publishedAt,
  created_at: l.createdAt,
  updated_at: l.updatedAt,
});

const duplicateSlug = (error: unknown): unknown =>
  isUniqueViolation(error)
    ? new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A lookbook with this slug already exists in the store." })
    : error;

@injectable()
export class KnexLookbookRepository implements LookbookRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  listPublic(storeId: string, now: string, filter: LookbookListFilter, page: PageRequest): Promise<Page<Lookbook>> {
    return this.db.run(async (q) => {
      const query = q("lookbooks").where("store_id", storeId).where("published_at", "<=", now);
      if (filter.collectionId !== undefined) void query.where("collection_id", filter.collectionId);
      const rows: LookbookRow[] = await applyKeyset(query, { column: "published_at", idColumn: "id", direction: "desc" }, page);
      return toPage(rows, page, (r) => [r.published_at ?? "", r.id], toLookbook);
    });
  }

  async findPublicBySlug(storeId: string, slug: string, now: string): Promise<Lookbook | undefined> {
    const rows = await this.db.select<LookbookRow>(
      `select ${LOOKBOOK_COLUMNS} from lookbooks where store_id = ? and slug = ? and published_at <= ? limit 1`,
      [storeId, slug, now],
    );
    return rows[0] === undefined ? undefined : toLookbook(rows[0]);
  }

  async find(storeId: string, id: string): Promise<Lookbook | undefined> {
    const rows = await this.db.select<LookbookRow>(`select ${LOOKBOOK_COLUMNS} from lookbooks where store_id = ? and id = ? limit 1`, [
      storeId,
      id,
    ]);
    return rows[0] === undefined ? undefined : toLookbook(rows[0]);
  }

  async findManyByIds(storeId: string, ids: readonly string[]): Promise<ReadonlyMap<string, Lookbook>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select<LookbookRow>(
      `select ${LOOKBOOK_COLUMNS} from lookbooks where store_id = ? and id in (${ids.map(() => "?").join(", ")})`,
      [storeId, ...ids],
    );
    return new Map(rows.map((row) => [row.id, toLookbook(row)]));
  }

  async images(storeId: string, lookbookId: string): Promise<readonly LookbookImageView[]> {
    const rows = await this.db.select<ImageRow>(
      "select i.id, i.url, i.alt_text, i.caption, i.position, p.id as product_id, p.name as product_name, p.slug as product_slug, h.x, h.y " +
        "from lookbook_images i " +
        "left join lookbook_hotspots h on h.image_id = i.id " +
        "left join products p on p.id = h.product_id and p.is_active = 1 " +
        "where i.store_id = ? and i.lookbook_id = ? order by i.position, i.id, h.position",
      [storeId, lookbookId],
    );
    const images: { image: Omit<LookbookImageView, "hotspots">; hotspots: HotspotView[] }[] = [];
    for (const row of rows) {
      let last = images[images.length - 1];
      if (last === undefined || last.image.id !== row.id) {
        last = { image: { id: row.id, url: row.url, altText: row.alt_text, caption: row.caption, position: row.position }, hotspots: [] };
        images.push(last);
      }
      if (row.product_id !== null && row.product_name !== null && row.product_slug !== null && row.x !== null && row.y !== null) {
        last.hotspots.push({ productId: row.product_id, productName: row.product_name, productSlug: row.product_slug, x: row.x, y: row.y });
      }
    }
    return images.map(({ image, hotspots }) => ({ ...image, hotspots }));
  }

  async slugTaken(storeId: string, slug: string, exceptId?: string): Promise<boolean> {
    return this.db.run(async (q) => {
      const query = q("lookbooks").where({ store_id: storeId, slug }).first("id");
      if (exceptId !== undefined) void query.whereNot("id", exceptId);
      return (await query) !== undefined;
    });
  }

  async insert(storeId: string, lookbook: Lookbook, images: readonly LookbookImage[]): Promise<void> {
    try {
      await this.db.transaction(() =>
        this.db.run(async (q) => {
          await q("lookbooks").insert(columns(storeId, lookbook));
          await this.writeImages(q, storeId, lookbook.id, images);
        }),
      );
    } catch (error) {
      throw duplicateSlug(error);
    }
  }

  async update(storeId: string, lookbook: Lookbook, images: readonly LookbookImage[] | undefined): Promise<void> {
    const { id, store_id: _s, created_at: _c, ...changes } = columns(storeId, lookbook);
    try {
      await this.db.transaction(() =>
        this.db.run(async (q) => {
          await q("lookbooks").where({ store_id: storeId, id }).update(changes);
          if (images !== undefined) {
            // Hotspots go with their images (ON DELETE CASCADE).
            await q("lookbook_images").where({ store_id: storeId, lookbook_id: id }).delete();
            await this.writeImages(q, storeId, id, images);
          }
        }),
      );
    } catch (error) {
      throw duplicateSlug(error);
    }
  }

  async remove(storeId: string, id: string): Promise<void> {
    await this.db.run((q) => q("lookbooks").where({ store_id: storeId, id }).delete());
  }

  private async writeImages(q: Knex | Knex.Transaction, storeId: string, lookbookId: string, images: readonly LookbookImage[]) {
    if (images.length === 0) return;
    await q("lookbook_images").insert(
      images.map((image) => ({
        id: image.id,
        lookbook_id: lookbookId,
        store_id: storeId,
        url: image.url,
        alt_text: image.altText,
        caption: image.caption,
        position: image.position,
      })),
    );
    const hotspots = images.flatMap((image) =>
      image.hotspots.map((h, position) => ({ image_id: image.id, lookbook_id: lookbookId, product_id: h.productId, position, x: h.x, y: h.y })),
    );
    if (hotspots.length > 0) await q("lookbook_hotspots").insert(hotspots);
  }
}
