// Products and variants on knex: the ProductRepository the container binds, a small composition
// of four parts, each with one reason to change: reads by key (knex-product-reads.ts), the lists
// and their plans (knex-product-lists.ts), variants and stock for carts and checkout
// (knex-variant-stock.ts), and the catalog writes that keep search documents and catalog versions
// current (knex-product-writes.ts); the rows and their mapping are product-rows.ts. Each method
// here only hands its call on, so a port change shows in one part (docs/decisions/catalog.md,
// "catalog-19").
import { inject, injectable } from "inversify";
import type { ProductRepository } from "../../../application/ports/product-repository.js";
import { Database } from "../database.js";
import { KnexProductLists } from "./knex-product-lists.js";
import { KnexProductReads } from "./knex-product-reads.js";
import { KnexProductWrites } from "./knex-product-writes.js";
import { KnexVariantStock } from "./knex-variant-stock.js";

/** The rows the repository writes, for batched inserts elsewhere (the bench seeder, plan tests). */
export { productColumns, variantColumns } from "./product-rows.js";

type Call<K extends keyof ProductRepository> = Parameters<ProductRepository[K]>;

@injectable()
export class KnexProductRepository implements ProductRepository {
  private readonly reads: KnexProductReads;
  private readonly lists: KnexProductLists;
  private readonly variants: KnexVariantStock;
  private readonly writes: KnexProductWrites;

  constructor(@inject(Database) db: Database) {
    this.reads = new KnexProductReads(db);
    this.lists = new KnexProductLists(db, this.reads);
    this.variants = new KnexVariantStock(db);
    this.writes = new KnexProductWrites(db);
  }

  listPage(...call: Call<"listPage">) {
    return this.lists.listPage(...call);
  }

  listOffset(...call: Call<"listOffset">) {
    return this.lists.listOffset(...call);
  }

  findById(...call: Call<"findById">) {
    return this.reads.findById(...call);
  }

  findBySlug(...call: Call<"findBySlug">) {
    return this.reads.findBySlug(...call);
  }

  findManyByIds(...call: Call<"findManyByIds">) {
    return this.reads.findManyByIds(...call);
  }

  taxClassesInUse(...call: Call<"taxClassesInUse">) {
    return this.reads.taxClassesInUse(...call);
  }

  slugTaken(...call: Call<"slugTaken">) {
    return this.reads.slugTaken(...call);
  }

  findVariantsBySku(...call: Call<"findVariantsBySku">) {
    return this.variants.findVariantsBySku(...call);
  }

  findVariantFacts(...call: Call<"findVariantFacts">) {
    return this.variants.findVariantFacts(...call);
  }

  findVariant(...call: Call<"findVariant">) {
    return this.variants.findVariant(...call);
  }

  takeStocks(...call: Call<"takeStocks">) {
    return this.variants.takeStocks(...call);
  }

  returnStock(...call: Call<"returnStock">) {
    return this.variants.returnStock(...call);
  }

  insert(...call: Call<"insert">) {
    return this.writes.insert(...call);
  }

  insertMany(...call: Call<"insertMany">) {
    return this.writes.insertMany(...call);
  }

  update(...call: Call<"update">) {
    return this.writes.update(...call);
  }

  remove(...call: Call<"remove">) {
    return this.writes.remove(...call);
  }

  insertVariant(...call: Call<"insertVariant">) {
    return this.writes.insertVariant(...call);
  }

  updateVariant(...call: Call<"updateVariant">) {
    return this.writes.updateVariant(...call);
  }

  removeVariant(...call: Call<"removeVariant">) {
    return this.writes.removeVariant(...call);
  }

  setDefaultVariant(...call: Call<"setDefaultVariant">) {
    return this.writes.setDefaultVariant(...call);
  }
}
