/**
 * The retention job of a shop process: the services' prune steps every
 * RETENTION_INTERVAL_MINUTES, through the gate of the database it runs on. Started by
 * the serving process (server/app.ts `start`) and stopped when it shuts down.
 */
import type { ShopServices } from "../services";
import { gateFor } from "./gate";
import { createRetentionScheduler, type RetentionScheduler } from "./scheduler";
import { retentionSteps, type RetentionServices } from "./steps";

export { createRetentionScheduler, type RetentionScheduler } from "./scheduler";

/** The first pruning waits for the boot's rush (imports, first requests) to pass. */
export const FIRST_RUN_MS = 60_000;
/** A process skips its tick when another pruned within this share of the interval. */
const MIN_GAP_SHARE = 0.9;

export function createRetention(
  services: RetentionServices & Pick<ShopServices, "env" | "log">,
): RetentionScheduler {
  const intervalMs = services.env.RETENTION_INTERVAL_MINUTES * 60_000;
  return createRetentionScheduler({
    steps: retentionSteps(services),
    gate: gateFor(services.database, intervalMs * MIN_GAP_SHARE),
    intervalMs,
    // Workers that start together spread their first tick over another minute.
    firstRunMs: FIRST_RUN_MS + Math.floor(Math.random() * FIRST_RUN_MS),
    log: services.log,
  });
}
