// Imports a catalog file's products, idempotent by SKU: a product whose SKUs the store already
// holds is updated, any other is created. Products are written in batches, one transaction each;
// a bad row is rejected with its line and reason, and never half-writes its product.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ServiceUnavailable } from "../errors/infrastructure-errors.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import type { ProductInput, VariantInput, VariantPatch } from "./catalog-inputs.js";
import { CreateProduct } from "./create-product.js";
import {
  decodeImportedProduct,
  locateParam,
  phrase,
  rejectLines,
  type ImportGroup,
  type ImportedProduct,
  type RowRejection,
} from "./imported-product.js";
import { ManageCategories } from "./manage-categories.js";
import { ManageVariants } from "./manage-variants.js";
import { UpdateProduct } from "./update-product.js";

export interface ImportSummary {
  readonly created: number;
  readonly updated: number;
  /** Sorted by line. */
  readonly rejected: readonly RowRejection[];
}

export interface ImportOptions {
  /** Products written per transaction; 100 unless given. */
  readonly batchSize?: number;
  /** Called after each batch with the number of products dealt with so far. */
  readonly onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_IMPORT_BATCH_SIZE = 100;

type Outcome = "created" | "updated" | readonly RowRejection[];

/** An error raised while writing a product, with the line it is about. */
class ProductWriteFailed extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
    override readonly cause: unknown,
  ) {
    super(reason);
  }
}

