// Imports a catalog file's products, idempotent by SKU: a product whose SKUs the store already
// holds is updated, any other is created. Products are written in batches, one transaction each;
// a bad row is rejected with its line and reason, and never half-writes its product. A product
// whose SKUs belong to a stored product of another name (or, given, slug) is a rename: refused
// unless allowed. A dry run writes every batch in a transaction it rolls back, so it reports what a
// run would do and leaves the database (checkpoints included) as it was.
import { CreateCategory } from "./create-category.js";
import { CreateSubcategory } from "./create-subcategory.js";
import { AddVariant } from "./add-variant.js";
import { UpdateVariant } from "./update-variant.js";
import { Either } from "effect";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ServiceUnavailable } from "../errors/infrastructure-errors.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { CatalogImportCheckpoints } from "../ports/catalog-import-checkpoints.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { ProductRepository } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import type { Product } from "../../domain/catalog/product.js";
import type { Variant } from "../../domain/catalog/variant.js";
import type { ProductInput, VariantInput, VariantPatch } from "./catalog-inputs.js";
import { CreateProduct } from "./create-product.js";
import { CreateProducts } from "./create-products.js";
import {
  decodeImportedProduct,
  locateParam,
  phrase,
  rejectLines,
  type ImportGroup,
  type ImportedProduct,
  type RowRejection,
} from "./imported-product.js";
import { UpdateProduct } from "./update-product.js";

/** A product of the file whose SKUs belong to a stored product with another name or slug. */
export interface ImportRename {
  /** The line of the file's product that gives the new name (or slug). */
  readonly line: number;
  readonly productId: string;
  readonly sku: string;
  readonly fromName: string;
  readonly toName: string;
  readonly fromSlug: string;
  readonly toSlug: string;
}

export interface ImportSummary {
  readonly created: number;
  /** Renamed products included. */
  readonly updated: number;
  /** Set when updates renamed products (allowed by `allowRenames`): those renames. Refused renames are among `rejected`. */
  readonly renamed?: readonly ImportRename[];
  /** Set on a dry run: the counts say what a run would do; nothing was written. */
  readonly dryRun?: true;
  /** Sorted by line. */
  readonly rejected: readonly RowRejection[];
  /** Set when the import resumed an interrupted one: the products of the file the earlier run had dealt with (counted above). */
  readonly resumedAfter?: number;
}

export interface ImportOptions {
  /** Products written per transaction; 1,000 unless given. */
  readonly batchSize?: number;
  /** Called after each batch with the number of products dealt with so far. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Products in the source, for progress: the array's length unless given. */
  readonly total?: number;
  /**
   * The source's fingerprint (a hash of the file). With it, every batch's transaction moves a
   * checkpoint on, and an import of the same source into the same store that was interrupted
   * resumes after its last committed batch.
   */
  readonly fingerprint?: string;
  /** Forget an interrupted import of this source and start over. */
  readonly restart?: boolean;
  /**
   * Write nothing: every batch runs in a transaction that is rolled back, and no checkpoint is
   * read, moved or cleared. The summary reports the whole source as a run from its start would.
   */
  readonly dryRun?: boolean;
  /** Apply renames (a product matched by SKU whose name or given slug differs) instead of rejecting them. */
  readonly allowRenames?: boolean;
}

export const DEFAULT_IMPORT_BATCH_SIZE = 1_000;

/** Decode-time rejections held until the next commit, so that they are recorded with its checkpoint. */
const PENDING_REJECTIONS = 1_000;

/** SKUs looked up per query (SQLite takes at most 32,766 bindings a statement). */
const SKUS_PER_LOOKUP = 2_000;

type Outcome = "created" | "updated" | { readonly renamed: ImportRename } | readonly RowRejection[];

const isRejection = (outcome: Outcome): outcome is readonly RowRejection[] => Array.isArray(outcome);

/** A product of the source with its place in it (products are counted from 0 in file order). */
interface Placed {
  readonly product: ImportedProduct;
  readonly index: number;
}

/** A product rejected before any write, with its place in the source. */
interface Refused {
  readonly index: number;
  readonly rejections: readonly RowRejection[];
}

