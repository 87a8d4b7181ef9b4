// Product collections over HTTP: the list and items of docs/api/catalog.md, "Collections" and the
// secret-key writes.
import { ListCollections } from "../../../application/catalog/list-collections.js";
import { ListCollectionItems } from "../../../application/catalog/list-collection-items.js";
import { CreateCollection } from "../../../application/catalog/create-collection.js";
import { UpdateCollection } from "../../../application/catalog/update-collection.js";
import { DeleteCollection } from "../../../application/catalog/delete-collection.js";
import { ReplaceCollectionItems } from "../../../application/catalog/replace-collection-items.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { CollectionInput, CollectionItemsInput, CollectionPatch } from "../../../application/catalog/catalog-inputs.js";
import { booleanParam, cursorParam, integerParam, textParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Collection, CollectionItem } from "../schemas/catalog-schemas.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { collectionExamples } from "./collection-examples.js";

const TAG = "Collections";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The collection's id." }) });
const Items = Schema.Struct({ items: Schema.Array(CollectionItem) });

@injectable()
export class CollectionRoutes implements RouteModule {
  constructor(
    @inject(ListCollections) private readonly listCollections: ListCollections,
    @inject(ListCollectionItems) private readonly listCollectionItems: ListCollectionItems,
    @inject(CreateCollection) private readonly createCollection: CreateCollection,
    @inject(UpdateCollection) private readonly updateCollection: UpdateCollection,
    @inject(DeleteCollection) private readonly deleteCollection: DeleteCollection,
    @inject(ReplaceCollectionItems) private readonly replaceCollectionItems: ReplaceCollectionItems,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "listProductCollections",
        method: "GET",
        path: "/v1/product-collections",
        summary: "List active collections, highest display priority first",
        description:
          "Any key. Active collections, highest `display_priority` first, filtered by `type` and `show_on_homepage`; cursor pagination (limit 1-200, default 50).",
        tag: TAG,
        example: collectionExamples.listProductCollections,
        access: "publishable",
        // Collections only: no product is shown.
        answerCache: { scope: () => ({ products: [], search: false }) },
        query: Schema.Struct({
          type: Schema.optional(textParam(50)).annotations({ description: "Only collections of this type." }),
          show_on_homepage: Schema.optional(booleanParam).annotations({ description: "Only collections shown (true) or not shown (false) on the home page." }),
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
        }),
        success: {
          status: 200,
          description: "A page of collections.",
          schema: Schema.Struct({ collections: Schema.Array(Collection), pagination: Pagination }),
        },
        handle: async ({ principal, query }) => {
          const page = await this.listCollections.execute(principal, { type: query.type, showOnHomepage: query.show_on_homepage }, query);
          return { collections: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "listProductCollectionItems",
        method: "GET",
        path: "/v1/product-collections/{id}/items",
        summary: "The products of a collection, in order",
        description:
          "Any key. The collection's products in order, each with its `sort_order` and the embedded product (`online_price` and `online_sale_price` in integer minor units of the store's base currency); cursor pagination. A publishable key sees active products only, and an inactive collection as a 404; a secret key sees both.",
        tag: TAG,
        example: collectionExamples.listProductCollectionItems,
        access: "publishable",
        answerCache: { scope: (answer) => ({ products: answer.items.map((item) => item.online_product_id), search: false }) },
        params: ById,
        query: Schema.Struct({
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
        }),
        success: {
          status: 200,
          description: "A page of the collection's items, by `sort_order` then product id.",
          schema: Schema.Struct({ items: Schema.Array(CollectionItem), pagination: Pagination }),
        },
        handle: async ({ principal, params, query }) => {
          const page = await this.listCollectionItems.execute(principal, params.id, query);
          return { items: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "createProductCollection",
        method: "POST",
        path: "/v1/product-collections",
        summary: "Create a collection",
        description:
          "Secret key. Creates a collection (its items are set with `PUT /v1/product-collections/{id}/items`). The slug defaults to one made from the name; a taken slug is a 409 `duplicate_slug`.",
        tag: TAG,
        example: collectionExamples.createProductCollection,
        access: "secret",
        body: CollectionInput,
        errors: [409],
        success: { status: 201, description: "The collection.", schema: Collection },
        handle: ({ principal, body }) => this.createCollection.execute(principal, body),
      }),
      defineRoute({
        operationId: "updateProductCollection",
        method: "PATCH",
        path: "/v1/product-collections/{id}",
        summary: "Change a collection",
        description: "Secret key. Changes a collection's name, slug, type, switch, home-page flag or priority; a taken slug is a 409 `duplicate_slug`.",
        tag: TAG,
        example: collectionExamples.updateProductCollection,
        access: "secret",
        params: ById,
        body: CollectionPatch,
        errors: [409],
        success: { status: 200, description: "The collection.", schema: Collection },
        handle: ({ principal, params, body }) => this.updateCollection.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deleteProductCollection",
        method: "DELETE",
        path: "/v1/product-collections/{id}",
        summary: "Delete a collection (its products stay)",
        description: "Secret key. Deletes a collection and its item list; the products stay in the catalog.",
        tag: TAG,
        example: collectionExamples.deleteProductCollection,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteCollection.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
      defineRoute({
        operationId: "replaceProductCollectionItems",
        method: "PUT",
        path: "/v1/product-collections/{id}/items",
        summary: "Replace a collection's items (order: sort_order, else the order given)",
        description:
          "Secret key. Replaces the whole item list: ordered by `sort_order`, else by the order given. Each `product_id` must be a product of the store, once (a 400 naming `items[i].product_id` otherwise). Answers the new items.",
        tag: TAG,
        example: collectionExamples.replaceProductCollectionItems,
        access: "secret",
        params: ById,
        body: CollectionItemsInput,
        success: { status: 200, description: "The collection's items.", schema: Items },
        handle: ({ principal, params, body }) => this.replaceCollectionItems.execute(principal, params.id, body),
      }),
    ];
  }
}
