// The seam between catalog writes and the database's text index: every write that changes what
// search reads (products, variants, stock, activation, import) calls refreshSearchDocuments for
// the products it touched, inside its own unit of work. Filled in by the text-search work.
import type { Database } from "./database.js";

/** Rewrites the search documents of these products from the catalog tables, in the current unit of work. */
export async function refreshSearchDocuments(_db: Database, _storeId: string, _productIds: readonly string[]): Promise<void> {
  // Not yet: the in-process MiniSearch index still reads the catalog itself.
}