/** What one import run remembers: category ids by name (forgotten when a transaction fails, as rows it created are gone). */
interface RunContext {
  readonly categories: Map<string, string>;
  readonly subcategories: Map<string, string>;
  readonly dryRun: boolean;
  readonly allowRenames: boolean;
}

/** Thrown at the end of a dry run's transaction so that it rolls back. */
class DryRunRollback extends Error {}

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

const unwrapFatal = (error: unknown): unknown => (error instanceof ProductWriteFailed ? error.cause : error);

@injectable()
export class ImportCatalog {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CreateProduct) private readonly createProduct: CreateProduct,
    @inject(CreateProducts) private readonly createProducts: CreateProducts,
    @inject(UpdateProduct) private readonly updateProduct: UpdateProduct,
    @inject(AddVariant) private readonly addVariant: AddVariant,
    @inject(UpdateVariant) private readonly updateVariant: UpdateVariant,
    @inject(CreateCategory) private readonly createCategory: CreateCategory,
    @inject(CreateSubcategory) private readonly createSubcategory: CreateSubcategory,
    @inject(CatalogImportCheckpoints) private readonly checkpoints: CatalogImportCheckpoints,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Imports the products of `groups` (read as they come, so a reader may stream a file of any
   * size). New products are created many to a statement, batch by batch; products whose SKUs the
   * store holds are updated one by one; a batch the database refuses is written again product by
   * product, so that only the bad ones are rejected.
   */
  async execute(
    principal: Principal,
    groups: Iterable<ImportGroup> | AsyncIterable<ImportGroup>,
    options: ImportOptions = {},
  ): Promise<ImportSummary> {
    const batchSize = options.batchSize ?? DEFAULT_IMPORT_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1) throw new ParameterInvalid({ param: "batch_size", message: "batch_size must be a whole number from 1" });
    const storeId = principal.storeId;
    await loadStore(this.stores, storeId);
    const dryRun = options.dryRun === true;
    // A dry run neither resumes nor records progress: it leaves the checkpoints as they are.
    const fingerprint = dryRun ? undefined : options.fingerprint;
    if (fingerprint !== undefined && options.restart === true) await this.checkpoints.clear(storeId, fingerprint);
    const resumed = fingerprint === undefined ? undefined : await this.checkpoints.find(storeId, fingerprint);
    const skip = resumed?.position ?? 0;

    const total = options.total ?? (Array.isArray(groups) ? groups.length : 0);
    const rejected: RowRejection[] = [...(resumed?.rejected ?? [])];
    let created = resumed?.created ?? 0;
    let updated = resumed?.updated ?? 0;
    const renamed: ImportRename[] = [];
    const context: RunContext = { categories: new Map(), subcategories: new Map(), dryRun, allowRenames: options.allowRenames === true };
    /** Records, with the writes of the transaction it runs in, that the source's products before `position` are done. */
    const commit = async (position: number, outcomes: readonly Outcome[], refused: readonly Refused[]): Promise<void> => {
      if (fingerprint === undefined) return;
      const step = {
        position,
        created: outcomes.filter((o) => o === "created").length,
        updated: outcomes.filter((o) => o !== "created" && !isRejection(o)).length,
        rejected: [...refused.flatMap((r) => r.rejections), ...outcomes.flatMap((o) => (isRejection(o) ? o : []))],
      };
      await this.checkpoints.advance(storeId, fingerprint, step, this.clock.now().toISOString());
    };
    const tally = (outcomes: readonly Outcome[], refused: readonly Refused[]): void => {
      for (const r of refused) rejected.push(...r.rejections);
      for (const outcome of outcomes) {
        if (outcome === "created") created++;
        else if (outcome === "updated") updated++;
        else if (isRejection(outcome)) rejected.push(...outcome);
        else {
          updated++;
          renamed.push(outcome.renamed);
        }
      }
    };

    let batch: Placed[] = [];
    let refused: Refused[] = [];
    // One batch is written while the next is read and decoded: the database's work and ours overlap.
    let writing: Promise<void> = Promise.resolve();
    const flush = async (upTo: number): Promise<void> => {
      const [products, refusedBefore] = [batch, refused];
      batch = [];
      refused = [];
      await writing;
      writing = this.writeBatch(principal, context, products, refusedBefore, upTo, commit, tally).then(() => options.onProgress?.(upTo, total));
      // Awaited by the next flush or at the end; until then its failure is not "unhandled".
      writing.catch(() => undefined);
    };

    try {
      // A SKU belongs to the first product of the file that names it; later ones are rejected.
      const claimed = new Map<string, number>();
      let index = 0;
      options.onProgress?.(Math.min(skip, total), total);
      for await (const group of groups) {
        const at = index++;
        // Products an interrupted run dealt with are only decoded again, for the SKUs they claimed.
        const done = at < skip;
        const decoded = decodeImportedProduct(group);
        if (Either.isLeft(decoded)) {
          if (!done) refused.push({ index: at, rejections: decoded.left });
        } else {
          const product = decoded.right;
          const clash = product.input.variants.findIndex((v) => claimed.has(v.sku.toLowerCase()));
          if (clash >= 0) {
            const sku = product.input.variants[clash]?.sku ?? "";
            const { line } = locateParam(product, `variants[${clash}].sku`);
            if (!done) {
              refused.push({
                index: at,
                rejections: rejectLines(product.lines, line, `SKU ${sku} already belongs to the product at line ${claimed.get(sku.toLowerCase())} of this file`),
              });
            }
          } else {
            for (const v of product.input.variants) claimed.set(v.sku.toLowerCase(), product.lines[0] ?? 0);
            if (!done) batch.push({ product, index: at });
          }
        }
        if (batch.length >= batchSize || refused.length >= PENDING_REJECTIONS) await flush(index);
      }
      if (batch.length > 0 || refused.length > 0) await flush(index);
      await writing;
    } catch (error) {
      // A file that cannot be read further: the batch under way ends before the error goes out.
      await writing.catch(() => undefined);
      throw error;
    }
    if (fingerprint !== undefined) await this.checkpoints.clear(storeId, fingerprint);
    return {
      created,
      updated,
      rejected: rejected.sort((a, b) => a.line - b.line),
      ...(renamed.length > 0 ? { renamed: renamed.sort((a, b) => a.line - b.line) } : {}),
      ...(dryRun ? { dryRun: true as const } : {}),
      ...(resumed !== undefined ? { resumedAfter: resumed.position } : {}),
    };
  }

  /**
   * One transaction for the batch, with its checkpoint; when it fails, each product again in its
   * own (each with the checkpoint just past it), so only the bad are rejected.
   */
  private async writeBatch(
    principal: Principal,
    context: RunContext,
    batch: readonly Placed[],
    refused: readonly Refused[],
    upTo: number,
    commit: (position: number, outcomes: readonly Outcome[], refused: readonly Refused[]) => Promise<void>,
    tally: (outcomes: readonly Outcome[], refused: readonly Refused[]) => void,
  ): Promise<void> {
    try {
      const outcomes = await this.transact(context, async () => {
        const written = await this.writeMany(principal, context, batch.map((b) => b.product));
        await commit(upTo, written, refused);
        return written;
      });
      tally(outcomes, refused);
      return;
    } catch (error) {
      this.forgetNames(context);
      if (isFatal(error)) throw unwrapFatal(error);
    }
    let waiting = [...refused];
    for (const { product, index } of batch) {
      const due = waiting.filter((r) => r.index < index);
      waiting = waiting.filter((r) => r.index >= index);
      let outcome: Outcome;
      try {
        outcome = await this.transact(context, async () => {
          const written = await this.writeProduct(principal, context, product);
          await commit(index + 1, [written], due);
          return written;
        });
      } catch (error) {
        this.forgetNames(context);
        if (isFatal(error)) throw unwrapFatal(error);
        if (!(error instanceof ProductWriteFailed)) throw error;
        outcome = rejectLines(product.lines, error.line, error.reason);
        const rejection = outcome;
        await this.transact(context, () => commit(index + 1, [rejection], due));
      }
      tally([outcome], due);
    }
    if (waiting.length > 0 || batch.length === 0) {
      await this.transact(context, () => commit(upTo, [], waiting));
      tally([], waiting);
    } else if (upTo > (batch.at(-1)?.index ?? 0) + 1) {
      await this.transact(context, () => commit(upTo, [], []));
    }
  }

  /**
   * One unit of work; on a dry run, rolled back once `work` has done everything but commit (what
   * it created, categories included, is gone, so the names it learnt are forgotten).
   */
  private async transact<T>(context: RunContext, work: () => Promise<T>): Promise<T> {
    if (!context.dryRun) return this.uow.run(work);
    let done: { readonly value: T } | undefined;
    try {
      await this.uow.run(async () => {
        done = { value: await work() };
        throw new DryRunRollback("dry run");
      });
    } catch (error) {
      if (done === undefined) throw error;
    } finally {
      this.forgetNames(context);
    }
    return done!.value;
  }

  /** Writes a batch in the caller's transaction: new products together, the others one by one. */
  private async writeMany(principal: Principal, context: RunContext, batch: readonly ImportedProduct[]): Promise<Outcome[]> {
    if (batch.length === 0) return [];
    const placed: ProductInput[] = [];
    for (const product of batch) placed.push(await this.place(principal, context, product));
    const skus = placed.flatMap((input) => input.variants.map((v) => v.sku));
    const holders: Variant[] = [];
    for (let i = 0; i < skus.length; i += SKUS_PER_LOOKUP) holders.push(...(await this.products.findVariantsBySku(principal.storeId, skus.slice(i, i + SKUS_PER_LOOKUP))));
    const bySku = new Map(holders.map((v) => [v.sku.toLowerCase(), v]));
    const outcomes: Outcome[] = [];
    const fresh: ProductInput[] = [];
    for (const [i, input] of placed.entries()) {
      const own = input.variants.flatMap((v) => bySku.get(v.sku.toLowerCase()) ?? []);
      if (own.length === 0) {
        fresh.push(input);
        outcomes.push("created");
      } else {
        outcomes.push(await this.writeHeld(principal, context, batch[i]!, input, own));
      }
    }
    await this.createProducts.execute(principal, fresh);
    return outcomes;
  }

  private async writeProduct(principal: Principal, context: RunContext, product: ImportedProduct): Promise<Outcome> {
    const input = await this.place(principal, context, product);
    const holders = await this.step(product, product.lines[0] ?? 0, () => this.products.findVariantsBySku(principal.storeId, input.variants.map((v) => v.sku)));
    return this.writeHeld(principal, context, product, input, holders);
  }

  /** The product's input with its category and subcategory given by name turned into ids. */
  private place(principal: Principal, context: RunContext, product: ImportedProduct): Promise<ProductInput> {
    const first = product.lines[0] ?? 0;
    return this.step(product, product.fieldLines.get("category") ?? product.fieldLines.get("subcategory") ?? first, async () => ({
      ...product.input,
      ...(await this.placementByName(principal, context, product)),
    }));
  }

  /**
   * Creates the product (none of its SKUs is held) or updates the one product holding them; an
   * update that would rename it is refused unless renames are allowed.
   */
  private async writeHeld(
    principal: Principal,
    context: RunContext,
    product: ImportedProduct,
    input: ProductInput,
    holders: readonly Variant[],
  ): Promise<Outcome> {
    const first = product.lines[0] ?? 0;
    const productIds = [...new Set(holders.map((v) => v.productId))];
    if (productIds.length > 1) {
      throw new ProductWriteFailed(first, `its SKUs belong to ${productIds.length} different products of the store (${holders.map((v) => v.sku).join(", ")})`, undefined);
    }
    const productId = productIds[0];
    if (productId === undefined) {
      await this.step(product, first, () => this.createProduct.execute(principal, input));
      return "created";
    }
    const stored = await this.step(product, first, () => this.products.findById(principal.storeId, productId, { activeOnly: false }));
    const rename = stored === undefined ? undefined : renameOf(stored.product, product, input, heldSku(input, holders));
    if (rename !== undefined && !context.allowRenames) throw new ProductWriteFailed(rename.line, renameReason(rename), undefined);
    const { variants, ...fields } = input;
    await this.step(product, first, () => this.updateProduct.execute(principal, productId, fields));
    for (const [index, variant] of variants.entries()) {
      const line = product.variantLines[index] ?? first;
      const current = holders.find((v) => v.sku.toLowerCase() === variant.sku.toLowerCase());
      await this.step(product, line, async () => {
        if (current === undefined) await this.addVariant.execute(principal, productId, variant);
        else await this.updateVariant.execute(principal, productId, current.id, variantPatch(variant));
      });
    }
    return rename === undefined ? "updated" : { renamed: rename };
  }

  /** Runs one write of a product; its error becomes a ProductWriteFailed naming the line to fix. */
  private async step<T>(product: ImportedProduct, defaultLine: number, work: () => Promise<T>): Promise<T> {
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
  }

  private forgetNames(context: RunContext): void {
    context.categories.clear();
    context.subcategories.clear();
  }

  /** Ids for a category and subcategory given by name: found case-insensitively, created when missing. */
  private async placementByName(
    principal: Principal,
    context: RunContext,
    product: ImportedProduct,
  ): Promise<Pick<ProductInput, "category_id" | "subcategory_id">> {
    const { categoryName, subcategoryName } = product;
    if (categoryName === undefined && subcategoryName === undefined) return {};
    const storeId = principal.storeId;
    let categoryId = product.input.category_id ?? null;
    if (categoryName !== undefined) {
      categoryId = context.categories.get(categoryName) ?? null;
      if (categoryId === null) {
        categoryId =
          (await this.categories.findCategoryByName(storeId, categoryName))?.id ??
          (await this.createCategory.execute(principal, { name: categoryName })).id;
        context.categories.set(categoryName, categoryId);
      }
    }
    if (subcategoryName === undefined) return { category_id: categoryId };
    const key = `${categoryId}\u0000${subcategoryName}`;
    const known = context.subcategories.get(key);
    if (known !== undefined) return { category_id: categoryId, subcategory_id: known };
    if (categoryId === null || (await this.categories.findCategory(storeId, categoryId)) === undefined) {
      throw new ParameterInvalid({ param: "category_id", message: "category_id names no category of this store" });
    }
    const subcategoryId =
      (await this.categories.findSubcategoryByName(storeId, categoryId, subcategoryName))?.id ??
      (await this.createSubcategory.execute(principal, { name: subcategoryName, category_id: categoryId })).id;
    context.subcategories.set(key, subcategoryId);
    return { category_id: categoryId, subcategory_id: subcategoryId };
  }
}

