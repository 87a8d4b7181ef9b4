// ListAdminOrders, the use case behind GET /admin/v1/orders.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { AdminOrderReads } from "../ports/admin-order-reads.js";
import type { AdminOrderFilter } from "./admin-order-inputs.js";
import {
  toAdminOrderSummary,
  type AdminOrderSummary,
} from "./admin-order-records.js";

@injectable()
export class ListAdminOrders {
  constructor(
    @inject(AdminOrderReads) private readonly reads: AdminOrderReads,
  ) {}

  async execute(principal: Principal, filter: AdminOrderFilter, page: PageRequest): Promise<Page<AdminOrderSummary>> {
    const found = await this.reads.listPage(principal.storeId, filter, page);
    return { ...found, items: found.items.map(toAdminOrderSummary) };
  }
}
