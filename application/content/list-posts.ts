// ListPosts, the use case behind GET /v1/posts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { PostRepository, type PostListFilter } from "../ports/post-repository.js";
import {
  toPostSummary,
  type PostSummaryRecord,
} from "./content-records.js";

@injectable()
export class ListPosts {
  constructor(
    @inject(PostRepository) private readonly posts: PostRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, filter: PostListFilter, page: PageRequest): Promise<Page<PostSummaryRecord>> {
    const found = await this.posts.listPublic(principal.storeId, this.clock.now().toISOString(), filter, page);
    return { ...found, items: found.items.map(toPostSummary) };
  }
}
