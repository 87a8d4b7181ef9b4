// The public reads of lookbooks: a page of published ones and one by slug with its images.
// Unpublished and scheduled lookbooks are unknown to readers, whatever the key.
// This module holds what the use cases ListLookbooks, GetLookbookBySlug and GetLookbook share (one
// class a file, docs/architecture.md, the application/ ring).
import { ResourceMissing } from "../errors/resource-errors.js";

export const lookbookMissing = (): ResourceMissing => new ResourceMissing({ resource: "lookbook", message: "No such lookbook." });
