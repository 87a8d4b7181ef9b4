import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { StockLedger } from "../ports/stock-ledger.js";
import { type StockLedgerRecord, toStockLedgerRecord, variantMissing } from "./stock-ledger-records.js";

/** The variant's ledger, newest first; another store's variant is a 404. */
@injectable()
export class ListStockLedger {
  constructor(
    @inject(StockLedger) private readonly ledger: StockLedger,
  ) {}

  async execute(principal: Principal, variantId: string, page: PageRequest): Promise<Page<StockLedgerRecord>> {
    if (!(await this.ledger.variantExists(principal.storeId, variantId))) throw variantMissing();
    const found = await this.ledger.page(principal.storeId, variantId, page);
    return { ...found, items: found.items.map(toStockLedgerRecord) };
  }
}
