// Categories and subcategories over HTTP: the lists of docs/api/catalog.md, "Categories and
// subcategories" and the secret-key writes.
import { ListCategories } from "../../../application/catalog/list-categories.js";
import { ListSubcategories } from "../../../application/catalog/list-subcategories.js";
import { CreateCategory } from "../../../application/catalog/create-category.js";
import { UpdateCategory } from "../../../application/catalog/update-category.js";
import { DeleteCategory } from "../../../application/catalog/delete-category.js";
import { CreateSubcategory } from "../../../application/catalog/create-subcategory.js";
import { UpdateSubcategory } from "../../../application/catalog/update-subcategory.js";
import { DeleteSubcategory } from "../../../application/catalog/delete-subcategory.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import {
  CategoryInput,
  CategoryPatch,
  SubcategoryInput,
  SubcategoryPatch,
} from "../../../application/catalog/catalog-inputs.js";
import { booleanParam, cursorParam, integerParam, textParam, uuidParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { CATEGORY_FIELDS, Category, SUBCATEGORY_FIELDS, Subcategory } from "../schemas/catalog-schemas.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { categoryExamples } from "./category-examples.js";

const TAG = "Categories";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The category's or subcategory's id." }) });

const listQuery = (maxLimit: number, defaultLimit: number) => ({
  search: Schema.optional(textParam(200)).annotations({ description: "Only records whose name contains this text (case-insensitive)." }),
  active: Schema.optionalWith(booleanParam, { default: () => true }).annotations({ description: "true (or absent) lists active records only, false inactive records only." }),
  limit: Schema.optionalWith(integerParam(1, maxLimit), { default: () => defaultLimit }).annotations({ description: "Most records in one page." }),
  cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
});

@injectable()
export class CategoryRoutes implements RouteModule {
  constructor(
    @inject(ListCategories) private readonly listCategories: ListCategories,
    @inject(ListSubcategories) private readonly listSubcategories: ListSubcategories,
    @inject(CreateCategory) private readonly createCategory: CreateCategory,
    @inject(UpdateCategory) private readonly updateCategory: UpdateCategory,
    @inject(DeleteCategory) private readonly deleteCategory: DeleteCategory,
    @inject(CreateSubcategory) private readonly createSubcategory: CreateSubcategory,
    @inject(UpdateSubcategory) private readonly updateSubcategory: UpdateSubcategory,
    @inject(DeleteSubcategory) private readonly deleteSubcategory: DeleteSubcategory,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "listCategories",
        method: "GET",
        path: "/v1/categories",
        summary: "List categories (active ones unless active=false), by name",
        description:
          "Any key. Categories by name: active ones unless `active=false` (then inactive ones only), `search` matching a name substring case-insensitively; cursor pagination (limit 1-200, default 50).",
        tag: TAG,
        example: categoryExamples.listCategories,
        access: "publishable",
        // No product is shown.
        answerCache: { scope: () => ({ products: [], search: false }) },
        query: Schema.Struct(listQuery(200, 50)),
        fields: { allowed: CATEGORY_FIELDS, target: { list: "categories" } },
        success: {
          status: 200,
          description: "A page of categories.",
          schema: Schema.Struct({ categories: Schema.Array(Category), pagination: Pagination }),
        },
        handle: async ({ principal, query }) => {
          const page = await this.listCategories.execute(principal, { active: query.active, search: query.search }, query);
          return { categories: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "listSubcategories",
        method: "GET",
        path: "/v1/subcategories",
        summary: "List subcategories, optionally of one category",
        description:
          "Any key. Subcategories by name, of one category with `category_id`: active ones unless `active=false`, `search` matching a name substring case-insensitively; cursor pagination (limit 1-500, default 100).",
        tag: TAG,
        example: categoryExamples.listSubcategories,
        access: "publishable",
        answerCache: { scope: () => ({ products: [], search: false }) },
        query: Schema.Struct({ ...listQuery(500, 100), category_id: Schema.optional(uuidParam).annotations({ description: "Only subcategories of this category." }) }),
        fields: { allowed: SUBCATEGORY_FIELDS, target: { list: "subcategories" } },
        success: {
          status: 200,
          description: "A page of subcategories.",
          schema: Schema.Struct({ subcategories: Schema.Array(Subcategory), pagination: Pagination }),
        },
        handle: async ({ principal, query }) => {
          const page = await this.listSubcategories.execute(
            principal,
            { active: query.active, search: query.search, categoryId: query.category_id },
            query,
          );
          return { subcategories: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "createCategory",
        method: "POST",
        path: "/v1/categories",
        summary: "Create a category",
        description: "Secret key. Creates a category, active unless `active` is false. Answers it with its id.",
        tag: TAG,
        example: categoryExamples.createCategory,
        access: "secret",
        body: CategoryInput,
        success: { status: 201, description: "The category.", schema: Category },
        handle: ({ principal, body }) => this.createCategory.execute(principal, body),
      }),
      defineRoute({
        operationId: "updateCategory",
        method: "PATCH",
        path: "/v1/categories/{id}",
        summary: "Change a category",
        description: "Secret key. Renames a category, changes its image or switches it on or off; absent fields stay as they are.",
        tag: TAG,
        example: categoryExamples.updateCategory,
        access: "secret",
        params: ById,
        body: CategoryPatch,
        success: { status: 200, description: "The category.", schema: Category },
        handle: ({ principal, params, body }) => this.updateCategory.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deleteCategory",
        method: "DELETE",
        path: "/v1/categories/{id}",
        summary: "Delete a category and its subcategories (products stay, without a category)",
        description: "Secret key. Deletes a category with its subcategories; its products stay in the catalog without a category.",
        tag: TAG,
        example: categoryExamples.deleteCategory,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteCategory.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
      defineRoute({
        operationId: "createSubcategory",
        method: "POST",
        path: "/v1/subcategories",
        summary: "Create a subcategory of a category",
        description: "Secret key. Creates a subcategory under `category_id`, which must be a category of the store (a 400 naming `category_id` otherwise).",
        tag: TAG,
        example: categoryExamples.createSubcategory,
        access: "secret",
        body: SubcategoryInput,
        success: { status: 201, description: "The subcategory.", schema: Subcategory },
        handle: ({ principal, body }) => this.createSubcategory.execute(principal, body),
      }),
      defineRoute({
        operationId: "updateSubcategory",
        method: "PATCH",
        path: "/v1/subcategories/{id}",
        summary: "Change a subcategory",
        description: "Secret key. Renames a subcategory, changes its image, switches it on or off or moves it to another category of the store.",
        tag: TAG,
        example: categoryExamples.updateSubcategory,
        access: "secret",
        params: ById,
        body: SubcategoryPatch,
        success: { status: 200, description: "The subcategory.", schema: Subcategory },
        handle: ({ principal, params, body }) => this.updateSubcategory.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deleteSubcategory",
        method: "DELETE",
        path: "/v1/subcategories/{id}",
        summary: "Delete a subcategory",
        description: "Secret key. Deletes a subcategory; its products stay in the catalog without a subcategory.",
        tag: TAG,
        example: categoryExamples.deleteSubcategory,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteSubcategory.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
    ];
  }
}
