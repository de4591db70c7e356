/**
 * The mail retry job of a shop process: every minute the outbox's mails that SMTP refused
 * and that are due again (server/customers/mail.ts) are offered once more, through a gate
 * of their own, so one process of the cluster sends at a time and no mail goes twice.
 * Runs only where SMTP_URL is set; started and stopped with the retention job.
 */
import type { Mailer, RetryResult } from "../customers/mail";
import type { Logger } from "../logger";
import type { ShopServices } from "../services";
import { createPeriodicJob } from "./periodic";
import { gateFor, type GateAnswer, type RetentionGate } from "./gate";

export const MAIL_RETRY_INTERVAL_MS = 60_000;
/** A process skips its tick when another retried within this share of the interval. */
const MIN_GAP_SHARE = 0.9;

export type MailRetryTick = GateAnswer<RetryResult> | { ran: false; reason: "stopped" };

export interface MailRetryJob {
  /** Ticks every interval from now on (nothing without SMTP_URL). */
  start(): void;
  /** One retry pass through the gate. */
  tick(): Promise<MailRetryTick>;
  /** No further tick starts; resolves once the running one ended, or after STOP_WAIT_MS. */
  stop(): Promise<void>;
}

export interface MailRetryOptions {
  mailer: Pick<Mailer, "retry">;
  gate: RetentionGate;
  log: Logger;
  /** Off where no SMTP server is configured: the outbox is the mailbox then. */
  enabled: boolean;
  intervalMs?: number;
  now?: () => Date;
}

export function createMailRetryJob(options: MailRetryOptions): MailRetryJob {
  const { mailer, gate, log } = options;
  const now = options.now ?? (() => new Date());

  async function pass(): Promise<MailRetryTick> {
    const at = now();
    const passed = await gate.pass(at, () => mailer.retry(at));
    // A line only when a mail was offered: an idle minute says nothing.
    if (passed.ran && passed.value.sent + passed.value.failed + passed.value.givenUp > 0) {
      log.info({ id: "mail-retried", ...passed.value }, "mail retry");
    }
    return passed;
  }

  const job = createPeriodicJob({
    run: pass,
    intervalMs: options.intervalMs ?? MAIL_RETRY_INTERVAL_MS,
    onError: (error) => log.warn({ id: "mail-retry-unavailable", reason: error.message }, "mail"),
  });
  return {
    start() {
      if (options.enabled) job.start();
    },
    tick: job.tick,
    stop: job.stop,
  };
}

/** The job as the shop wires it: the customers' mailer, the database's gate, SMTP_URL deciding. */
export function createMailRetry(
  services: Pick<ShopServices, "customers" | "database" | "env" | "log">,
  options: { now?: () => Date } = {},
): MailRetryJob {
  return createMailRetryJob({
    mailer: services.customers.mailer,
    gate: gateFor(services.database, MAIL_RETRY_INTERVAL_MS * MIN_GAP_SHARE, "mail-retry"),
    log: services.log,
    enabled: Boolean(services.env.SMTP_URL),
    ...options,
  });
}
