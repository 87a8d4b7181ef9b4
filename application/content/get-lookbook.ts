import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { toLookbookRecord, type LookbookRecord } from "./content-records.js";
import { lookbookMissing } from "./lookbook-reads.js";

/** Any lookbook of the store, for the answers of writes. */
@injectable()
export class GetLookbook {
  constructor(
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
  ) {}

  async execute(principal: Principal, id: string): Promise<LookbookRecord> {
    const lookbook = await this.lookbooks.find(principal.storeId, id);
    if (lookbook === undefined) throw lookbookMissing();
    return toLookbookRecord(lookbook, await this.lookbooks.images(principal.storeId, lookbook.id));
  }
}
