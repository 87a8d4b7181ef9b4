// Customers on knex. Emails are stored as normaliseEmail gives them, unique per store; the
// purchase history moves with atomic SQL so concurrent purchases never lose one another.
import { inject, injectable } from "inversify";
import type { CustomerRepository, StoredCustomer } from "../../../application/ports/customer-repository.js";
import type { CustomerStatus } from "../../../domain/customers/customer.js";
import type { CustomerBlock } from "../../../domain/customers/customer-block.js";
import { customerSearchKeys } from "../../../domain/customers/customer-search.js";
import { emailTaken } from "../../../application/customers/register-customer.js";
import { readBoolean } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";

export interface CustomerRow {
  id: string;
  store_id: string;
  email: string;
  name: string;
  phone: string | null;
  address: string | null;
  status: string;
  password_hash: string | null;
  email_confirmed: number | boolean;
  join_date: string;
  total_purchases: number;
  total_spent: number | string;
  first_purchase_at: string | null;
  last_purchase_at: string | null;
  created_at: string;
  updated_at: string;
  blocked_at: string | null;
  block_reason: string | null;
}

export const toCustomer = (row: CustomerRow): StoredCustomer => ({
  id: row.id,
  email: row.email,
  name: row.name,
  phone: row.phone,
  address: row.address,
  status: row.status as CustomerStatus,
  emailConfirmed: readBoolean(row.email_confirmed),
  joinDate: row.join_date,
  totalPurchases: Number(row.total_purchases),
  totalSpent: Number(row.total_spent),
  firstPurchaseAt: row.first_purchase_at,
  lastPurchaseAt: row.last_purchase_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  passwordHash: row.password_hash,
  blockedAt: row.blocked_at ?? null,
  blockReason: row.block_reason ?? null,
});

@injectable()
export class KnexCustomerRepository implements CustomerRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async insert(storeId: string, c: StoredCustomer): Promise<void> {
    const keys = customerSearchKeys(c.name, c.phone);
    try {
      await this.db.run((q) =>
        q("customers").insert({
          id: c.id,
          store_id: storeId,
          email: c.email,
          name: c.name,
          phone: c.phone,
          address: c.address,
          status: c.status,
          password_hash: c.passwordHash,
          email_confirmed: c.emailConfirmed,
          join_date: c.joinDate,
          total_purchases: c.totalPurchases,
          total_spent: c.totalSpent,
          first_purchase_at: c.firstPurchaseAt,
          last_purchase_at: c.lastPurchaseAt,
          created_at: c.createdAt,
          updated_at: c.updatedAt,
          blocked_at: c.blockedAt,
          block_reason: c.blockReason,
          name_key: keys.nameKey,
          last_name_key: keys.lastNameKey,
          phone_key: keys.phoneKey,
        }),
      );
    } catch (error) {
      throw isUniqueViolation(error) ? emailTaken() : error;
    }
  }

  async findById(storeId: string, customerId: string, options: { readonly forUpdate?: boolean } = {}): Promise<StoredCustomer | undefined> {
    const row = await this.db.run((q) => {
      const query = q<CustomerRow>("customers").where({ store_id: storeId, id: customerId }).first();
      return options.forUpdate === true ? this.db.lockRows(query) : query;
    });
    return row === undefined ? undefined : toCustomer(row);
  }

  async findByEmail(storeId: string, email: string): Promise<StoredCustomer | undefined> {
    const row = await this.db.run((q) => q<CustomerRow>("customers").where({ store_id: storeId, email }).first());
    return row === undefined ? undefined : toCustomer(row);
  }

  async confirmEmail(storeId: string, customerId: string, at: string): Promise<void> {
    await this.db.run((q) => q("customers").where({ store_id: storeId, id: customerId }).update({ email_confirmed: true, updated_at: at }));
  }

  async setPasswordHash(storeId: string, customerId: string, passwordHash: string, at: string): Promise<void> {
    await this.db.run((q) => q("customers").where({ store_id: storeId, id: customerId }).update({ password_hash: passwordHash, updated_at: at }));
  }

  async setBlock(storeId: string, customerId: string, block: CustomerBlock, at: string): Promise<void> {
    await this.db.run((q) =>
      q("customers").where({ store_id: storeId, id: customerId }).update({ blocked_at: block.blockedAt, block_reason: block.blockReason, updated_at: at }),
    );
  }

  async recordPurchase(storeId: string, customerId: string, amount: number, at: string): Promise<void> {
    await this.db.run((q) =>
      q("customers")
        .where({ store_id: storeId, id: customerId })
        .update({
          total_purchases: q.raw("total_purchases + 1"),
          total_spent: q.raw("total_spent + ?", [amount]),
          first_purchase_at: q.raw("case when first_purchase_at is null or first_purchase_at > ? then ? else first_purchase_at end", [at, at]),
          last_purchase_at: q.raw("case when last_purchase_at is null or last_purchase_at < ? then ? else last_purchase_at end", [at, at]),
          updated_at: at,
        }),
    );
  }
}
