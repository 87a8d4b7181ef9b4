// Records made once per product copy: a catalog read gets its products as copies read lately
// (the product repository's `recent` reads), the same objects until the product changes, so the
// list and detail records of a copy are made once per store currency and shared by every read
// that shows it (and, being the same objects, serialized once: adapters/http/answer-json.ts). A
// product read afresh is a new object, so its records are made anew: a memo never outlives what
// it was made of. Records are never changed once made.
import {
  toDetailRecord,
  toListRecord,
  type NonEmptyVariants,
  type ProductDetailRecord,
  type ProductListRecord,
  type StoreCurrency,
} from "../../domain/catalog/product-shapes.js";
import type { Product } from "../../domain/catalog/product.js";
import type { ProductWithVariants } from "../ports/product-repository.js";

interface Made<R> {
  readonly product: Product;
  readonly currency: string;
  readonly symbol: string;
  readonly record: R;
}

/** Records made of copies and kept: shared, never changed, so their JSON may be kept beside them too. */
const kept = new WeakSet<object>();

/** Whether a record was made of a copy and is kept (shared by every read that shows it). */
export const isKeptRecord = (record: object): boolean => kept.has(record);

/** Marks a record made of a copy as kept (see `isKeptRecord`). */
export const keepRecord = <R extends object>(record: R): R => {
  kept.add(record);
  return record;
};

// Keyed by the variants list, made anew with every read of a product, and checked against the
// product object read with it.
const lists = new WeakMap<NonEmptyVariants, Made<ProductListRecord>>();
const details = new WeakMap<NonEmptyVariants, Made<ProductDetailRecord>>();

const memo = <R extends object>(
  made: WeakMap<NonEmptyVariants, Made<R>>,
  make: (product: Product, variants: NonEmptyVariants, store: StoreCurrency) => R,
  { product, variants, copy }: ProductWithVariants,
  store: StoreCurrency,
): R => {
  // A product read afresh is never read again as the same object: keeping anything of it would
  // only give the garbage collector weak entries to clear.
  if (copy !== true) return make(product, variants, store);
  const found = made.get(variants);
  if (found !== undefined && found.product === product && found.currency === store.currency && found.symbol === store.currencySymbol) return found.record;
  const record = keepRecord(make(product, variants, store));
  made.set(variants, { product, currency: store.currency, symbol: store.currencySymbol, record });
  return record;
};

/** The product's list record (see toListRecord), made once per copy and currency. */
export const listRecordOf = (found: ProductWithVariants, store: StoreCurrency): ProductListRecord => memo(lists, toListRecord, found, store);

/** The product's detail record (see toDetailRecord), made once per copy and currency. */
export const detailRecordOf = (found: ProductWithVariants, store: StoreCurrency): ProductDetailRecord => memo(details, toDetailRecord, found, store);
