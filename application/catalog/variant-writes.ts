// Adds, changes and removes one variant of a product. A product keeps at least one variant and
// exactly one default; a stock change that falls to or below the threshold records
// `product.stock_low`.
// This module holds what the use cases AddVariant, UpdateVariant and DeleteVariant share (one class
// a file, docs/architecture.md, the application/ ring).
import { ResourceMissing } from "../errors/resource-errors.js";

export const variantMissing = (): ResourceMissing => new ResourceMissing({ resource: "variant", message: "No such variant." });

/** True when a change of stock crosses the low-stock threshold downwards. */
export const fellToThreshold = (before: number, after: number, threshold: number | null): boolean =>
  threshold !== null && after <= threshold && before > threshold;
