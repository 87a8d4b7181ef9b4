// UpdatePost, the use case behind PATCH /v1/posts/{post}; what it shares with its sibling use cases
// is in post-writes.ts.
import { postMissing } from "./post-reads.js";
import { GetPost } from "./get-post.js";
import { inject, injectable } from "inversify";
import { publishedAtAfterWrite, type Post } from "../../domain/content/post.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { PostRepository } from "../ports/post-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { PostPatch } from "./content-inputs.js";
import type { PostRecord } from "./content-records.js";
import { StoreReferences } from "../catalog/store-references.js";
import { taken, checkPostLinks } from "./post-writes.js";

@injectable()
export class UpdatePost {
  constructor(
    @inject(PostRepository) private readonly posts: PostRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(GetPost) private readonly getPost: GetPost,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: PostPatch): Promise<PostRecord> {
    await this.uow.run(async () => {
      const storeId = principal.storeId;
      const current = await this.posts.find(storeId, id);
      if (current === undefined) throw postMissing();
      const links = await checkPostLinks({ references: this.references }, storeId, patch);
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
    return this.getPost.execute(principal, id);
  }
}
