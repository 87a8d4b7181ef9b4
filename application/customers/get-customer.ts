import { inject, injectable } from "inversify";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import type { Principal } from "../access/principal.js";
import { type CustomerRecord } from "./customer-records.js";
import { GetMe } from "./get-me.js";

@injectable()
export class GetCustomer {

  constructor(
    @inject(GetMe) private readonly getMe: GetMe,
  ) {}

  async execute(principal: Principal, customer: CustomerPrincipal, customerId: string): Promise<CustomerRecord> {
    requireOwner(customer, customerId, "customer record");
    return (await this.getMe.execute(principal, customer)).customer;
  }
}
