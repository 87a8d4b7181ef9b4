// The pagination object of every list answer, and a helper to build it from a page.
import { Schema } from "effect";
import type { Page } from "../../../application/pagination/page.js";

export const Pagination = Schema.Struct({
  limit: Schema.Number,
  next_cursor: Schema.NullOr(Schema.String),
  has_more: Schema.Boolean,
}).annotations({ identifier: "Pagination" });

export const pagination = (page: Page<unknown>, limit: number) => ({
  limit,
  next_cursor: page.nextCursor,
  has_more: page.hasMore,
});
