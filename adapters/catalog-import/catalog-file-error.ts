// A catalog file that cannot be imported at all: unreadable, not CSV, or a header the import
// does not know. Bad rows are not this; they are rejected one by one.
export class CatalogFileError extends Error {
  override readonly name = "CatalogFileError";
}
