/**
 * Wrong access tokens per address: after BAD_TOKENS.limit of them in a minute (counted
 * in the database, so across processes) the address is refused until the minute is
 * over, before its token is even looked at. The shop's own in-process reads are exempt.
 */
import type { Db } from "../db/client";
import { hit, type Window } from "../db/throttle";
import { IN_PROCESS } from "./rateLimit";

export const BAD_TOKENS: Window = { ms: 60_000, limit: 30 };

export class BadTokenGuard {
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** True while the address must be refused. */
  blocked(address: string, now = Date.now()): boolean {
    const until = this.blockedUntil.get(address);
    if (until === undefined) return false;
    if (until > now) return true;
    this.blockedUntil.delete(address);
    return false;
  }

  /** Counts a wrong token; past the limit the address is blocked for the rest of the window. */
  async failed(address: string, now = Date.now()): Promise<void> {
    if (address === IN_PROCESS) return;
    if (await hit(this.db, `bad-token:${address}`, BAD_TOKENS, new Date(now))) return;
    if (this.blockedUntil.size > 10_000) this.blockedUntil.clear();
    this.blockedUntil.set(address, (Math.floor(now / BAD_TOKENS.ms) + 1) * BAD_TOKENS.ms);
  }
}
