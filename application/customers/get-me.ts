// GetMe, the use case behind GET /v1/auth/me.
import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import type { Principal } from "../access/principal.js";
import { InvalidToken } from "../errors/access-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { toCustomerRecord, toUserRecord, type CustomerRecord, type UserRecord } from "./customer-records.js";

@injectable()
export class GetMe {
  constructor(
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal): Promise<{ user: UserRecord; customer: CustomerRecord }> {
    const [store, found] = await Promise.all([
      loadStore(this.stores, principal.storeId),
      this.customers.findById(principal.storeId, customer.customerId),
    ]);
    // The token was resolved a moment ago; a customer gone since is an unknown token.
    if (found === undefined) throw new InvalidToken({ message: "The customer access token is unknown or its session has ended." });
    return { user: toUserRecord(found), customer: toCustomerRecord(found, store, this.clock.now()) };
  }
}
