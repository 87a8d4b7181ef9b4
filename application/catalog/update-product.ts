// Changes product-level fields. The slug stays as it was unless given, so links keep working
// when a product is renamed.
import { inject, injectable } from "inversify";
import { toDetailRecord, type ProductDetailRecord } from "../../domain/catalog/product-shapes.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository, type ProductRecord } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { storeCurrency } from "../stores/store-currency.js";
import type { ProductPatch } from "./catalog-inputs.js";
import { toMedia } from "./create-product.js";
import { checkPlacement } from "./product-rules.js";
import { requireRatedTaxClasses } from "./product-tax-class.js";

export const productMissing = (): ResourceMissing => new ResourceMissing({ resource: "product", message: "No such product." });

@injectable()
export class UpdateProduct {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, productId: string, patch: ProductPatch): Promise<ProductDetailRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    return this.uow.run(async () => {
      const found = await this.products.findById(store.id, productId, { activeOnly: false });
      if (found === undefined) throw productMissing();
      const current = found.product;
      if (patch.tax_class !== undefined && patch.tax_class !== (current.taxClass ?? null)) {
        await requireRatedTaxClasses(this.stores, store.id, [{ param: "tax_class", taxClass: patch.tax_class }]);
      }
      const placement = await checkPlacement(
        this.categories,
        store.id,
        patch.category_id !== undefined ? patch.category_id : patch.subcategory_id !== undefined ? null : current.categoryId,
        patch.subcategory_id !== undefined ? patch.subcategory_id : patch.category_id !== undefined ? null : current.subcategoryId,
      );
      if (patch.slug !== undefined && patch.slug !== current.slug && (await this.products.slugTaken(store.id, patch.slug, productId))) {
        throw new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A product with this slug already exists in the store." });
      }
      const next: ProductRecord = {
        ...current,
        name: patch.name ?? current.name,
        description: patch.description !== undefined ? patch.description : current.description,
        categoryId: placement.categoryId,
        subcategoryId: placement.subcategoryId,
        brand: patch.brand !== undefined ? patch.brand : current.brand,
        thumbnailUrl: patch.thumbnail_url !== undefined ? patch.thumbnail_url : current.thumbnailUrl,
        media: patch.media !== undefined ? toMedia(patch.media, () => this.ids.newId()) : current.media,
        slug: patch.slug ?? current.slug,
        seoTitle: patch.seo_title !== undefined ? patch.seo_title : current.seoTitle,
        seoDescription: patch.seo_description !== undefined ? patch.seo_description : current.seoDescription,
        seoKeywords: patch.seo_keywords !== undefined ? patch.seo_keywords : current.seoKeywords,
        featured: patch.featured ?? current.featured,
        featuredOrder: patch.featured_order ?? current.featuredOrder,
        tags: patch.tags !== undefined ? patch.tags : current.tags,
        attributes: patch.attributes ?? current.attributes,
        shippingInfo: patch.shipping_info ?? current.shippingInfo,
        isActive: patch.is_active ?? current.isActive,
        taxClass: patch.tax_class !== undefined ? patch.tax_class : (current.taxClass ?? null),
        updatedAt: this.clock.now().toISOString(),
      };
      await this.products.update(store.id, next);
      const updated = await this.products.findById(store.id, productId, { activeOnly: false });
      if (updated === undefined) throw productMissing();
      return toDetailRecord(updated.product, updated.variants, storeCurrency(store));
    });
  }
}
