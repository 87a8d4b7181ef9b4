// Creates, changes and deletes collections and replaces their items. Items must name products
// of the same store.
// This module holds what the use cases CreateCollection, UpdateCollection, DeleteCollection and
// ReplaceCollectionItems share (one class a file, docs/architecture.md, the application/ ring).
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";

export const missing = (): ResourceMissing => new ResourceMissing({ resource: "collection", message: "No such collection." });

export const taken = (): ResourceConflict =>
  new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A collection with this slug already exists in the store." });
