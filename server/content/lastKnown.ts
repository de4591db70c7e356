/**
 * What a remote content service last answered, kept in the database: a process that
 * starts while the service is down serves every story some process read before.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentLastKnown } from "../../db/schema";

export class LastKnownContent {
  constructor(private readonly db: Db) {}

  /** The answer kept under `key`; undefined when none was. */
  async get(key: string): Promise<{ value: unknown } | undefined> {
    const [row] = await this.db
      .select({ value: contentLastKnown.value })
      .from(contentLastKnown)
      .where(eq(contentLastKnown.key, key));
    return row ? { value: row.value } : undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    const storedAt = new Date();
    await this.db
      .insert(contentLastKnown)
      .values({ key, value, storedAt })
      .onConflictDoUpdate({ target: contentLastKnown.key, set: { value, storedAt } });
  }
}
