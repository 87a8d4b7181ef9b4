// The public reads of lookbooks: a page of published ones and one by slug with its images.
// Unpublished and scheduled lookbooks are unknown to readers, whatever the key.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { LookbookRepository, type LookbookListFilter } from "../ports/lookbook-repository.js";
import { toLookbookRecord, toLookbookSummary, type LookbookRecord, type LookbookSummaryRecord } from "./content-records.js";

export const lookbookMissing = (): ResourceMissing => new ResourceMissing({ resource: "lookbook", message: "No such lookbook." });

@injectable()
export class ReadLookbooks {
  constructor(
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async page(principal: Principal, filter: LookbookListFilter, page: PageRequest): Promise<Page<LookbookSummaryRecord>> {
    const found = await this.lookbooks.listPublic(principal.storeId, this.clock.now().toISOString(), filter, page);
    return { ...found, items: found.items.map(toLookbookSummary) };
  }

  async bySlug(principal: Principal, slug: string): Promise<LookbookRecord> {
    const lookbook = await this.lookbooks.findPublicBySlug(principal.storeId, slug, this.clock.now().toISOString());
    if (lookbook === undefined) throw lookbookMissing();
    return toLookbookRecord(lookbook, await this.lookbooks.images(principal.storeId, lookbook.id));
  }

  /** Any lookbook of the store, for the answers of writes. */
  async byId(principal: Principal, id: string): Promise<LookbookRecord> {
    const lookbook = await this.lookbooks.find(principal.storeId, id);
    if (lookbook === undefined) throw lookbookMissing();
    return toLookbookRecord(lookbook, await this.lookbooks.images(principal.storeId, lookbook.id));
  }
}