/** The first SKU of the file's product that the store holds. */
const heldSku = (input: ProductInput, holders: readonly Variant[]): string =>
  input.variants.find((v) => holders.some((h) => h.sku.toLowerCase() === v.sku.toLowerCase()))?.sku ?? holders[0]?.sku ?? "";

/** Names compare ignoring case and runs of spaces: "linen  shirt" is no rename of "Linen Shirt". */
const sameName = (a: string, b: string): boolean => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** The rename an update of `stored` by the file's product would make, if any (a slug only when the file gives one). */
const renameOf = (stored: Product, product: ImportedProduct, input: ProductInput, sku: string): ImportRename | undefined => {
  const toName = input.name;
  const nameChanges = !sameName(stored.name, toName);
  const slugChanges = input.slug !== undefined && input.slug !== stored.slug;
  if (!nameChanges && !slugChanges) return undefined;
  const first = product.lines[0] ?? 0;
  const line = (nameChanges ? product.fieldLines.get("name") : product.fieldLines.get("slug")) ?? first;
  return { line, productId: stored.id, sku, fromName: stored.name, toName, fromSlug: stored.slug, toSlug: input.slug ?? stored.slug };
};

const renameReason = (rename: ImportRename): string => {
  const changes = [
    ...(rename.fromName !== rename.toName ? [`name "${rename.fromName}" to "${rename.toName}"`] : []),
    ...(rename.fromSlug !== rename.toSlug ? [`slug "${rename.fromSlug}" to "${rename.toSlug}"`] : []),
  ];
  return `SKU ${rename.sku} belongs to product ${rename.productId}; this row would rename its ${changes.join(" and its ")} (a rename is applied only with --allow-renames)`;
};

/**
 * A variant row as a change to the variant holding its SKU. `is_default: false` is dropped: a
 * product always keeps one default, which only another variant's `is_default: true` moves.
 */
const variantPatch = (variant: VariantInput): VariantPatch => {
  if (variant.is_default !== false) return variant;
  const { is_default: _ignored, ...rest } = variant;
  return rest;
};
