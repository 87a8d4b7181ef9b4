// Blog posts (docs/api/content-search-messaging.md, "Posts and lookbooks"): their three states and
// the rules of publication. A post is public when it is published and its publication time has
// come; a future `published_at` schedules it.
import { Schema } from "effect";

export const PostStatus = Schema.Literal("published", "draft", "archived");
export type PostStatus = typeof PostStatus.Type;

export interface Post {
  readonly id: string;
  readonly title: string;
  readonly slug: string;
  readonly excerpt: string | null;
  readonly content: string;
  /** Image URL. */
  readonly featuredImage: string | null;
  /** A catalog category of the same store. */
  readonly categoryId: string | null;
  readonly authorName: string | null;
  /** Image URL. */
  readonly authorAvatar: string | null;
  readonly status: PostStatus;
  /** ISO 8601 timestamp; null for a post never published. */
  readonly publishedAt: string | null;
  readonly seoTitle: string | null;
  readonly seoDescription: string | null;
  /** ISO 8601 timestamp. */
  readonly createdAt: string;
  /** ISO 8601 timestamp. */
  readonly updatedAt: string;
}

/** Whether readers may see the post at `now` (ISO 8601 UTC; such strings compare as times). */
export const isPostPublic = (post: Pick<Post, "status" | "publishedAt">, now: string): boolean =>
  post.status === "published" && post.publishedAt !== null && post.publishedAt <= now;

/**
 * The `published_at` a post gets from a write: a given value wins (null clears it, except on a
 * published post); a post being published without one keeps its earlier publication time, or
 * takes `now` when it never had one. Drafts and archived posts keep what they had.
 */
export const publishedAtAfterWrite = (
  status: PostStatus,
  given: string | null | undefined,
  current: string | null,
  now: string,
): string | null => {
  const chosen = given === undefined ? current : given;
  if (status === "published") return chosen ?? now;
  return chosen;
};
