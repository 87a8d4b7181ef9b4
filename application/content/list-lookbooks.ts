// ListLookbooks, the use case behind GET /v1/lookbooks.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { LookbookRepository, type LookbookListFilter } from "../ports/lookbook-repository.js";
import { toLookbookSummary, type LookbookSummaryRecord } from "./content-records.js";

@injectable()
export class ListLookbooks {
  constructor(
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, filter: LookbookListFilter, page: PageRequest): Promise<Page<LookbookSummaryRecord>> {
    const found = await this.lookbooks.listPublic(principal.storeId, this.clock.now().toISOString(), filter, page);
    return { ...found, items: found.items.map(toLookbookSummary) };
  }
}
