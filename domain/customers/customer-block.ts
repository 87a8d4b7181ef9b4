// Blocking a customer (docs/staff.md, "Customers and the inbox"): the store stops a customer from
// signing in. A block has when and, optionally, why; while it stands, no sign-in, code or refresh
// succeeds and every session the customer had was ended with it. Unblocking lets them sign in again.

export const BLOCK_REASON_MAX = 500;

export interface CustomerBlock {
  readonly blockedAt: string | null;
  readonly blockReason: string | null;
}

export const isBlocked = (customer: CustomerBlock): boolean => customer.blockedAt !== null;

/**
 * The block after a `block` at `now` with `reason`: a customer already blocked keeps the instant
 * of their block, and gets the new reason when one is given.
 */
export const blocked = (current: CustomerBlock, now: string, reason: string | undefined): CustomerBlock => ({
  blockedAt: current.blockedAt ?? now,
  blockReason: reason !== undefined ? reason : current.blockedAt !== null ? current.blockReason : null,
});

export const unblocked: CustomerBlock = { blockedAt: null, blockReason: null };
