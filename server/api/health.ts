import { Hono } from "hono";
import { loadedReactBuild } from "../runtime";
import type { ShopServices } from "../services";

/** `/health`: the process is up, the state of its database, and which React build renders. */
export function healthRoutes(services: ShopServices): Hono {
  const routes = new Hono();
  routes.get("/health", async (c) => {
    const database = await services.database.ping();
    const body = {
      status: database.ok ? "ok" : "degraded",
      database: { kind: services.database.kind, ...database },
      uptimeSeconds: Math.round(process.uptime()),
      react: loadedReactBuild(),
    };
    c.header("Cache-Control", "no-store");
    return c.json(body, database.ok ? 200 : 503);
  });
  return routes;
}
