// ListCustomers, the use case behind GET /admin/v1/customers.
import { inject, injectable } from "inversify";
import { customerQuery } from "../../domain/customers/customer-search.js";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { CustomerDirectory } from "../ports/customer-directory.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import {
  toAdminCustomerRecord,
  type AdminCustomerRecord,
} from "./admin-customer-records.js";

@injectable()
export class ListCustomers {
  constructor(
    @inject(CustomerDirectory) private readonly directory: CustomerDirectory,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, q: string | undefined, page: PageRequest): Promise<Page<AdminCustomerRecord>> {
    const query = q === undefined ? undefined : customerQuery(q);
    if (q !== undefined && query === undefined) throw new ParameterInvalid({ param: "q", message: "q must have at least 2 characters" });
    const store = await loadStore(this.stores, principal.storeId);
    const found = await this.directory.list(store.id, query, page);
    return { ...found, items: found.items.map((c) => toAdminCustomerRecord(c, store)) };
  }
}
