/**
 * What each back-office role may do (pure rules, shared by server and pages). Every loader
 * and action asks `may` on the server before it reads or changes anything; the pages only
 * hide what the server refuses anyway.
 */
export const ROLES = ["owner", "operator", "production", "content_editor"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** Create operators, change their roles, end their sessions. */
  "operators.manage",
  /** Read the audit log. */
  "audit.read",
  /** The outbox as a mailbox: read and resend mails. */
  "mail.read",
  "mail.resend",
  /** Customers' personal data: search, read, export, erase. */
  "customers.read",
  "customers.export",
  "customers.erase",
  /** Vouchers and their ledgers. */
  "vouchers.read",
  "vouchers.write",
  /** The dashboard's figures. */
  "dashboard.read",
  /** Orders: read them (lines, print files, addresses for shipping) and move them on. */
  "orders.read",
  "orders.produce",
  /** Money and the customer's side of an order: mark paid, refund, cancel, resend its mails. */
  "orders.money",
  /** The content editor: save stories' drafts and publish them. */
  "content.edit",
  /**
   * Customer pictures: approve one for the galleries or refuse (delete) it. The photos are
   * what shoppers handed in for the shop's pages, so the people who edit those pages
   * review them too.
   */
  "pictures.review",
  /**
   * The flag page: every flag's treatment for this browser, the shared one and the flag
   * file. It changes nothing (flags are set in the flag file or the flag service), so it is
   * open to whoever builds or checks the storefront's pages; production does neither.
   */
  "flags.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  operator: [
    "audit.read",
    "mail.read",
    "mail.resend",
    "customers.read",
    "customers.export",
    "customers.erase",
    "vouchers.read",
    "vouchers.write",
    "dashboard.read",
    "orders.read",
    "orders.produce",
    "orders.money",
    "content.edit",
    "pictures.review",
    "flags.read",
  ],
  // Production prints and ships: it sees orders, never customers' data beyond them.
  production: ["dashboard.read", "orders.read", "orders.produce"],
  content_editor: ["content.edit", "pictures.review", "flags.read"],
};

export function may(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** Owners and operators handle money and personal data: they must give a second factor. */
export function needsSecondFactor(role: Role): boolean {
  return role === "owner" || role === "operator";
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  operator: "Operator",
  production: "Production",
  content_editor: "Content editor",
};

/** Every permission of a role (the pages show only what it may do). */
export function permissionsOf(role: Role): readonly Permission[] {
  return GRANTS[role];
}
