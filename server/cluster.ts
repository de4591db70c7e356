/**
 * All cores of a machine: with WEB_CONCURRENCY above one the first process becomes a
 * supervisor that starts that many shop workers on the same port (node:cluster hands the
 * connections out in turn), starts a worker again when one dies, and passes SIGTERM and
 * SIGINT on so each drains as a single process would. Workers share nothing but the
 * database and the image cache folder (written by renaming whole files into place), so
 * they need PostgreSQL: the embedded PGlite belongs to one process
 * (docs/decisions/0011-workers-need-postgresql.md).
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger";

/** A worker that keeps dying this often within a minute stops the supervisor (a crash loop). */
const MAX_RESTARTS_PER_MINUTE = 5;
const RESTART_DELAY_MS = 1_000;

/** How many workers to run: the configured number, or one per core for "auto". */
export function workerCount(setting: number | "auto" | undefined, cores: number): number {
  if (setting === "auto") return Math.max(1, cores);
  return setting ?? 1;
}

/** Why a configured worker count is not used, or null when it is. */
export function workersRefused(workers: number, databaseUrl: string | undefined): string | null {
  if (workers <= 1) return null;
  return databaseUrl
    ? null
    : "several workers need PostgreSQL (DATABASE_URL): the embedded database belongs to one process, so one serves";
}

/** Runs the supervisor: starts the workers and keeps them running until a signal ends them. */
export function superviseWorkers(workers: number, log: Logger): void {
  let stopping = false;
  const restarts: number[] = [];

  const start = () => cluster.fork();
  cluster.on("listening", (worker: Worker, address) => {
    log.info(
      { worker: worker.id, pid: worker.process.pid, port: address.port },
      "worker listening",
    );
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info("all workers stopped");
        process.exit(0);
      }
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log.fatal({ id: "worker-crash-loop", code, signal }, "workers keep dying; giving up");
      process.exit(1);
    }
    log.error({ id: "worker-died", worker: worker.id, code, signal }, "starting a new worker");
    setTimeout(start, RESTART_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping the workers");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  log.info({ workers }, "starting workers");
  for (let i = 0; i < workers; i += 1) start();
}
