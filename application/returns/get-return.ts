// GetReturn, the use case behind GET /admin/v1/returns/{id}; what it shares with its sibling use
// cases is in return-changes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { toReturnRecord, type ReturnRecord, toEventRecord, type ReturnEventRecord, returnMissing } from "./return-changes.js";

@injectable()
export class GetReturn {
  constructor(
    @inject(ReturnRepository) private readonly returns: ReturnRepository,
  ) {}

  async execute(principal: Principal, returnId: string): Promise<ReturnRecord & { readonly events: readonly ReturnEventRecord[] }> {
    const found = await this.returns.find(principal.storeId, returnId);
    if (found === undefined) throw returnMissing();
    return { ...toReturnRecord(found), events: (await this.returns.events(principal.storeId, returnId)).map(toEventRecord) };
  }
}
