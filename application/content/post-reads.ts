// The public reads of posts: a page of published posts and one post by slug, which counts a view.
// Drafts, archived posts and posts scheduled for later are unknown to readers, whatever the key.
// This module holds what the use cases ListPosts, GetPostBySlug and GetPost share (one class a
// file, docs/architecture.md, the application/ ring).
import { toListRecord, type ProductListRecord } from "../../domain/catalog/product-shapes.js";
import { isLookbookPublic } from "../../domain/content/lookbook.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { PostRepository, type PostView } from "../ports/post-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { storeCurrency } from "../stores/store-currency.js";
import {
  toLookbookSummary,
  toPostRecord,
  type LookbookSummaryRecord,
  type PostRecord,
} from "./content-records.js";

export const postMissing = (): ResourceMissing => new ResourceMissing({ resource: "post", message: "No such post." });

// A fixed number of queries whatever the number of links: links, products (with their variants), lookbooks.
export async function assemblePost(deps: { readonly posts: PostRepository; readonly products: ProductRepository; readonly lookbooks: LookbookRepository; readonly stores: StoreRepository }, storeId: string, post: PostView, now: string): Promise<PostRecord> {
  const links = await deps.posts.links(storeId, post.id);
  const [store, products, lookbooks] = await Promise.all([
    loadStore(deps.stores, storeId),
    links.productIds.length === 0 ? new Map() : deps.products.findManyByIds(storeId, links.productIds),
    links.lookbookIds.length === 0 ? new Map() : deps.lookbooks.findManyByIds(storeId, links.lookbookIds),
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
