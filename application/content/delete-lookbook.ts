// DeleteLookbook, the use case behind DELETE /v1/lookbooks/{lookbook}.
import { lookbookMissing } from "./lookbook-reads.js";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";

@injectable()
export class DeleteLookbook {
  constructor(
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.lookbooks.find(principal.storeId, id)) === undefined) throw lookbookMissing();
      await this.lookbooks.remove(principal.storeId, id);
    });
  }
}
