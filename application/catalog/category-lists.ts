// Category and subcategory lists: active ones unless asked otherwise, filtered by a name
// substring, one keyset page at a time. The repository may answer a page it keeps (the same
// objects until the catalog changes): each record is made once per category object and marked
// kept, so its JSON is made once too (record-memo.ts, answer-json.ts).
// This module holds what the use cases ListCategories and ListSubcategories share (one class a
// file, docs/architecture.md, the application/ ring).
import type { Category, Subcategory } from "../../domain/catalog/category.js";
import { keepRecord } from "./record-memo.js";
import { type CategoryRecord, type SubcategoryRecord } from "./category-records.js";

export const categoryRecords = new WeakMap<Category, CategoryRecord>();

export const subcategoryRecords = new WeakMap<Subcategory, SubcategoryRecord>();

export const recordOf = <C extends object, R extends object>(made: WeakMap<C, R>, item: C, make: (item: C) => R): R => {
  let record = made.get(item);
  if (record === undefined) made.set(item, (record = keepRecord(make(item))));
  return record;
};
