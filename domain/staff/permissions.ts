// Staff roles and what each may do (docs/staff.md, "Roles and permissions", which shows this
// table and is checked against it by a test). Every admin operation names one permission; a
// member may run it when their role holds that permission. Pure data: no I/O.
import { Schema } from "effect";

export const StaffRole = Schema.Literal("owner", "manager", "catalog", "support", "fulfilment");
export type StaffRole = typeof StaffRole.Type;
export const STAFF_ROLES: readonly StaffRole[] = StaffRole.literals;

/** Every permission an admin operation can require, with what it allows. */
export const PERMISSIONS = {
  "dashboard.read": "See the sales dashboard: orders, revenue, refunds, top products, low stock.",
  "orders.read": "List and read orders and their timelines.",
  "orders.fulfil": "Fulfil order lines (parcels with carrier and tracking), print packing slips.",
  "orders.cancel": "Cancel an order.",
  "orders.refund": "Refund an order through its payment provider, by lines or by amount.",
  "returns.manage": "Approve, refuse and receive returns.",
  "customers.read": "List, search and read customers with their orders, carts and threads.",
  "customers.block": "Block and unblock a customer's sign-in.",
  "inbox.read": "Read the messaging inbox.",
  "inbox.reply": "Reply to, assign, close and reopen threads as the store.",
  "catalog.read": "Read products, categories, collections and stock.",
  "catalog.write": "Create, change and delete products, variants, categories and collections; upload media.",
  "stock.adjust": "Adjust stock with a reason (the stock ledger).",
  "pricing.manage": "Manage promotions, price rules and exchange rates.",
  "gift_cards.manage": "Issue, disable and read gift cards and their ledgers.",
  "shipping.manage": "Manage shipping zones and tiers.",
  "webhooks.manage": "Manage webhook endpoints; read and resend deliveries.",
  "settings.manage": "Change the store's settings and rotate its signing secret.",
  "api_keys.manage": "Create, roll and revoke API keys.",
  "staff.manage": "Invite, change and disable staff members.",
  "audit.read": "Read the audit log.",
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

const READ_ONLY: readonly Permission[] = ["dashboard.read", "orders.read", "customers.read", "catalog.read"];

/**
 * What each role holds. The owner holds everything; a manager everything but API keys and the
 * staff of the owner's rank (checked by the staff operations themselves); the other three hold
 * the reads they need to do their one job and that job's writes.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<Permission>>> = {
  owner: new Set(ALL_PERMISSIONS),
  manager: new Set(ALL_PERMISSIONS.filter((p) => p !== "api_keys.manage")),
  catalog: new Set<Permission>([...READ_ONLY, "catalog.write", "stock.adjust", "pricing.manage"]),
  support: new Set<Permission>([...READ_ONLY, "inbox.read", "inbox.reply", "returns.manage", "customers.block", "gift_cards.manage"]),
  fulfilment: new Set<Permission>([...READ_ONLY, "orders.fulfil", "returns.manage", "stock.adjust", "inbox.read"]),
};

export const roleMay = (role: StaffRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].has(permission);

/** Roles a member of `role` may give (invite as, or change to): an owner any, a manager any but owner, others none. */
export const rolesGrantableBy = (role: StaffRole): readonly StaffRole[] =>
  role === "owner" ? STAFF_ROLES : role === "manager" ? STAFF_ROLES.filter((r) => r !== "owner") : [];
