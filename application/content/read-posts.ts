// The public reads of posts: a page of published posts and one post by slug, which counts a view.
// Drafts, archived posts and posts scheduled for later are unknown to readers, whatever the key.
import { inject, injectable } from "inversify";
import { toListRecord, type ProductListRecord } from "../../domain/catalog/product-shapes.js";
import { isLookbookPublic } from "../../domain/content/lookbook.js";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { PostRepository, type PostListFilter, type PostView } from "../ports/post-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { storeCurrency } from "../stores/store-currency.js";
import {
  toLookbookSummary,
  toPostRecord,
  toPostSummary,
  type LookbookSummaryRecord,
  type PostRecord,
  type PostSummaryRecord,
} from "./content-records.js";

export const postMissing = (): ResourceMissing => new ResourceMissing({ resource: "post", message: "No such post." });

@injectable()
export class ReadPosts {
  constructor(
    @inject(PostRepository) private readonly posts: PostRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async page(principal: Principal, filter: PostListFilter, page: PageRequest): Promise<Page<PostSummaryRecord>> {
    const found = await this.posts.listPublic(principal.storeId, this.clock.now().toISOString(), filter, page);
    return { ...found, items: found.items.map(toPostSummary) };
  }

  /** A public post; reading it counts one view, which the answer includes. */
  async bySlug(principal: Principal, slug: string): Promise<PostRecord> {
    const now = this.clock.now().toISOString();
    const post = await this.posts.findPublicBySlug(principal.storeId, slug, now);
    if (post === undefined) throw postMissing();
    const [record] = await Promise.all([this.assemble(principal.storeId, post, now), this.posts.recordView(principal.storeId, post.id)]);
    return { ...record, view_count: record.view_count + 1 };
  }

  /** Any post of the store with its links, for the answers of writes. */
  async byId(principal: Principal, id: string): Promise<PostRecord> {
    const post = await this.posts.find(principal.storeId, id);
    if (post === undefined) throw postMissing();
    return this.assemble(principal.storeId, post, this.clock.now().toISOString());
  }

  // A fixed number of queries whatever the number of links: links, products (with their variants), lookbooks.
  private async assemble(storeId: string, post: PostView, now: string): Promise<PostRecord> {
    const links = await this.posts.links(storeId, post.id);
    const [store, products, lookbooks] = await Promise.all([
      loadStore(this.stores, storeId),
      links.productIds.length === 0 ? new Map() : this.products.findManyByIds(storeId, links.productIds),
      links.lookbookIds.length === 0 ? new Map() : this.lookbooks.findManyByIds(storeId, links.lookbookIds),
    ]);
    const currency = storeCurrency(store);
    const productRecords: ProductListRecord[] = links.productIds.flatMap((id) => {
      const found = products.get(id);
      return found !== undefined && found.product.isActive ? [toListRecord(found.product, found.variants, currency)] : [];
    });
    const lookbookRecords: LookbookSummaryRecord[] = links.lookbookIds.flatMap((id) => {
      const found = lookbooks.get(id);
      return found !== undefined && isLookbookPublic(found, now) ? [toLookbookSummary(found)] : [];
    });
    return toPostRecord(post, productRecords, lookbookRecords);
  }
}
