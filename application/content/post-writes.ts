// Creates, changes and deletes posts. A new post is a draft unless a status is given; publishing
// stamps `published_at` when none is given. Linked products, lookbooks and the category must be
// the store's own.
// This module holds what the use cases CreatePost, UpdatePost and DeletePost share (one class a
// file, docs/architecture.md, the application/ ring).
import { ResourceConflict } from "../errors/resource-errors.js";
import { StoreReferences } from "../catalog/store-references.js";

export const taken = (): ResourceConflict =>
  new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A post with this slug already exists in the store." });

export async function checkPostLinks(deps: { readonly references: StoreReferences }, 
  storeId: string,
  input: { readonly product_ids?: readonly string[] | undefined; readonly lookbook_ids?: readonly string[] | undefined },
): Promise<{ productIds?: readonly string[]; lookbookIds?: readonly string[] }> {
  const links: { productIds?: readonly string[]; lookbookIds?: readonly string[] } = {};
  if (input.product_ids !== undefined) {
    deps.references.distinct("product_ids", input.product_ids);
    await deps.references.checkProducts(storeId, input.product_ids.map((pid, i) => [`product_ids[${i}]`, pid] as const));
    links.productIds = input.product_ids;
  }
  if (input.lookbook_ids !== undefined) {
    deps.references.distinct("lookbook_ids", input.lookbook_ids);
    await deps.references.checkLookbooks(storeId, input.lookbook_ids.map((lid, i) => [`lookbook_ids[${i}]`, lid] as const));
    links.lookbookIds = input.lookbook_ids;
  }
  return links;
}
