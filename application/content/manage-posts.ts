// Creates, changes and deletes posts. A new post is a draft unless a status is given; publishing
// stamps `published_at` when none is given. Linked products, lookbooks and the category must be
// the store's own.
import { inject, injectable } from "inversify";
import { withSuffix } from "../../domain/catalog/slug.js";
import { contentSlug } from "../../domain/content/content-slug.js";
import { publishedAtAfterWrite, type Post } from "../../domain/content/post.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PostRepository } from "../ports/post-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { PostInput, PostPatch } from "./content-inputs.js";
import type { PostRecord } from "./content-records.js";
import { StoreReferences } from "../catalog/store-references.js";
import { postMissing, ReadPosts } from "./read-posts.js";

const taken = (): ResourceConflict =>
  new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A post with this slug already exists in the store." });

@injectable()
export class ManagePosts {
  constructor(
    @inject(PostRepository) private readonly posts: PostRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(ReadPosts) private readonly read: ReadPosts,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async create(principal: Principal, input: PostInput): Promise<PostRecord> {
    const id = await this.uow.run(async () => {
      const storeId = principal.storeId;
      const links = await this.checkLinks(storeId, input);
      await this.references.checkCategory(storeId, input.category_id);
      const id = this.ids.newId();
      let slug = input.slug;
      if (slug !== undefined) {
        if (await this.posts.slugTaken(storeId, slug)) throw taken();
      } else {
        const base = contentSlug(input.title, "post");
        slug = base;
        for (let n = 2; await this.posts.slugTaken(storeId, slug); n++) slug = withSuffix(base, n);
      }
      const now = this.clock.now().toISOString();
      const status = input.status ?? "draft";
      const post: Post = {
        id,
        title: input.title,
        slug,
        excerpt: input.excerpt ?? null,
        content: input.content ?? "",
        featuredImage: input.featured_image ?? null,
        categoryId: input.category_id ?? null,
        authorName: input.author_name ?? null,
        authorAvatar: input.author_avatar ?? null,
        status,
        publishedAt: publishedAtAfterWrite(status, input.published_at, null, now),
        seoTitle: input.seo_title ?? null,
        seoDescription: input.seo_description ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await this.posts.insert(storeId, post, { productIds: links.productIds ?? [], lookbookIds: links.lookbookIds ?? [] });
      return id;
    });
    return this.read.byId(principal, id);
  }

  async update(principal: Principal, id: string, patch: PostPatch): Promise<PostRecord> {
    await this.uow.run(async () => {
      const storeId = principal.storeId;
      const current = await this.posts.find(storeId, id);
      if (current === undefined) throw postMissing();
      const links = await this.checkLinks(storeId, patch);
      await this.references.checkCategory(storeId, patch.category_id);
      if (patch.slug !== undefined && patch.slug !== current.slug && (await this.posts.slugTaken(storeId, patch.slug, id))) throw taken();
      const now = this.clock.now().toISOString();
      const status = patch.status ?? current.status;
      const keep = <T>(given: T | undefined, was: T): T => (given === undefined ? was : given);
      const next: Post = {
        id,
        title: patch.title ?? current.title,
        slug: patch.slug ?? current.slug,
        excerpt: keep(patch.excerpt, current.excerpt),
        content: patch.content ?? current.content,
        featuredImage: keep(patch.featured_image, current.featuredImage),
        categoryId: keep(patch.category_id, current.categoryId),
        authorName: keep(patch.author_name, current.authorName),
        authorAvatar: keep(patch.author_avatar, current.authorAvatar),
        status,
        publishedAt: publishedAtAfterWrite(status, patch.published_at, current.publishedAt, now),
        seoTitle: keep(patch.seo_title, current.seoTitle),
        seoDescription: keep(patch.seo_description, current.seoDescription),
        createdAt: current.createdAt,
        updatedAt: now,
      };
      await this.posts.update(storeId, next, links);
    });
    return this.read.byId(principal, id);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.posts.find(principal.storeId, id)) === undefined) throw postMissing();
      await this.posts.remove(principal.storeId, id);
    });
  }

  private async checkLinks(
    storeId: string,
    input: { readonly product_ids?: readonly string[] | undefined; readonly lookbook_ids?: readonly string[] | undefined },
  ): Promise<{ productIds?: readonly string[]; lookbookIds?: readonly string[] }> {
    const links: { productIds?: readonly string[]; lookbookIds?: readonly string[] } = {};
    if (input.product_ids !== undefined) {
      this.references.distinct("product_ids", input.product_ids);
      await this.references.checkProducts(storeId, input.product_ids.map((pid, i) => [`product_ids[${i}]`, pid] as const));
      links.productIds = input.product_ids;
    }
    if (input.lookbook_ids !== undefined) {
      this.references.distinct("lookbook_ids", input.lookbook_ids);
      await this.references.checkLookbooks(storeId, input.lookbook_ids.map((lid, i) => [`lookbook_ids[${i}]`, lid] as const));
      links.lookbookIds = input.lookbook_ids;
    }
    return links;
  }
}
