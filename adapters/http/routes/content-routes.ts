// Content over HTTP (docs/api/content-search-messaging.md, "Posts and lookbooks"): the public lists
// and slug reads of posts and lookbooks, which show published content only, and their secret-key
// writes by id.
import { CreateLookbook } from "../../../application/content/create-lookbook.js";
import { UpdateLookbook } from "../../../application/content/update-lookbook.js";
import { DeleteLookbook } from "../../../application/content/delete-lookbook.js";
import { CreatePost } from "../../../application/content/create-post.js";
import { UpdatePost } from "../../../application/content/update-post.js";
import { DeletePost } from "../../../application/content/delete-post.js";
import { ListLookbooks } from "../../../application/content/list-lookbooks.js";
import { GetLookbookBySlug } from "../../../application/content/get-lookbook-by-slug.js";
import { ListPosts } from "../../../application/content/list-posts.js";
import { GetPostBySlug } from "../../../application/content/get-post-by-slug.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { Slug } from "../../../application/catalog/catalog-inputs.js";
import { LookbookInput, LookbookPatch, PostInput, PostPatch } from "../../../application/content/content-inputs.js";
import { cursorParam, integerParam, uuidParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import {
  LOOKBOOK_FIELDS,
  LOOKBOOK_SUMMARY_FIELDS,
  Lookbook,
  LookbookSummary,
  POST_FIELDS,
  POST_SUMMARY_FIELDS,
  Post,
  PostSummary,
} from "../schemas/content-schemas.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { contentExamples } from "./content-examples.js";

const POSTS = "Posts";
const LOOKBOOKS = "Lookbooks";
// One path template per resource (`/v1/posts/{post}`): reads address a post by slug,
// writes by id, and OpenAPI refuses two templates that differ only in the
// parameter's name. A malformed value is a 404: post slugs have no pattern (docs/api/errors.md,
// "Malformed ids and slugs").
const PostById = Schema.Struct({ post: Schema.UUID.annotations({ description: "The post's id." }) });
const PostBySlug = Schema.Struct({ post: Slug.annotations({ description: "The post's slug." }) });
const LookbookById = Schema.Struct({ lookbook: Schema.UUID.annotations({ description: "The lookbook's id." }) });
const LookbookBySlug = Schema.Struct({ lookbook: Slug.annotations({ description: "The lookbook's slug." }) });

const pageQuery = {
  limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
  cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
};

@injectable()
export class ContentRoutes implements RouteModule {
  constructor(
    @inject(ListPosts) private readonly listPosts: ListPosts,
    @inject(GetPostBySlug) private readonly getPostBySlug: GetPostBySlug,
    @inject(CreatePost) private readonly createPost: CreatePost,
    @inject(UpdatePost) private readonly updatePost: UpdatePost,
    @inject(DeletePost) private readonly deletePost: DeletePost,
    @inject(ListLookbooks) private readonly listLookbooks: ListLookbooks,
    @inject(GetLookbookBySlug) private readonly getLookbookBySlug: GetLookbookBySlug,
    @inject(CreateLookbook) private readonly createLookbook: CreateLookbook,
    @inject(UpdateLookbook) private readonly updateLookbook: UpdateLookbook,
    @inject(DeleteLookbook) private readonly deleteLookbook: DeleteLookbook,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "listPosts",
        method: "GET",
        path: "/v1/posts",
        summary: "List published posts, newest publication first",
        description:
          "Any key. Published posts, newest publication first, optionally of one category or showing one product; cursor pagination. Summaries: the post without `content`, `products` and `lookbooks` (read a post by slug for those).",
        tag: POSTS,
        example: contentExamples.listPosts,
        access: "publishable",
        query: Schema.Struct({
          ...pageQuery,
          category_id: Schema.optional(uuidParam).annotations({ description: "Only posts of this category." }),
          product_id: Schema.optional(uuidParam).annotations({ description: "Only posts that show this product." }),
        }),
        fields: { allowed: POST_SUMMARY_FIELDS, target: { list: "posts" } },
        success: {
          status: 200,
          description: "A page of posts.",
          schema: Schema.Struct({ posts: Schema.Array(PostSummary), pagination: Pagination }),
        },
        handle: async ({ principal, query }) => {
          const page = await this.listPosts.execute(principal, { categoryId: query.category_id, productId: query.product_id }, query);
          return { posts: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "getPostBySlug",
        method: "GET",
        path: "/v1/posts/{post}",
        summary: "Get a published post by its slug (counts a view)",
        description:
          "Any key. A published post with its content, its products (prices in integer minor units of the store's base currency) and its lookbooks; each read counts a view. A draft, archived or future post is a 404.",
        tag: POSTS,
        example: contentExamples.getPostBySlug,
        access: "publishable",
        params: PostBySlug,
        fields: { allowed: POST_FIELDS },
        success: { status: 200, description: "The post with its products and lookbooks.", schema: Post },
        handle: ({ principal, params }) => this.getPostBySlug.execute(principal, params.post),
      }),
      defineRoute({
        operationId: "createPost",
        method: "POST",
        path: "/v1/posts",
        summary: "Create a post (a draft unless a status is given)",
        description:
          "Secret key. Creates a post, a draft unless `status` says otherwise; publishing stamps `published_at` now unless given. `product_ids` and `lookbook_ids` link products and lookbooks of the store, in that order (one of another store is a 400 naming it). The slug defaults to one made from the title; a taken slug is a 409 `duplicate_slug`.",
        tag: POSTS,
        example: contentExamples.createPost,
        access: "secret",
        body: PostInput,
        errors: [409],
        success: { status: 201, description: "The post.", schema: Post },
        handle: ({ principal, body }) => this.createPost.execute(principal, body),
      }),
      defineRoute({
        operationId: "updatePost",
        method: "PATCH",
        path: "/v1/posts/{post}",
        summary: "Change a post; product_ids and lookbook_ids, when given, replace the links",
        description: "Secret key. Changes a post by id; `product_ids` and `lookbook_ids`, when given, replace the links. A taken slug is a 409.",
        tag: POSTS,
        example: contentExamples.updatePost,
        access: "secret",
        params: PostById,
        body: PostPatch,
        errors: [409],
        success: { status: 200, description: "The post.", schema: Post },
        handle: ({ principal, params, body }) => this.updatePost.execute(principal, params.post, body),
      }),
      defineRoute({
        operationId: "deletePost",
        method: "DELETE",
        path: "/v1/posts/{post}",
        summary: "Delete a post (its products and lookbooks stay)",
        description: "Secret key. Deletes a post by id; its products and lookbooks stay.",
        tag: POSTS,
        example: contentExamples.deletePost,
        access: "secret",
        params: PostById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deletePost.execute(principal, params.post);
          return reply(204, undefined);
        },
      }),
      defineRoute({
        operationId: "listLookbooks",
        method: "GET",
        path: "/v1/lookbooks",
        summary: "List published lookbooks, newest publication first",
        description:
          "Any key. Published lookbooks, newest publication first, optionally of one collection; cursor pagination. Summaries: the lookbook without `images` (read a lookbook by slug for those).",
        tag: LOOKBOOKS,
        example: contentExamples.listLookbooks,
        access: "publishable",
        query: Schema.Struct({ ...pageQuery, collection_id: Schema.optional(uuidParam).annotations({ description: "Only lookbooks presenting this collection." }) }),
        fields: { allowed: LOOKBOOK_SUMMARY_FIELDS, target: { list: "lookbooks" } },
        success: {
          status: 200,
          description: "A page of lookbooks.",
          schema: Schema.Struct({ lookbooks: Schema.Array(LookbookSummary), pagination: Pagination }),
        },
        handle: async ({ principal, query }) => {
          const page = await this.listLookbooks.execute(principal, { collectionId: query.collection_id }, query);
          return { lookbooks: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "getLookbookBySlug",
        method: "GET",
        path: "/v1/lookbooks/{lookbook}",
        summary: "Get a published lookbook by its slug, with its images",
        description:
          "Any key. A published lookbook with its images in order, each with its shoppable hotspots (a product at x%, y%). An unpublished or future one is a 404.",
        tag: LOOKBOOKS,
        example: contentExamples.getLookbookBySlug,
        access: "publishable",
        params: LookbookBySlug,
        fields: { allowed: LOOKBOOK_FIELDS },
        success: { status: 200, description: "The lookbook with its images.", schema: Lookbook },
        handle: ({ principal, params }) => this.getLookbookBySlug.execute(principal, params.lookbook),
      }),
      defineRoute({
        operationId: "createLookbook",
        method: "POST",
        path: "/v1/lookbooks",
        summary: "Create a lookbook (published now unless published_at says otherwise)",
        description:
          "Secret key. Creates a lookbook, published now unless `published_at` says otherwise (null: unpublished; a future time schedules it), with its images and hotspots. The slug defaults to one made from the title; a taken slug is a 409.",
        tag: LOOKBOOKS,
        example: contentExamples.createLookbook,
        access: "secret",
        body: LookbookInput,
        errors: [409],
        success: { status: 201, description: "The lookbook.", schema: Lookbook },
        handle: ({ principal, body }) => this.createLookbook.execute(principal, body),
      }),
      defineRoute({
        operationId: "updateLookbook",
        method: "PATCH",
        path: "/v1/lookbooks/{lookbook}",
        summary: "Change a lookbook; images, when given, replace all of them",
        description: "Secret key. Changes a lookbook by id; `images`, when given, replace all of them.",
        tag: LOOKBOOKS,
        example: contentExamples.updateLookbook,
        access: "secret",
        params: LookbookById,
        body: LookbookPatch,
        errors: [409],
        success: { status: 200, description: "The lookbook.", schema: Lookbook },
        handle: ({ principal, params, body }) => this.updateLookbook.execute(principal, params.lookbook, body),
      }),
      defineRoute({
        operationId: "deleteLookbook",
        method: "DELETE",
        path: "/v1/lookbooks/{lookbook}",
        summary: "Delete a lookbook (posts that showed it no longer do)",
        description: "Secret key. Deletes a lookbook by id; posts that showed it no longer do.",
        tag: LOOKBOOKS,
        example: contentExamples.deleteLookbook,
        access: "secret",
        params: LookbookById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteLookbook.execute(principal, params.lookbook);
          return reply(204, undefined);
        },
      }),
    ];
  }
}
