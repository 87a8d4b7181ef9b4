// The menu: each page with the permission it needs (docs/staff.md, "Roles and permissions").
// A member sees only the pages their role allows; the API refuses the rest anyway.
export interface MenuEntry {
  readonly label: string;
  readonly href: string;
  readonly permission: string;
}

/** The pages built so far, in menu order. */
export const MENU: readonly MenuEntry[] = [
  { label: "Dashboard", href: "/admin", permission: "dashboard.read" },
  { label: "Orders", href: "/admin/orders", permission: "orders.read" },
  { label: "Returns", href: "/admin/returns", permission: "returns.manage" },
  { label: "Customers", href: "/admin/customers", permission: "customers.read" },
  { label: "Products", href: "/admin/products", permission: "catalog.read" },
  { label: "Import", href: "/admin/import", permission: "catalog.write" },
  { label: "Promotions", href: "/admin/promotions", permission: "catalog.read" },
  { label: "Gift cards", href: "/admin/gift-cards", permission: "gift_cards.manage" },
  { label: "Price rules", href: "/admin/price-rules", permission: "catalog.read" },
  { label: "Shipping", href: "/admin/shipping", permission: "catalog.read" },
  { label: "Inbox", href: "/admin/inbox", permission: "inbox.read" },
  { label: "Audit log", href: "/admin/audit-log", permission: "audit.read" },
  { label: "Webhooks", href: "/admin/webhooks", permission: "webhooks.manage" },
  { label: "Staff", href: "/admin/staff", permission: "staff.manage" },
  { label: "Settings", href: "/admin/settings", permission: "settings.manage" },
  { label: "Taxes", href: "/admin/taxes", permission: "settings.manage" },
  { label: "API keys", href: "/admin/api-keys", permission: "api_keys.manage" },
];

export const menuFor = (permissions: ReadonlySet<string>): readonly MenuEntry[] => MENU.filter((entry) => permissions.has(entry.permission));
