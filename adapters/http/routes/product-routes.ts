// Catalog products over HTTP: list, detail by id and by slug, and the secret-key writes of
// products and their variants (docs/api/catalog.md, "Catalog writes").
import { GetProduct } from "../../../application/catalog/get-product.js";
import { GetProductBySlug } from "../../../application/catalog/get-product-by-slug.js";
import { AddVariant } from "../../../application/catalog/add-variant.js";
import { UpdateVariant } from "../../../application/catalog/update-variant.js";
import { DeleteVariant } from "../../../application/catalog/delete-variant.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ProductInput, ProductPatch, Slug, VariantInput, VariantPatch } from "../../../application/catalog/catalog-inputs.js";
import { CreateProduct } from "../../../application/catalog/create-product.js";
import { DeleteProduct } from "../../../application/catalog/delete-product.js";
import { ListProducts } from "../../../application/catalog/list-products.js";
import { UpdateProduct } from "../../../application/catalog/update-product.js";
import { booleanParam, cursorParam, integerParam, textParam, uuidParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { PRODUCT_FIELDS, ProductDetailRecord, ProductListRecord, VariantRecord } from "../schemas/catalog-schemas.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { productExamples } from "./product-examples.js";

const TAG = "Products";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The product's id." }) });
const ByVariant = Schema.Struct({
  id: Schema.propertySignature(Schema.UUID).annotations({ description: "The product's id." }),
  variant_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The variant's id (a variant of that product)." }),
});

const ListQuery = Schema.Struct({
  limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
  cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
  category_id: Schema.optional(uuidParam).annotations({ description: "Only products of this category." }),
  subcategory_id: Schema.optional(uuidParam).annotations({ description: "Only products of this subcategory." }),
  collection_id: Schema.optional(uuidParam).annotations({ description: "Only products of this collection." }),
  search: Schema.optional(textParam(200)).annotations({ description: "Only products whose name or SKU contains this text (case-insensitive)." }),
  featured: Schema.optional(booleanParam).annotations({ description: "true lists featured products only (by featured_order), false the others." }),
});

@injectable()
export class ProductRoutes implements RouteModule {
  constructor(
    @inject(ListProducts) private readonly list: ListProducts,
    @inject(GetProductBySlug) private readonly getProductBySlug: GetProductBySlug,
    @inject(GetProduct) private readonly getProduct: GetProduct,
    @inject(CreateProduct) private readonly create: CreateProduct,
    @inject(UpdateProduct) private readonly update: UpdateProduct,
    @inject(DeleteProduct) private readonly remove: DeleteProduct,
    @inject(AddVariant) private readonly addVariant: AddVariant,
    @inject(UpdateVariant) private readonly updateVariant: UpdateVariant,
    @inject(DeleteVariant) private readonly deleteVariant: DeleteVariant,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "listProducts",
        method: "GET",
        path: "/v1/products",
        summary: "List active products as flat records (default variant's data)",
        description:
          "Any key. Active products as flat list records: the default variant's `price`, `sale_price`, `selling_price` in integer minor units of the store's base currency, `has_variants` saying whether a detail read is needed. Filters by category, subcategory, collection, text `search` (a case-insensitive substring of the name or of a SKU) and `featured`; cursor pagination. An unknown `fields` name is a 400 `unknown_field`.",
        tag: TAG,
        example: productExamples.listProducts,
        access: "publishable",
        answerCache: { scope: (answer, query) => ({ products: answer.products.map((p) => p.product_id), search: query.search !== undefined }) },
        query: ListQuery,
        fields: { allowed: PRODUCT_FIELDS, target: { list: "products" } },
        success: {
          status: 200,
          description: "A page of products, newest first (featured=true: by featured_order).",
          schema: Schema.Struct({ products: Schema.Array(ProductListRecord), pagination: Pagination }),
        },
        handle: async ({ principal, query }) => {
          const page = await this.list.execute(
            principal,
            {
              categoryId: query.category_id,
              subcategoryId: query.subcategory_id,
              collectionId: query.collection_id,
              search: query.search,
              featured: query.featured,
            },
            { limit: query.limit, cursor: query.cursor },
          );
          return { products: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "getProductBySlug",
        method: "GET",
        path: "/v1/products/by-slug/{slug}",
        summary: "Get an active product by its slug",
        description:
          "Any key. The product in its detail shape: a simple product is flat; a product with several variants carries `variants`, `price_range` and `total_stock`. Prices in integer minor units of the store's base currency. A slug that breaks its pattern is a 400 naming `slug`; an unknown or inactive product a 404.",
        tag: TAG,
        example: productExamples.getProductBySlug,
        access: "publishable",
        answerCache: { scope: (answer) => ({ products: [answer.product_id], search: false }) },
        params: Schema.Struct({ slug: Schema.propertySignature(Slug).annotations({ description: "The product's slug." }) }),
        invalidPath: "bad-request",
        fields: { allowed: PRODUCT_FIELDS },
        success: { status: 200, description: "The product in its detail shape.", schema: ProductDetailRecord },
        handle: ({ principal, params }) => this.getProductBySlug.execute(principal, params.slug),
      }),
      defineRoute({
        operationId: "getProduct",
        method: "GET",
        path: "/v1/products/{id}",
        summary: "Get a product by id (a secret key also sees inactive products)",
        description:
          "Any key; a publishable key sees active products only (an inactive one is a 404), a secret key sees inactive ones too. The same detail shape as by slug, prices in integer minor units of the store's base currency.",
        tag: TAG,
        example: productExamples.getProduct,
        access: "publishable",
        answerCache: { scope: (answer) => ({ products: [answer.product_id], search: false }) },
        params: ById,
        fields: { allowed: PRODUCT_FIELDS },
        success: { status: 200, description: "The product in its detail shape.", schema: ProductDetailRecord },
        handle: ({ principal, params }) => this.getProduct.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "createProduct",
        method: "POST",
        path: "/v1/products",
        summary: "Create a product with its variants (one variant: a simple product)",
        description:
          "Secret key. Creates a product and its variants (one variant: a simple product; the first is the default unless one says `is_default`). Prices in integer minor units of the store's base currency. The slug defaults to `{name}-{short id}`. A taken slug or SKU is a 409 (`duplicate_slug`, `duplicate_sku`); an unknown category or subcategory a 400. Records `product.created`.",
        tag: TAG,
        example: productExamples.createProduct,
        access: "secret",
        body: ProductInput,
        errors: [409],
        success: { status: 201, description: "The created product.", schema: ProductDetailRecord },
        handle: ({ principal, body }) => this.create.execute(principal, body),
      }),
      defineRoute({
        operationId: "updateProduct",
        method: "PATCH",
        path: "/v1/products/{id}",
        summary: "Change product-level fields",
        description:
          "Secret key. Changes product-level fields (variants have their own operations); absent fields stay as they are. A taken slug is a 409 `duplicate_slug`. Answers the product in its detail shape, prices in integer minor units.",
        tag: TAG,
        example: productExamples.updateProduct,
        access: "secret",
        params: ById,
        body: ProductPatch,
        errors: [409],
        success: { status: 200, description: "The updated product.", schema: ProductDetailRecord },
        handle: ({ principal, params, body }) => this.update.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deleteProduct",
        method: "DELETE",
        path: "/v1/products/{id}",
        summary: "Delete a product (deactivated instead while orders point at it)",
        description:
          "Secret key. Erases a product no order points at; a product that orders point at is deactivated instead (`is_active` false), so order history keeps its lines. Either way it no longer shows in the catalog.",
        tag: TAG,
        example: productExamples.deleteProduct,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted or deactivated." },
        handle: async ({ principal, params }) => {
          await this.remove.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
      defineRoute({
        operationId: "addVariant",
        method: "POST",
        path: "/v1/products/{id}/variants",
        summary: "Add a variant to a product",
        description:
          "Secret key. Adds a variant (price and sale price in integer minor units of the store's base currency); `is_default` true moves the default to it. A taken SKU is a 409 `duplicate_sku`. Answers the variant's own fields.",
        tag: TAG,
        example: productExamples.addVariant,
        access: "secret",
        params: ById,
        body: VariantInput,
        errors: [409],
        success: { status: 201, description: "The new variant.", schema: VariantRecord },
        handle: ({ principal, params, body }) => this.addVariant.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "updateVariant",
        method: "PATCH",
        path: "/v1/products/{id}/variants/{variant_id}",
        summary: "Change a variant (price, stock, SKU...)",
        description:
          "Secret key. Changes a variant's SKU, prices (integer minor units), stock, threshold, name, attributes or default. Unsetting the only default is a 409 `default_variant_required` (make another the default instead); a taken SKU a 409 `duplicate_sku`. Stock falling to its threshold records `product.stock_low`.",
        tag: TAG,
        example: productExamples.updateVariant,
        access: "secret",
        params: ByVariant,
        body: VariantPatch,
        errors: [409],
        success: { status: 200, description: "The updated variant.", schema: VariantRecord },
        handle: ({ principal, params, body }) => this.updateVariant.execute(principal, params.id, params.variant_id, body),
      }),
      defineRoute({
        operationId: "deleteVariant",
        method: "DELETE",
        path: "/v1/products/{id}/variants/{variant_id}",
        summary: "Delete a variant (a product keeps at least one)",
        description:
          "Secret key. Removes a variant; a product keeps at least one (deleting the last is a 409 `last_variant`: delete the product instead). When the default goes, another variant becomes the default.",
        tag: TAG,
        example: productExamples.deleteVariant,
        access: "secret",
        params: ByVariant,
        errors: [409],
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteVariant.execute(principal, params.id, params.variant_id);
          return reply(204, undefined);
        },
      }),
    ];
  }
}
