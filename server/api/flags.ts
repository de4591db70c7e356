/**
 * The feature-flag paths: the treatments of the asking visitor (the same ones the page
 * was rendered with) and the events an experiment measures. The visitor is the
 * visitor_key cookie; the channel comes from the host.
 */
import { Hono } from "hono";
import { z } from "zod";
import { visitorKey } from "../../domain/cookies";
import { siteOrDefault } from "../middleware/site";
import type { ShopServices } from "../services";
import { problem } from "./problem";

export const FEATURE_FLAGS_PATH = "/web-api/feature-flags";
export const FEATURE_FLAG_EVENTS_PATH = "/web-api/feature-flags/events";

/** An event as the browser reports it; the rules of domain/flags.ts check the rest. */
export const flagEventInput = z.object({
  eventType: z.string().min(1).max(200).optional(),
  value: z.number().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});

export function flagRoutes(services: Pick<ShopServices, "flags">): Hono {
  const app = new Hono();

  app.get(FEATURE_FLAGS_PATH, (c) => {
    const { featureFlags } = services.flags.forRequest(c.req.raw, siteOrDefault(c).channel);
    c.header("Cache-Control", "private, no-store");
    return c.json({ featureFlags, readiness: services.flags.readiness() });
  });

  app.post(FEATURE_FLAG_EVENTS_PATH, async (c) => {
    const key = visitorKey(c.req.header("cookie") ?? "");
    if (!key) {
      return problem(c, 400, {
        code: "invalid_request",
        detail: "No visitor key",
        errors: { visitor_key: "missing" },
      });
    }
    const body = flagEventInput.safeParse(await c.req.json().catch(() => null));
    if (!body.success) {
      const field = String(body.error.issues[0]?.path[0] ?? "body");
      return problem(c, 400, {
        code: "invalid_request",
        detail: `${field}: invalid`,
        errors: { [field]: "invalid" },
      });
    }
    const refused = services.flags.track({ key, ...body.data });
    if (refused === "track failure") {
      return problem(c, 503, { code: "unavailable", detail: "The event could not be recorded" });
    }
    if (refused) {
      return problem(c, 400, {
        code: "invalid_request",
        detail: refused,
        errors: { event: refused },
      });
    }
    return c.body(null, 202);
  });
  return app;
}
