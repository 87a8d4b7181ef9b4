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

interface Made<R> {
  readonly product: Product;
  readonly currency: string;
  readonly symbol: string;
  readonly record: R;
}

// Keyed by the variants list, made anew with every read of a product, and checked against the
// product object read with it.
const lists = new WeakMap<NonEmptyVariants, Made<ProductListRecord>>();
const details = new WeakMap<NonEmptyVariants, Made<ProductDetailRecord>>();

const memo = <R>(
  made: WeakMap<NonEmptyVariants, Made<R>>,
  make: (product: Product, variants: NonEmptyVariants, store: StoreCurrency) => R,
  product: Product,
  variants: NonEmptyVariants,
  store: StoreCurrency,
): R => {
  const found = made.get(variants);
  if (found !== undefined && found.product === product && found.currency === store.currency && found.symbol === store.currencySymbol) return found.record;
  const record = make(product, variants, store);
  made.set(variants, { product, currency: store.currency, symbol: store.currencySymbol, record });
  return record;
};

/** The product's list record (see toListRecord), made once per copy and currency. */
export const listRecordOf = (product: Product, variants: NonEmptyVariants, store: StoreCurrency): ProductListRecord =>
  memo(lists, toListRecord, product, variants, store);

/** The product's detail record (see toDetailRecord), made once per copy and currency. */
export const detailRecordOf = (product: Product, variants: NonEmptyVariants, store: StoreCurrency): ProductDetailRecord =>
  memo(details, toDetailRecord, product, variants, store);
