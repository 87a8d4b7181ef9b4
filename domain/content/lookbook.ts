// Lookbooks (docs/api/content-search-messaging.md, "Posts and lookbooks"): styled photo stories,
// each image with optional product hotspots. A lookbook is public once its `published_at` has come;
// null keeps it unpublished.

export interface Hotspot {
  readonly productId: string;
  /** Position on the image in whole percent of its width (0 left, 100 right). */
  readonly x: number;
  /** Position on the image in whole percent of its height (0 top, 100 bottom). */
  readonly y: number;
}

export interface LookbookImage {
  readonly id: string;
  readonly url: string;
  readonly altText: string | null;
  readonly caption: string | null;
  readonly position: number;
  readonly hotspots: readonly Hotspot[];
}

export interface Lookbook {
  readonly id: string;
  readonly title: string;
  readonly slug: string;
  readonly description: string | null;
  /** Image URL. */
  readonly featuredImage: string | null;
  /** A product collection of the same store. */
  readonly collectionId: string | null;
  /** ISO 8601 timestamp; null while unpublished, in the future while scheduled. */
  readonly publishedAt: string | null;
  /** ISO 8601 timestamp. */
  readonly createdAt: string;
  /** ISO 8601 timestamp. */
  readonly updatedAt: string;
}

/** Whether readers may see the lookbook at `now` (ISO 8601 UTC). */
export const isLookbookPublic = (lookbook: Pick<Lookbook, "publishedAt">, now: string): boolean =>
  lookbook.publishedAt !== null && lookbook.publishedAt <= now;
