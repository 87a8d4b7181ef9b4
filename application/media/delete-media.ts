import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { MediaRepository } from "../ports/media-repository.js";
import { MediaStorage } from "../ports/media-storage.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { mediaMissing, audited } from "./media-records.js";

/** Removes the row (with its audit record), then the files: once the row is gone no URL serves them. */
@injectable()
export class DeleteMedia {
  constructor(
    @inject(MediaRepository) private readonly media: MediaRepository,
    @inject(MediaStorage) private readonly storage: MediaStorage,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    const storeId = principal.storeId;
    const removed = await this.uow.run(async () => {
      const current = await this.media.find(storeId, id);
      if (current === undefined || !(await this.media.delete(storeId, id))) throw mediaMissing();
      await this.audit.record(principal, storeId, { operation: "media.delete", resourceType: "media", resourceId: id, before: audited(current), after: null });
      return current;
    });
    // A file whose removal fails is left behind unreachable: no row names it any more.
    await Promise.allSettled(removed.variants.map((v) => this.storage.delete(v.key)));
  }
}
