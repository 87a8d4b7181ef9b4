// Slugs of posts and lookbooks: the title alone, in the catalog's slug alphabet (accents
// stripped, lowercase, hyphens), so links read like the headline. Uniqueness is the caller's.
import { productSlug } from "../catalog/slug.js";

/** The title as a slug; `fallback` when it has no Latin letters or digits. */
export const contentSlug = (title: string, fallback: string): string => {
  // productSlug without an id is the name's slug, or "p" when nothing Latin is left of it.
  const slug = productSlug(title, "");
  return slug === "p" && !/^\W*p\W*$/iu.test(title.normalize("NFKD").replace(/\p{M}/gu, "")) ? fallback : slug;
};
