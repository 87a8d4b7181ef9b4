// Blog posts on knex. A post's views live in VIEW_COUNT_SHARDS rows of post_view_counts, made
// with the post; a view adds 1 to one of them, picked at random, so concurrent readers rarely
// wait on the same row lock, and a read sums them. Public reads are plain SQL (the hot path).
import { randomInt } from "node:crypto";
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { PostLinks, PostListFilter, PostRepository, PostView } from "../../../application/ports/post-repository.js";
import type { Post, PostStatus } from "../../../domain/content/post.js";
import { isMissingParent, isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";

/** Rows per post in post_view_counts. */
export const VIEW_COUNT_SHARDS = 16;

interface PostRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featured_image: string | null;
  category_id: string | null;
  author_name: string | null;
  author_avatar: string | null;
  status: string;
  published_at: string | null;
  seo_title: string | null;
  seo_description: string | null;
  created_at: string;
  updated_at: string;
  category_name: string | null;
  category_image: string | null;
  // MySQL answers SUM as a DECIMAL string.
  view_count: number | string | null;
  product_count: number | string | null;
}

const STATUSES: ReadonlySet<string> = new Set<PostStatus>(["published", "draft", "archived"]);

const toPostView = (row: PostRow): PostView => {
  if (!STATUSES.has(row.status)) throw new Error(`post ${row.id} has an unknown status: ${row.status}`);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featured_image,
    categoryId: row.category_id,
    authorName: row.author_name,
    authorAvatar: row.author_avatar,
    status: row.status as PostStatus,
    publishedAt: row.published_at,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    categoryName: row.category_name,
    categoryImage: row.category_image,
    viewCount: Number(row.view_count ?? 0),
    productCount: Number(row.product_count ?? 0),
  };
};

const VIEW_COUNT = "(select coalesce(sum(v.views), 0) from post_view_counts v where v.post_id = p.id) as view_count";
const PRODUCT_COUNT =
  "(select count(*) from post_products pp join products pr on pr.id = pp.product_id where pp.post_id = p.id and pr.is_active = 1) as product_count";

const POST_SELECT =
  `select p.*, c.name as category_name, c.image as category_image, ${VIEW_COUNT}, ${PRODUCT_COUNT} ` +
  "from posts p left join categories c on c.id = p.category_id where p.store_id = ?";

const columns = (storeId: string, post: Post) => ({
  id: post.id,
  store_id: storeId,
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  content: post.content,
  featured_image: post.featuredImage,
  category_id: post.categoryId,
  author_name: post.authorName,
  author_avatar: post.authorAvatar,
  status: post.status,
  published_at: post.publishedAt,
  seo_title: post.seoTitle,
  seo_description: post.seoDescription,
  created_at: post.createdAt,
  updated_at: post.updatedAt,
});

/** The insert named a post that is gone (a foreign key with no parent row). */
const isMissingPost = isMissingParent;

const duplicateSlug = (error: unknown): unknown =>
  isUniqueViolation(error)
    ? new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A post with this slug already exists in the store." })
    : error;

