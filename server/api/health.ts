import { Hono } from "hono";
import type { ShopServices } from "../services";

/** `/health`: the process is up, and the state of its database. */
export function healthRoutes(services: ShopServices): Hono {
  const routes = new Hono();
  routes.get("/health", async (c) => {
    const database = await services.database.ping();
    const body = {
      status: database.ok ? "ok" : "degraded",
      database: { kind: services.database.kind, ...database },
      uptimeSeconds: Math.round(process.uptime()),
    };
    c.header("Cache-Control", "no-store");
    return c.json(body, database.ok ? 200 : 503);
  });
  return routes;
}
