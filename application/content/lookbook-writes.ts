// Creates, changes and deletes lookbooks. A new lookbook is published at once unless
// `published_at` says otherwise (null: unpublished; a future time: scheduled). Images are
// replaced as a whole; hotspot products and the collection must be the store's own.
// This module holds what the use cases CreateLookbook, UpdateLookbook and DeleteLookbook share (one
// class a file, docs/architecture.md, the application/ ring).
import type { LookbookImage } from "../../domain/content/lookbook.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { IdGenerator } from "../ports/id-generator.js";
import type { LookbookInput } from "./content-inputs.js";
import { StoreReferences } from "../catalog/store-references.js";

export const taken = (): ResourceConflict =>
  new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A lookbook with this slug already exists in the store." });

export async function lookbookImages(deps: { readonly references: StoreReferences; readonly ids: IdGenerator }, storeId: string, input: NonNullable<LookbookInput["images"]>): Promise<LookbookImage[]> {
  await deps.references.checkProducts(
    storeId,
    input.flatMap((image, i) => (image.hotspots ?? []).map((h, j) => [`images[${i}].hotspots[${j}].product_id`, h.product_id] as const)),
  );
  return input.map((image, position) => ({
    id: deps.ids.newId(),
    url: image.url,
    altText: image.alt_text ?? null,
    caption: image.caption ?? null,
    position,
    hotspots: (image.hotspots ?? []).map((h) => ({ productId: h.product_id, x: h.x, y: h.y })),
  }));
}