const reasonOf = (error: unknown): { param: string | undefined; message: string } => {
  if (error instanceof Error && "_tag" in error) {
    return { param: "param" in error && typeof error.param === "string" ? error.param : undefined, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { param: undefined, message: `could not be written: ${message}` };
};

/** Re-runs that must not become rejections: the database is away, so stop the import instead. */
const isFatal = (error: unknown): boolean =>
  error instanceof ServiceUnavailable || (error instanceof ProductWriteFailed && error.cause instanceof ServiceUnavailable);

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

@injectable()
export class ImportCatalog {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CreateProduct) private readonly createProduct: CreateProduct,
    @inject(UpdateProduct) private readonly updateProduct: UpdateProduct,
    @inject(ManageVariants) private readonly manageVariants: ManageVariants,
    @inject(ManageCategories) private readonly manageCategories: ManageCategories,
  ) {}

  async execute(principal: Principal, groups: readonly ImportGroup[], options: ImportOptions = {}): Promise<ImportSummary> {
    const batchSize = options.batchSize ?? DEFAULT_IMPORT_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1) throw new ParameterInvalid({ param: "batch_size", message: "batch_size must be a whole number from 1" });
    await loadStore(this.stores, principal.storeId);

    const total = groups.length;
    const rejected: RowRejection[] = [];
    const ready: ImportedProduct[] = [];
    // A SKU belongs to the first product of the file that names it; later ones are rejected.
    const claimed = new Map<string, number>();
    for (const group of groups) {
      const decoded = decodeImportedProduct(group);
      if (Either.isLeft(decoded)) {
        rejected.push(...decoded.left);
        continue;
      }
      const product = decoded.right;
      const clash = product.input.variants.findIndex((v) => claimed.has(v.sku.toLowerCase()));
      if (clash >= 0) {
        const sku = product.input.variants[clash]?.sku ?? "";
        const { line } = locateParam(product, `variants[${clash}].sku`);
        rejected.push(...rejectLines(product.lines, line, `SKU ${sku} already belongs to the product at line ${claimed.get(sku.toLowerCase())} of this file`));
        continue;
      }
      for (const v of product.input.variants) claimed.set(v.sku.toLowerCase(), product.lines[0] ?? 0);
      ready.push(product);
    }

    let done = total - ready.length;
    let created = 0;
    let updated = 0;
    options.onProgress?.(done, total);
    for (const batch of chunks(ready, batchSize)) {
      for (const outcome of await this.writeBatch(principal, batch)) {
        if (outcome === "created") created++;
        else if (outcome === "updated") updated++;
        else rejected.push(...outcome);
      }
      done += batch.length;
      options.onProgress?.(done, total);
    }
    return { created, updated, rejected: rejected.sort((a, b) => a.line - b.line) };
  }

  /** One transaction for the batch; when it fails, each product again in its own, so only the bad are rejected. */
  private async writeBatch(principal: Principal, batch: readonly ImportedProduct[]): Promise<Outcome[]> {
    try {
      return await this.uow.run(async () => {
        const outcomes: Outcome[] = [];
        for (const product of batch) outcomes.push(await this.writeProduct(principal, product));
        return outcomes;
      });
    } catch (error) {
      if (isFatal(error)) throw error instanceof ProductWriteFailed ? error.cause : error;
      const only = batch[0];
      if (batch.length === 1 && only !== undefined && error instanceof ProductWriteFailed) {
        return [rejectLines(only.lines, error.line, error.reason)];
      }
    }
    const outcomes: Outcome[] = [];
    for (const product of batch) {
      try {
        outcomes.push(await this.uow.run(() => this.writeProduct(principal, product)));
      } catch (error) {
        if (isFatal(error)) throw error instanceof ProductWriteFailed ? error.cause : error;
        if (!(error instanceof ProductWriteFailed)) throw error;
        outcomes.push(rejectLines(product.lines, error.line, error.reason));
      }
    }
    return outcomes;
  }

  private async writeProduct(principal: Principal, product: ImportedProduct): Promise<"created" | "updated"> {
    const step = async <T>(defaultLine: number, work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof ProductWriteFailed) throw error;
        const { param, message } = reasonOf(error);
        if (param === undefined) throw new ProductWriteFailed(defaultLine, message, error);
        // Params the file names (`variants[1].price`, `slug`) point at their line; others, such as a
        // variant write's bare `sale_price`, at the line of the step.
        const named = /^variants\[/.test(param) || product.fieldLines.has(param.split(/[.[]/)[0] ?? param);
        const located = named ? locateParam(product, param) : undefined;
        throw new ProductWriteFailed(located?.line ?? defaultLine, phrase(param, located?.name ?? param, message), error);
      }
    };
    const first = product.lines[0] ?? 0;
    const placement = await step(product.fieldLines.get("category") ?? product.fieldLines.get("subcategory") ?? first, () =>
      this.placementByName(principal, product),
    );
    const input: ProductInput = { ...product.input, ...placement };
    const skus = input.variants.map((v) => v.sku);
    const holders = await step(first, () => this.products.findVariantsBySku(principal.storeId, skus));
    const productIds = [...new Set(holders.map((v) => v.productId))];
    if (productIds.length > 1) {
      throw new ProductWriteFailed(first, `its SKUs belong to ${productIds.length} different products of the store (${holders.map((v) => v.sku).join(", ")})`, undefined);
    }
    const productId = productIds[0];
    if (productId === undefined) {
      await step(first, () => this.createProduct.execute(principal, input));
      return "created";
    }
    const { variants, ...fields } = input;
    await step(first, () => this.updateProduct.execute(principal, productId, fields));
    for (const [index, variant] of variants.entries()) {
      const line = product.variantLines[index] ?? first;
      const current = holders.find((v) => v.sku.toLowerCase() === variant.sku.toLowerCase());
      await step(line, async () => {
        if (current === undefined) await this.manageVariants.add(principal, productId, variant);
        else await this.manageVariants.update(principal, productId, current.id, variantPatch(variant));
      });
    }
    return "updated";
  }

  /** Ids for a category and subcategory given by name: found case-insensitively, created when missing. */
  private async placementByName(principal: Principal, product: ImportedProduct): Promise<Pick<ProductInput, "category_id" | "subcategory_id">> {
    const { categoryName, subcategoryName } = product;
    if (categoryName === undefined && subcategoryName === undefined) return {};
    const storeId = principal.storeId;
    let categoryId = product.input.category_id ?? null;
    if (categoryName !== undefined) {
      categoryId =
        (await this.categories.findCategoryByName(storeId, categoryName))?.id ??
        (await this.manageCategories.createCategory(principal, { name: categoryName })).id;
    }
    if (subcategoryName === undefined) return { category_id: categoryId };
    if (categoryId === null || (await this.categories.findCategory(storeId, categoryId)) === undefined) {
      throw new ParameterInvalid({ param: "category_id", message: "category_id names no category of this store" });
    }
    const subcategoryId =
      (await this.categories.findSubcategoryByName(storeId, categoryId, subcategoryName))?.id ??
      (await this.manageCategories.createSubcategory(principal, { name: subcategoryName, category_id: categoryId })).id;
    return { category_id: categoryId, subcategory_id: subcategoryId };
  }
}

/**
 * A variant row as a change to the variant holding its SKU. `is_default: false` is dropped: a
 * product always keeps one default, which only another variant's `is_default: true` moves.
 */
const variantPatch = (variant: VariantInput): VariantPatch => {
  if (variant.is_default !== false) return variant;
  const { is_default: _ignored, ...rest } = variant;
  return rest;
};
