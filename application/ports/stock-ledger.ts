// The stock ledger (docs/staff.md, "Stock ledger"): a variant's stock changed by hand under its row
// lock, and the entries that say who changed it, why, from what to what, and when.
import type { ServiceIdentifier } from "inversify";
import type { StockReason } from "../../domain/catalog/stock-ledger.js";
import type { Page, PageRequest } from "../pagination/page.js";
import type { AuditActor } from "./audit-log.js";

export interface StockLedgerEntry {
  readonly id: string;
  readonly variantId: string;
  readonly productId: string;
  readonly sku: string;
  /** after - before. */
  readonly delta: number;
  readonly before: number;
  readonly after: number;
  readonly reason: StockReason;
  readonly note: string | null;
  readonly actor: AuditActor;
  /** The order whose cancellation, refund or return moved the stock; null for an adjustment. */
  readonly orderId: string | null;
  readonly requestId: string | null;
  readonly at: string;
}

/** A variant's stock as read under its row lock. */
export interface LockedStock {
  readonly variantId: string;
  readonly productId: string;
  readonly sku: string;
  readonly stock: number;
  readonly threshold: number | null;
}

/** A move already made to a variant's stock in this unit of work, to be entered with the stock it left. */
export interface MadeStockMove {
  readonly id: string;
  readonly variantId: string;
  /** Units added (negative: taken). */
  readonly delta: number;
  readonly reason: StockReason;
  readonly actor: AuditActor;
  readonly orderId: string | null;
  readonly at: string;
  /** The stock after the move when the caller knows it (a variant edit does); else read from the variant. */
  readonly after?: number;
  readonly productId?: string;
  readonly sku?: string;
}

export interface StockLedger {
  /** Reads the variant's stock and locks its row until the unit of work ends; undefined when the store has no such variant. */
  lock(storeId: string, variantId: string): Promise<LockedStock | undefined>;
  /** Sets the locked variant's stock, and tells the catalog's answer caches (docs/architecture.md, "Caches and per-process copies"). */
  setStock(storeId: string, variant: LockedStock, stock: number): Promise<void>;
  append(storeId: string, entry: StockLedgerEntry): Promise<void>;
  /** Enters moves already made to the variants' stock in this unit of work (restocks, edits). */
  appendMade(storeId: string, moves: readonly MadeStockMove[], requestId: string | null): Promise<void>;
  /** The variant's entries, newest first. */
  page(storeId: string, variantId: string, page: PageRequest): Promise<Page<StockLedgerEntry>>;
  /** Whether the store has the variant (a ledger read of another store's variant is a 404). */
  variantExists(storeId: string, variantId: string): Promise<boolean>;
}
export const StockLedger: ServiceIdentifier<StockLedger> = Symbol.for("storefront.StockLedger");
