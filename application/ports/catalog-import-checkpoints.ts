// Where an import of a catalog file got to, so that an interrupted import resumes after its last
// committed batch instead of starting over. A checkpoint is one per (store, file fingerprint).
import type { ServiceIdentifier } from "inversify";
import type { RowRejection } from "../catalog/imported-product.js";

export interface ImportCheckpoint {
  /** Products of the file, in file order, dealt with: those before it are not read again. */
  readonly position: number;
  readonly created: number;
  readonly updated: number;
  readonly rejected: readonly RowRejection[];
}

/** What one committed step adds: the products up to `position` are done. */
export interface ImportStep {
  readonly position: number;
  readonly created: number;
  readonly updated: number;
  readonly rejected: readonly RowRejection[];
}

export interface CatalogImportCheckpoints {
  /** The unfinished import of this file into the store, if one was interrupted. */
  find(storeId: string, fingerprint: string): Promise<ImportCheckpoint | undefined>;
  /** Moves the checkpoint on, in the caller's transaction, so it commits with the step's writes. */
  advance(storeId: string, fingerprint: string, step: ImportStep, now: string): Promise<void>;
  /** Forgets the checkpoint: the import ended, or starts over. */
  clear(storeId: string, fingerprint: string): Promise<void>;
}
export const CatalogImportCheckpoints: ServiceIdentifier<CatalogImportCheckpoints> = Symbol.for("storefront.CatalogImportCheckpoints");
