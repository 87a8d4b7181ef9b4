// The pagination object of every list answer, and a helper to build it from a page.
import { Schema } from "effect";
import type { Page } from "../../../application/pagination/page.js";

export const Pagination = Schema.Struct({
  limit: Schema.Number.annotations({ description: "The page size asked for (at most this many records)." }),
  next_cursor: Schema.NullOr(Schema.String).annotations({ description: "Opaque cursor of the next page (send it as `cursor`), or null when has_more is false." }),
  has_more: Schema.Boolean.annotations({ description: "True when another page follows." }),
}).annotations({ identifier: "Pagination" });

export const pagination = (page: Page<unknown>, limit: number) => ({
  limit,
  next_cursor: page.nextCursor,
  has_more: page.hasMore,
});
