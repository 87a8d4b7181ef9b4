// Creates a product with its variants in one transaction and records `product.created`.
// The slug is generated from the name unless given; a taken slug or SKU is a 409.
import { inject, injectable } from "inversify";
import type { Product, ProductMedia } from "../../domain/catalog/product.js";
import { toDetailRecord, type NonEmptyVariants, type ProductDetailRecord } from "../../domain/catalog/product-shapes.js";
import { productSlug, withSuffix } from "../../domain/catalog/slug.js";
import type { Variant } from "../../domain/catalog/variant.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository, type ProductRecord } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { storeCurrency } from "../stores/store-currency.js";
import type { ProductInput, VariantInput } from "./catalog-inputs.js";
import { checkPlacement, checkSkusFree, checkVariantInputs, type Placement } from "./product-rules.js";
import { requireRatedTaxClasses, type NamedTaxClass } from "./product-tax-class.js";

/** The tax classes a new product names, with the fields naming them. */
export const taxClassesOf = (input: ProductInput, prefix = ""): NamedTaxClass[] => [
  { param: `${prefix}tax_class`, taxClass: input.tax_class },
  ...input.variants.map((v, i) => ({ param: `${prefix}variants[${i}].tax_class`, taxClass: v.tax_class })),
];

export const toMedia = (input: ProductInput["media"], newId: () => string): ProductMedia[] =>
  (input ?? []).map((m, position) => ({
    id: newId(),
    url: m.url,
    type: m.type ?? "image",
    position,
    alt_text: m.alt_text ?? null,
    is_primary: m.is_primary ?? position === 0,
  }));

export const toVariant = (input: VariantInput, id: string, productId: string, position: number, isDefault: boolean): Variant => ({
  id,
  productId,
  sku: input.sku,
  price: input.price,
  salePrice: input.sale_price ?? null,
  stock: input.stock,
  threshold: input.threshold ?? null,
  lastRestocked: input.last_restocked ?? null,
  variantName: input.variant_name ?? "",
  variantAttributes: input.variant_attributes ?? {},
  isDefault,
  position,
  taxClass: input.tax_class ?? null,
});

/** What a new product needs besides its input: its id and slug, its checked placement, the time, and ids for its parts. */
export interface NewProductFacts {
  readonly id: string;
  readonly slug: string;
  readonly placement: Placement;
  readonly now: string;
  readonly newId: () => string;
}

/** The record and variants of a new product (the first variant is the default unless one says it is). */
export const newProduct = (input: ProductInput, facts: NewProductFacts): { record: ProductRecord; variants: NonEmptyVariants } => {
  const { id, slug, placement, now } = facts;
  const media = toMedia(input.media, facts.newId);
  const record: ProductRecord = {
    id,
    name: input.name,
    description: input.description ?? null,
    categoryId: placement.categoryId,
    subcategoryId: placement.subcategoryId,
    brand: input.brand ?? null,
    thumbnailUrl: input.thumbnail_url ?? media.find((m) => m.is_primary)?.url ?? null,
    media,
    slug,
    seoTitle: input.seo_title ?? null,
    seoDescription: input.seo_description ?? null,
    seoKeywords: input.seo_keywords ?? null,
    featured: input.featured ?? false,
    featuredOrder: input.featured_order ?? 0,
    tags: input.tags ?? null,
    attributes: input.attributes ?? {},
    shippingInfo: input.shipping_info ?? {},
    isActive: input.is_active ?? true,
    taxClass: input.tax_class ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const defaultIndex = Math.max(0, input.variants.findIndex((v) => v.is_default === true));
  const variants = input.variants.map((v, i) => toVariant(v, facts.newId(), id, i, i === defaultIndex)) as unknown as NonEmptyVariants;
  return { record, variants };
};

@injectable()
export class CreateProduct {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: ProductInput): Promise<ProductDetailRecord> {
    checkVariantInputs(input.variants);
    const store = await loadStore(this.stores, principal.storeId);
    return this.uow.run(async () => {
      await requireRatedTaxClasses(this.stores, store.id, taxClassesOf(input));
      const placement = await checkPlacement(this.categories, store.id, input.category_id ?? null, input.subcategory_id ?? null);
      await checkSkusFree(this.products, store.id, input.variants.map((v) => v.sku));
      const id = this.ids.newId();
      const slug = await this.chooseSlug(store.id, input, id);
      const { record, variants } = newProduct(input, { id, slug, placement, now: this.clock.now().toISOString(), newId: () => this.ids.newId() });
      await this.products.insert(store.id, record, variants);
      const names = await this.placementNames(store.id, placement.categoryId, placement.subcategoryId);
      const product: Product = { ...record, ...names };
      const detail = toDetailRecord(product, variants, storeCurrency(store));
      await this.outbox.record({ storeId: store.id, type: "product.created", livemode: principal.mode === "live", data: { product: detail } });
      return detail;
    });
  }

  private async chooseSlug(storeId: string, input: ProductInput, id: string): Promise<string> {
    if (input.slug !== undefined) {
      if (await this.products.slugTaken(storeId, input.slug)) {
        throw new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A product with this slug already exists in the store." });
      }
      return input.slug;
    }
    const base = productSlug(input.name, id);
    let candidate = base;
    for (let n = 2; await this.products.slugTaken(storeId, candidate); n++) candidate = withSuffix(base, n);
    return candidate;
  }

  private async placementNames(storeId: string, categoryId: string | null, subcategoryId: string | null) {
    return {
      categoryName: categoryId === null ? null : ((await this.categories.findCategory(storeId, categoryId))?.name ?? null),
      subcategoryName: subcategoryId === null ? null : ((await this.categories.findSubcategory(storeId, subcategoryId))?.name ?? null),
    };
  }
}
