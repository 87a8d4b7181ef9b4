// Posts and lookbooks as the API shows them (docs/api/content-search-messaging.md, "Posts and
// lookbooks"). Lists carry summaries (no `content`, `products`, `lookbooks` or `images`); a post
// embeds its products as product list records and its lookbooks as lookbook summaries; a lookbook
// embeds its images with their hotspots.
import type { ProductListRecord } from "../../domain/catalog/product-shapes.js";
import { contentSlug } from "../../domain/content/content-slug.js";
import type { Lookbook } from "../../domain/content/lookbook.js";
import type { PostStatus } from "../../domain/content/post.js";
import type { LookbookImageView } from "../ports/lookbook-repository.js";
import type { PostView } from "../ports/post-repository.js";

export interface PostSummaryRecord {
  readonly id: string;
  readonly title: string;
  readonly slug: string;
  readonly excerpt: string | null;
  readonly featured_image: string | null;
  readonly category_id: string | null;
  readonly category_name: string | null;
  readonly category_slug: string | null;
  readonly category_icon: string | null;
  readonly author_name: string | null;
  readonly author_avatar: string | null;
  readonly status: PostStatus;
  readonly published_at: string | null;
  readonly view_count: number;
  readonly product_count: number;
  readonly seo_title: string | null;
  readonly seo_description: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface LookbookSummaryRecord {
  readonly id: string;
  readonly title: string;
  readonly slug: string;
  readonly description: string | null;
  readonly featured_image: string | null;
  readonly collection_id: string | null;
  readonly published_at: string | null;
  readonly created_at: string;
}

export interface PostRecord extends PostSummaryRecord {
  readonly content: string;
  readonly products: readonly ProductListRecord[];
  readonly lookbooks: readonly LookbookSummaryRecord[];
}

export interface HotspotRecord {
  readonly product_id: string;
  readonly product_name: string;
  readonly product_slug: string;
  readonly x: number;
  readonly y: number;
}

export interface LookbookImageRecord {
  readonly id: string;
  readonly url: string;
  readonly alt_text: string | null;
  readonly caption: string | null;
  readonly position: number;
  readonly hotspots: readonly HotspotRecord[];
}

export interface LookbookRecord extends LookbookSummaryRecord {
  readonly images: readonly LookbookImageRecord[];
}

export const toPostSummary = (post: PostView): PostSummaryRecord => ({
  id: post.id,
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  featured_image: post.featuredImage,
  category_id: post.categoryId,
  category_name: post.categoryName,
  category_slug: post.categoryName === null ? null : contentSlug(post.categoryName, "category"),
  category_icon: post.categoryImage,
  author_name: post.authorName,
  author_avatar: post.authorAvatar,
  status: post.status,
  published_at: post.publishedAt,
  view_count: post.viewCount,
  product_count: post.productCount,
  seo_title: post.seoTitle,
  seo_description: post.seoDescription,
  created_at: post.createdAt,
  updated_at: post.updatedAt,
});

export const toPostRecord = (
  post: PostView,
  products: readonly ProductListRecord[],
  lookbooks: readonly LookbookSummaryRecord[],
): PostRecord => {
  const { id, title, slug, excerpt, ...rest } = toPostSummary(post);
  return { id, title, slug, excerpt, content: post.content, ...rest, product_count: products.length, products, lookbooks };
};

export const toLookbookSummary = (lookbook: Lookbook): LookbookSummaryRecord => ({
  id: lookbook.id,
  title: lookbook.title,
  slug: lookbook.slug,
  description: lookbook.description,
  featured_image: lookbook.featuredImage,
  collection_id: lookbook.collectionId,
  published_at: lookbook.publishedAt,
  created_at: lookbook.createdAt,
});

export const toLookbookRecord = (lookbook: Lookbook, images: readonly LookbookImageView[]): LookbookRecord => ({
  ...toLookbookSummary(lookbook),
  images: images.map((image) => ({
    id: image.id,
    url: image.url,
    alt_text: image.altText,
    caption: image.caption,
    position: image.position,
    hotspots: image.hotspots.map((h) => ({ product_id: h.productId, product_name: h.productName, product_slug: h.productSlug, x: h.x, y: h.y })),
  })),
});
