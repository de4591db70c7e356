/**
 * Fills an empty database. Each step is idempotent and recorded in app_meta, so a
 * restart or a second process never seeds twice.
 */
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { appMeta } from "./schema";
import type { Logger } from "pino";

export interface SeedStep {
  /** Bump the version to run the step again on existing databases. */
  name: string;
  version: number;
  run(db: Db, log: Logger): Promise<void>;
}

export async function runSeed(db: Db, steps: SeedStep[], log: Logger): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    const key = `seed:${step.name}`;
    const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
    const done = (row?.value as { version?: number } | undefined)?.version ?? 0;
    if (done >= step.version) continue;
    await step.run(db, log);
    await db
      .insert(appMeta)
      .values({ key, value: { version: step.version } })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: { version: step.version }, updatedAt: new Date() },
      });
    log.info({ step: step.name, version: step.version }, "seed step ran");
    ran.push(step.name);
  }
  return ran;
}
