// A store's customer: who they are, whether they may sign in, and the purchase history that
// pricing (segment, tier) and the customer's store metrics read.
import { Schema } from "effect";

export const CustomerStatus = Schema.Literal("active", "inactive");
export type CustomerStatus = typeof CustomerStatus.Type;

export interface Customer {
  readonly id: string;
  /** Lower-cased and trimmed (see normaliseEmail); unique within the store. */
  readonly email: string;
  readonly name: string;
  readonly phone: string | null;
  readonly address: string | null;
  readonly status: CustomerStatus;
  readonly emailConfirmed: boolean;
  /** Calendar date 'YYYY-MM-DD' (UTC) of registration. */
  readonly joinDate: string;
  readonly totalPurchases: number;
  /** Integer minor units of the store's base currency. */
  readonly totalSpent: number;
  readonly firstPurchaseAt: string | null;
  readonly lastPurchaseAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** One spelling per mailbox: `Amina@Example.com ` and `amina@example.com` are the same customer. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

