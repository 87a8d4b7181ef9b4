// GetLookbookBySlug, the use case behind GET /v1/lookbooks/{lookbook}; what it shares with its
// sibling use cases is in lookbook-reads.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { toLookbookRecord, type LookbookRecord } from "./content-records.js";
import { lookbookMissing } from "./lookbook-reads.js";

@injectable()
export class GetLookbookBySlug {
  constructor(
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, slug: string): Promise<LookbookRecord> {
    const lookbook = await this.lookbooks.findPublicBySlug(principal.storeId, slug, this.clock.now().toISOString());
    if (lookbook === undefined) throw lookbookMissing();
    return toLookbookRecord(lookbook, await this.lookbooks.images(principal.storeId, lookbook.id));
  }
}
