/**
 * All cores of a machine: with WEB_CONCURRENCY above one the first process becomes a
 * supervisor that starts that many shop workers on the same port (node:cluster hands the
 * connections out in turn), starts a worker again when one dies, and passes SIGTERM and
 * SIGINT on so each drains as a single process would. Workers share nothing but the
 * database and the image cache folder (written by renaming whole files into place), so
 * they need PostgreSQL: the embedded PGlite belongs to one process
 * (docs/decisions/0011-workers-need-postgresql.md). A page one worker keeps in its page
 * cache goes through the supervisor to the others (server/pageCache.ts `adopt`), so a page
 * is rendered once per machine, not once per worker.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger";
import type { SharedPage } from "./pageCache";

/** The message a worker sends with a page it kept, and the supervisor hands to the others. */
export const SHARED_PAGE_MESSAGE = "shop:page";

interface SharedPageMessage {
  kind: typeof SHARED_PAGE_MESSAGE;
  page: SharedPage;
}

function isSharedPageMessage(message: unknown): message is SharedPageMessage {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { kind?: unknown }).kind === SHARED_PAGE_MESSAGE
  );
}

/**
 * A worker's side of sharing kept pages (server/pageCache.ts `share` and `adopt`): what it
 * keeps goes to the supervisor, and what the other workers kept comes from it.
 */
export function sharePagesWithWorkers(): {
  send: (page: SharedPage) => void;
  receive: (adopt: (page: SharedPage) => void) => void;
} {
  return {
    send(page) {
      if (!process.connected) return;
      process.send?.({ kind: SHARED_PAGE_MESSAGE, page } satisfies SharedPageMessage);
    },
    receive(adopt) {
      process.on("message", (message: unknown) => {
        if (isSharedPageMessage(message)) adopt(message.page);
      });
    },
  };
}

/** The supervisor hands a page one worker kept to every other worker that is up. */
export function relaySharedPage(
  from: Pick<Worker, "id">,
  message: unknown,
  workers: readonly (Pick<Worker, "id" | "send" | "isConnected"> | undefined)[],
): number {
  if (!isSharedPageMessage(message)) return 0;
  let sent = 0;
  for (const worker of workers) {
    if (!worker || worker.id === from.id || !worker.isConnected()) continue;
    worker.send(message);
    sent++;
  }
  return sent;
}

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

  // Pages go between workers as bytes (structured clone), not as JSON arrays of numbers.
  cluster.setupPrimary({ serialization: "advanced" });
  cluster.on("message", (worker, message) =>
    relaySharedPage(worker, message, Object.values(cluster.workers ?? {})),
  );
  const start = () => cluster.fork();
  cluster.on("listening", (worker: Worker, address) => {
    log.info(
      { worker: worker.id, pid: worker.process.pid, port: address.port },
      "worker listening",
    );
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      // A worker leaves cluster.workers only once both its exit and its disconnect have
      // been seen, in either order, so the last exit can find it still listed: count the
      // living instead.
      if (Object.values(cluster.workers ?? {}).every((each) => !each || each.isDead())) {
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
