/**
 * POST /web-api/rum: the browser's errors and web vitals (app/integrations/rum.ts sends
 * them with the visitor's statistics consent). A valid post answers 204; a malformed one
 * 400, one over the size limit 413, and too many from one address 429.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  DEVICE_CLASSES,
  RUM_MAX_BODY_BYTES,
  RUM_MAX_EVENTS,
  VITAL_RATINGS,
  WEB_VITALS,
  type RumEvent,
} from "../../domain/rum";
import { clientAddress } from "../middleware/clientAddress";
import { siteOrDefault } from "../middleware/site";
import type { ShopServices } from "../services";
import { problem } from "./problem";

export const RUM_PATH = "/web-api/rum";

const common = {
  device: z.enum(DEVICE_CLASSES),
  path: z.string().min(1).max(2000).startsWith("/"),
};

export const rumEventInput = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("vital"),
    name: z.enum(WEB_VITALS),
    value: z.number().min(0).max(3_600_000),
    rating: z.enum(VITAL_RATINGS),
    ...common,
  }),
  z.object({
    type: z.literal("error"),
    message: z.string().min(1).max(1000),
    source: z.string().max(2000).optional(),
    line: z.number().int().min(0).optional(),
    column: z.number().int().min(0).optional(),
    ...common,
  }),
]) satisfies z.ZodType<RumEvent>;

export const rumPostInput = z
  .object({ events: z.array(rumEventInput).min(1).max(RUM_MAX_EVENTS) })
  .strict();

export function rumRoutes(services: Pick<ShopServices, "rum">): Hono {
  const app = new Hono();
  app.post(
    RUM_PATH,
    bodyLimit({
      maxSize: RUM_MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, { code: "too_large", detail: "The report is too large" }),
    }),
    async (c) => {
      const parsed = rumPostInput.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join(".") || "body";
        return problem(c, 400, {
          code: "invalid_request",
          detail: `${field}: ${issue?.message}`,
          errors: { [field]: issue?.message ?? "invalid" },
        });
      }
      const channel = siteOrDefault(c).channel;
      const stored = await services.rum.record(channel, clientAddress(c), parsed.data.events);
      if (!stored) {
        c.header("Retry-After", "60");
        return problem(c, 429, {
          code: "too_many_requests",
          detail: "Too many reports; try again in a minute",
        });
      }
      return c.body(null, 204);
    },
  );
  return app;
}
