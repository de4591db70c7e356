import { z } from "zod";
import type { Route } from "./+types/messages";
import { CACHE_TIERS } from "../../config/cache";
import { TEXT_RESOURCES } from "../../domain/locales";
import { messagesJson, messagesVersion } from "../i18n/messages.server";

const MESSAGES_FILE = z
  .string()
  .regex(/^[A-Za-z-]+\.[0-9a-f]{12}\.json$/)
  .transform((file) => {
    const [resource = "", version = ""] = file.split(".");
    return { resource, version };
  })
  .pipe(z.object({ resource: z.enum(TEXT_RESOURCES), version: z.string() }));

/**
 * A locale's messages for the browser (the page names the URL, i18n/messages.server.ts),
 * so they are not part of every page and a browser downloads each version once: the
 * URL's version is a digest of the texts, kept for good. An older version (a page from
 * before a deploy) gets the current texts, which the browser must ask for again.
 */
export function loader({ params }: Route.LoaderArgs) {
  const file = MESSAGES_FILE.safeParse(params.file);
  if (!file.success) {
    return Response.json(
      { error: "Unknown messages file: expected <text resource>.<version>.json" },
      { status: 404, headers: { "Cache-Control": CACHE_TIERS.never } },
    );
  }
  const { resource, version } = file.data;
  const current = version === messagesVersion(resource);
  return new Response(messagesJson(resource), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": current ? CACHE_TIERS.immutable : CACHE_TIERS.revalidate,
    },
  });
}
