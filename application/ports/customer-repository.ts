// A store's customers, with their password hash (never shown) and purchase history.
import type { ServiceIdentifier } from "inversify";
import type { Customer } from "../../domain/customers/customer.js";
import type { CustomerBlock } from "../../domain/customers/customer-block.js";

export interface StoredCustomer extends Customer, CustomerBlock {
  /** The PasswordHasher's encoding of the password; null for an account without one. */
  readonly passwordHash: string | null;
}

export interface CustomerRepository {
  /** A taken email is a 409 `email_taken`. */
  insert(storeId: string, customer: StoredCustomer): Promise<void>;
  /** `forUpdate`: locks the customer's row until the unit of work ends (a block and a sign-in take turns). */
  findById(storeId: string, customerId: string, options?: { readonly forUpdate?: boolean }): Promise<StoredCustomer | undefined>;
  /** `email` as normaliseEmail gives it. */
  findByEmail(storeId: string, email: string): Promise<StoredCustomer | undefined>;
  confirmEmail(storeId: string, customerId: string, at: string): Promise<void>;
  /** Replaces the customer's password hash. */
  setPasswordHash(storeId: string, customerId: string, passwordHash: string, at: string): Promise<void>;
  /** Sets or lifts the customer's block (docs/staff.md, "Customers and the inbox"). */
  setBlock(storeId: string, customerId: string, block: CustomerBlock, at: string): Promise<void>;
  /** Adds one paid purchase of `amount` minor units made at `at` to the customer's history. */
  recordPurchase(storeId: string, customerId: string, amount: number, at: string): Promise<void>;
}
export const CustomerRepository: ServiceIdentifier<CustomerRepository> = Symbol.for("storefront.CustomerRepository");
