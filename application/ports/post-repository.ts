// Blog posts: their links to products and lookbooks, the public reads (published and due) and a
// view counter that many readers can bump at once without queueing on one row.
import type { ServiceIdentifier } from "inversify";
import type { Post } from "../../domain/content/post.js";
import type { Page, PageRequest } from "../pagination/page.js";

/** A post as read: with its category's name and image, its views and its active products. */
export interface PostView extends Post {
  readonly categoryName: string | null;
  readonly categoryImage: string | null;
  readonly viewCount: number;
  /** Linked products that are active (the ones a reader is shown). */
  readonly productCount: number;
}

export interface PostLinks {
  /** In the post's order. */
  readonly productIds: readonly string[];
  /** In the post's order. */
  readonly lookbookIds: readonly string[];
}

export interface PostListFilter {
  readonly categoryId?: string | undefined;
  /** Posts linking this product. */
  readonly productId?: string | undefined;
}

export interface PostRepository {
  /** Public posts (published, `published_at` at or before `now`), newest publication first. */
  listPublic(storeId: string, now: string, filter: PostListFilter, page: PageRequest): Promise<Page<PostView>>;
  findPublicBySlug(storeId: string, slug: string, now: string): Promise<PostView | undefined>;
  /** Any post of the store, whatever its state (writes). */
  find(storeId: string, id: string): Promise<PostView | undefined>;
  links(storeId: string, postId: string): Promise<PostLinks>;
  slugTaken(storeId: string, slug: string, exceptId?: string): Promise<boolean>;
  insert(storeId: string, post: Post, links: PostLinks): Promise<void>;
  /** Changes the post; links given replace the old ones, links left out stay. */
  update(storeId: string, post: Post, links: Partial<PostLinks>): Promise<void>;
  remove(storeId: string, id: string): Promise<void>;
  /** Counts one view, atomically, without a single hot row. */
  recordView(storeId: string, postId: string): Promise<void>;
}
export const PostRepository: ServiceIdentifier<PostRepository> = Symbol.for("storefront.PostRepository");
