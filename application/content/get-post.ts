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

/** Any post of the store with its links, for the answers of writes. */
@injectable()
export class GetPost {
  constructor(
    @inject(PostRepository) private readonly posts: PostRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string): Promise<PostRecord> {
    const post = await this.posts.find(principal.storeId, id);
    if (post === undefined) throw postMissing();
    return assemblePost({ posts: this.posts, products: this.products, lookbooks: this.lookbooks, stores: this.stores }, principal.storeId, post, this.clock.now().toISOString());
  }
}
