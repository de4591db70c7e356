import cluster from "node:cluster";
import { Hono } from "hono";
import { loadedReactBuild } from "../runtime";
import { pingAhead } from "../healthPing";
import type { ShopServices } from "../services";

/**
 * `/health`: the process is up, the state of its database, and which React build renders.
 * `/health/live` answers while the process runs (restart it when this fails);
 * `/health/ready` only while it can serve, its database reachable and not shutting down
 * (send it traffic only then). Both ask the database ahead of the queries other requests
 * queued (../healthPing.ts): a check answers how the shop is, not how long its line is.
 */
export function healthRoutes(services: ShopServices, state: { stopping(): boolean }): Hono {
  const routes = new Hono();
  routes.get("/health/live", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok", uptimeSeconds: Math.round(process.uptime()) });
  });
  routes.get("/health/ready", async (c) => {
    c.header("Cache-Control", "no-store");
    if (state.stopping()) return c.json({ status: "stopping" }, 503);
    const database = await pingAhead(services.database);
    return c.json(
      { status: database.ok ? "ready" : "database unavailable", database: database.ok },
      database.ok ? 200 : 503,
    );
  });
  routes.get("/health", async (c) => {
    const started = performance.now();
    // Asked ahead of the queries other requests have queued (../healthPing.ts).
    const database = await pingAhead(services.database);
    const body = {
      status: database.ok ? "ok" : "degraded",
      database: { kind: services.database.kind, ...database },
      uptimeSeconds: Math.round(process.uptime()),
      // Which of the machine's shop workers answered (0: the shop runs as one process).
      worker: cluster.worker?.id ?? 0,
      react: loadedReactBuild(),
    };
    c.header("Cache-Control", "no-store");
    // Where a slow answer's time went: the database's part, and the route's whole.
    c.header(
      "Server-Timing",
      `db;dur=${database.latencyMs}, total;dur=${(performance.now() - started).toFixed(1)}`,
    );
    return c.json(body, database.ok ? 200 : 503);
  });
  return routes;
}
