import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { PostRepository } from "../ports/post-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import {
  type PostRecord,
} from "./content-records.js";
import { postMissing, assemblePost } from "./post-reads.js";

/** A public post; reading it counts one view, which the answer includes. */
@injectable()
export class GetPostBySlug {
  constructor(
    @inject(PostRepository) private readonly posts: PostRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, slug: string): Promise<PostRecord> {
    const now = this.clock.now().toISOString();
    const post = await this.posts.findPublicBySlug(principal.storeId, slug, now);
    if (post === undefined) throw postMissing();
    const [record] = await Promise.all([assemblePost({ posts: this.posts, products: this.products, lookbooks: this.lookbooks, stores: this.stores }, principal.storeId, post, now), this.posts.recordView(principal.storeId, post.id)]);
    return { ...record, view_count: record.view_count + 1 };
  }
}
