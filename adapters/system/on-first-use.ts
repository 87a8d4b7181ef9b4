// Packages that only some requests need are loaded by the first of them, not when the process
// starts (docs/decisions/operations.md, "operations-23"): MJML for emails, pdfkit for invoice
// PDFs, sharp for media uploads, zxcvbn's dictionaries for new passwords and ioredis when Redis
// is configured cost a compiled server about 1 s of CPU and 45 MB at every start (2.2 s and
// 120 MB loaded alone), paid by every server, worker and `storefront` command whether or not it
// ever sent an email or checked a password.
import { createRequire } from "node:module";

/**
 * `load` run once, on the first call; later calls return what it returned (a promise of an
 * `import()` included, so concurrent first uses share one load). A load that throws throws again
 * on the next call.
 */
export const onFirstUse = <T>(load: () => T): (() => T) => {
  let loaded: { readonly value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
};

/** A CommonJS package required where the caller must stay synchronous (a port that returns no promise). */
export const requirePackage: NodeJS.Require = createRequire(import.meta.url);
