/**
 * The kept log-in history of customers (`customer_log_ins`): one row for each log-in that
 * starts a session, written in the session's own transaction, with the address cut to its
 * network and the browser reduced to its family (domain/logInHistory.ts). The retention job
 * removes rows older than LOG_IN_HISTORY_DAYS; an account's rows go with it.
 */
import { lt } from "drizzle-orm";
import { deleteInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { customerLogIns } from "../../db/schema";
import { MS_PER_DAY } from "../../domain/constants";
import {
  LOG_IN_HISTORY_DAYS,
  truncatedAddress,
  userAgentFamily,
  type LogInMethod,
} from "../../domain/logInHistory";

/** How a session was won, as the caller knows it (the raw address and user agent). */
export interface LogInFacts {
  method: LogInMethod;
  ip: string | undefined;
  userAgent: string | undefined;
}

/** The history's row of a log-in: nothing of the address or browser beyond what it keeps. */
export function logInRow(customerId: number, facts: LogInFacts, at: Date) {
  return {
    customerId,
    method: facts.method,
    network: truncatedAddress(facts.ip),
    browser: userAgentFamily(facts.userAgent),
    createdAt: at,
  };
}

/** Removes log-ins older than the history keeps; says how many went. */
export function pruneLogIns(db: Db, now = new Date()): Promise<number> {
  return deleteInBatches(
    db,
    customerLogIns,
    lt(customerLogIns.createdAt, new Date(now.getTime() - LOG_IN_HISTORY_DAYS * MS_PER_DAY)),
  );
}
