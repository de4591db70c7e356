/**
 * The back office's services: operators (log-in, second factor, sessions, audit log),
 * customers' data (search, export, erasure) and the outbox as a mailbox.
 */
import type { Db } from "../../db/client";
import type { Mailer } from "../customers/mail";
import { createCustomerAdmin, type CustomerAdmin } from "./customers";
import { createDashboard, type AdminDashboard } from "./dashboard";
import { createAdminMailbox, type AdminMailbox } from "./mailbox";
import { createOrderAdmin, type OrderAdmin } from "./orders";
import { createProduction, type Production } from "./production";
import { createVoucherAdmin, type VoucherAdmin } from "./vouchers";
import type { StudioStorage } from "../studio/storage";
import {
  adminCookie,
  adminToken,
  clearedAdminCookie,
  createOperatorService,
  csrfToken,
  csrfValid,
  type OperatorService,
} from "./operators";

export interface AdminServices {
  operators: OperatorService;
  customers: CustomerAdmin;
  mailbox: AdminMailbox;
  dashboard: AdminDashboard;
  /** Orders as the back office lists and shows them (changes go through the order service). */
  orders: OrderAdmin;
  /** Print files and proofs, the production queue, batch ZIPs. */
  production: Production;
  /** Voucher codes and their ledgers. */
  vouchers: VoucherAdmin;
  /** The session cookie (Secure and __Host- over HTTPS), its removal, and the token a request carries. */
  cookie(token: string, secure: boolean): string;
  clearedCookie(secure: boolean): string;
  token(cookies: string | null): string | undefined;
  /** The CSRF token of a session's forms, and its check. */
  csrfToken(sessionToken: string): string;
  csrfValid(sessionToken: string, given: unknown): boolean;
}

export function createAdminServices(options: {
  db: Db;
  mailer: Mailer;
  /** Where the studio keeps print files and proofs (none: they cannot be downloaded). */
  storage?: StudioStorage;
}): AdminServices {
  const operators = createOperatorService({ db: options.db });
  return {
    operators,
    customers: createCustomerAdmin({ db: options.db, operators }),
    mailbox: createAdminMailbox({ db: options.db, mailer: options.mailer, operators }),
    dashboard: createDashboard({ db: options.db }),
    orders: createOrderAdmin({ db: options.db }),
    vouchers: createVoucherAdmin({ db: options.db, operators }),
    production: createProduction({ db: options.db, storage: options.storage ?? null }),
    cookie: adminCookie,
    clearedCookie: clearedAdminCookie,
    token: adminToken,
    csrfToken,
    csrfValid,
  };
}
