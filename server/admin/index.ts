/**
 * The back office's services: operators (log-in, second factor, sessions, audit log),
 * customers' data (search, export, erasure) and the outbox as a mailbox.
 */
import type { Db } from "../../db/client";
import type { Mailer } from "../customers/mail";
import { createCustomerAdmin, type CustomerAdmin } from "./customers";
import { createAdminMailbox, type AdminMailbox } from "./mailbox";
import { createOperatorService, type OperatorService } from "./operators";

export interface AdminServices {
  operators: OperatorService;
  customers: CustomerAdmin;
  mailbox: AdminMailbox;
}

export function createAdminServices(options: { db: Db; mailer: Mailer }): AdminServices {
  const operators = createOperatorService({ db: options.db });
  return {
    operators,
    customers: createCustomerAdmin({ db: options.db, operators }),
    mailbox: createAdminMailbox({ db: options.db, mailer: options.mailer, operators }),
  };
}
