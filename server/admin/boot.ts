/**
 * What the shop says about its back office when it starts: the one-time link that creates
 * the first owner while there is none (PGlite lets only one process open the database, so
 * the running shop itself has to hand it out), and a warning when mails cannot leave.
 */
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { OperatorService } from "./operators";

export async function announceBackOffice(options: {
  env: Env;
  log: Logger;
  operators: OperatorService;
  /** Where this process listens, for the link (the path works on every shop host). */
  origin: string;
}): Promise<void> {
  const { env, log, operators, origin } = options;
  if (!env.SMTP_URL && env.HOSTS_FILE) {
    log.warn(
      { id: "mail-back-office-only" },
      "SMTP_URL is not set: the shop's mails (sign-up, password reset, orders) reach nobody; they wait in the outbox, readable in the back office at /_admin/mail",
    );
  }
  const token = await operators.setupToken();
  if (token) {
    log.warn(
      { id: "back-office-setup", path: `/_admin/setup?token=${token}` },
      `No back-office owner yet: create one within 24 hours at ${origin}/_admin/setup?token=${token} (or stop the shop and run npm run operator:create)`,
    );
  }
}
