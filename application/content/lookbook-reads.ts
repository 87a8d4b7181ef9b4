// The public reads of lookbooks: a page of published ones and one by slug with its images.
// Unpublished and scheduled lookbooks are unknown to readers, whatever the key.
import { ResourceMissing } from "../errors/resource-errors.js";

export const lookbookMissing = (): ResourceMissing => new ResourceMissing({ resource: "lookbook", message: "No such lookbook." });
