// ListReturns, the use case behind GET /admin/v1/returns; what it shares with its sibling use cases
// is in return-changes.ts.
import { inject, injectable } from "inversify";
import { type ReturnStatus } from "../../domain/orders/order-return.js";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { toReturnRecord, type ReturnRecord } from "./return-changes.js";

@injectable()
export class ListReturns {
  constructor(
    @inject(ReturnRepository) private readonly returns: ReturnRepository,
  ) {}

  async execute(principal: Principal, status: ReturnStatus | undefined, page: PageRequest): Promise<Page<ReturnRecord>> {
    const found = await this.returns.listPage(principal.storeId, { status }, page);
    return { ...found, items: found.items.map(toReturnRecord) };
  }
}
