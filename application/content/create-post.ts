// CreatePost, the use case behind POST /v1/posts; what it shares with its sibling use cases is in
// post-writes.ts.
import { GetPost } from "./get-post.js";
import { inject, injectable } from "inversify";
import { withSuffix } from "../../domain/catalog/slug.js";
import { contentSlug } from "../../domain/content/content-slug.js";
import { publishedAtAfterWrite, type Post } from "../../domain/content/post.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PostRepository } from "../ports/post-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { PostInput } from "./content-inputs.js";
import type { PostRecord } from "./content-records.js";
import { StoreReferences } from "../catalog/store-references.js";
import { taken, checkPostLinks } from "./post-writes.js";

@injectable()
export class CreatePost {
  constructor(
    @inject(PostRepository) private readonly posts: PostRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(GetPost) private readonly getPost: GetPost,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: PostInput): Promise<PostRecord> {
    const id = await this.uow.run(async () => {
      const storeId = principal.storeId;
      const links = await checkPostLinks({ references: this.references }, storeId, input);
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
    return this.getPost.execute(principal, id);
  }
}