@injectable()
export class KnexPostRepository implements PostRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  listPublic(storeId: string, now: string, filter: PostListFilter, page: PageRequest): Promise<Page<PostView>> {
    return this.db.run(async (q) => {
      const query = q("posts as p")
        .leftJoin("categories as c", "c.id", "p.category_id")
        .select("p.*", "c.name as category_name", "c.image as category_image", q.raw(VIEW_COUNT), q.raw(PRODUCT_COUNT))
        .where({ "p.store_id": storeId, "p.status": "published" })
        .where("p.published_at", "<=", now);
      if (filter.categoryId !== undefined) void query.where("p.category_id", filter.categoryId);
      if (filter.productId !== undefined) {
        const productId = filter.productId;
        void query.whereExists((sub) => {
          void sub.select(q.raw("1")).from("post_products as l").whereRaw("l.post_id = p.id").andWhere("l.product_id", productId);
        });
      }
      const rows: PostRow[] = await applyKeyset(query, { column: "p.published_at", idColumn: "p.id", direction: "desc" }, page);
      return toPage(rows, page, (r) => [r.published_at ?? "", r.id], toPostView);
    });
  }

  async findPublicBySlug(storeId: string, slug: string, now: string): Promise<PostView | undefined> {
    const rows = await this.db.select<PostRow>(
      `${POST_SELECT} and p.slug = ? and p.status = 'published' and p.published_at <= ? limit 1`,
      [storeId, slug, now],
    );
    return rows[0] === undefined ? undefined : toPostView(rows[0]);
  }

  async find(storeId: string, id: string): Promise<PostView | undefined> {
    const rows = await this.db.select<PostRow>(`${POST_SELECT} and p.id = ? limit 1`, [storeId, id]);
    return rows[0] === undefined ? undefined : toPostView(rows[0]);
  }

  async links(storeId: string, postId: string): Promise<PostLinks> {
    const rows = await this.db.select<{ kind: string; ref_id: string }>(
      "select 'product' as kind, product_id as ref_id, sort_order from post_products where store_id = ? and post_id = ? " +
        "union all select 'lookbook' as kind, lookbook_id as ref_id, sort_order from post_lookbooks where store_id = ? and post_id = ? " +
        "order by kind, sort_order, ref_id",
      [storeId, postId, storeId, postId],
    );
    return {
      productIds: rows.filter((r) => r.kind === "product").map((r) => r.ref_id),
      lookbookIds: rows.filter((r) => r.kind === "lookbook").map((r) => r.ref_id),
    };
  }

  async slugTaken(storeId: string, slug: string, exceptId?: string): Promise<boolean> {
    return this.db.run(async (q) => {
      const query = q("posts").where({ store_id: storeId, slug }).first("id");
      if (exceptId !== undefined) void query.whereNot("id", exceptId);
      return (await query) !== undefined;
    });
  }

  async insert(storeId: string, post: Post, links: PostLinks): Promise<void> {
    try {
      await this.db.transaction(() =>
        this.db.run(async (q) => {
          await q("posts").insert(columns(storeId, post));
          await this.writeLinks(q, storeId, post.id, links);
          await q("post_view_counts").insert(Array.from({ length: VIEW_COUNT_SHARDS }, (_, shard) => ({ post_id: post.id, shard, views: 0 })));
        }),
      );
    } catch (error) {
      throw duplicateSlug(error);
    }
  }

  async update(storeId: string, post: Post, links: Partial<PostLinks>): Promise<void> {
    const { id, store_id: _s, created_at: _c, ...changes } = columns(storeId, post);
    try {
      await this.db.transaction(() =>
        this.db.run(async (q) => {
          await q("posts").where({ store_id: storeId, id }).update(changes);
          await this.writeLinks(q, storeId, id, links);
        }),
      );
    } catch (error) {
      throw duplicateSlug(error);
    }
  }

  async remove(storeId: string, id: string): Promise<void> {
    await this.db.run((q) => q("posts").where({ store_id: storeId, id }).delete());
  }

  async recordView(_storeId: string, postId: string): Promise<void> {
    const shard = randomInt(VIEW_COUNT_SHARDS);
    const bump = () => this.db.run((q) => q("post_view_counts").where({ post_id: postId, shard }).increment("views", 1));
    if ((await bump()) > 0) return;
    // A post written without its shard rows (by hand, say): make the row, or count on the one a
    // concurrent reader just made. A post deleted meanwhile has no views to count.
    try {
      await this.db.run((q) => q("post_view_counts").insert({ post_id: postId, shard, views: 1 }));
    } catch (error) {
      if (isUniqueViolation(error)) await bump();
      else if (!isMissingPost(error)) throw error;
    }
  }

  private async writeLinks(q: Knex | Knex.Transaction, storeId: string, postId: string, links: Partial<PostLinks>) {
    if (links.productIds !== undefined) {
      await q("post_products").where({ store_id: storeId, post_id: postId }).delete();
      if (links.productIds.length > 0) {
        await q("post_products").insert(
          links.productIds.map((productId, sortOrder) => ({ post_id: postId, product_id: productId, store_id: storeId, sort_order: sortOrder })),
        );
      }
    }
    if (links.lookbookIds !== undefined) {
      await q("post_lookbooks").where({ store_id: storeId, post_id: postId }).delete();
      if (links.lookbookIds.length > 0) {
        await q("post_lookbooks").insert(
          links.lookbookIds.map((lookbookId, sortOrder) => ({ post_id: postId, lookbook_id: lookbookId, store_id: storeId, sort_order: sortOrder })),
        );
      }
    }
  }
}
