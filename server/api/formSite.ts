/**
 * What the public form endpoints (accounts, newsletter, contact form) share: the brand and
 * locale a call is for, and the spam-protection challenge a form fetches before it is sent.
 */
import type { Context, Hono } from "hono";
import type { ChannelId } from "../../config/channels";
import { defaultLocaleFor, localeSettings, parseLocale, type Locale } from "../../domain/locales";
import type { SpamProtection } from "../customers/spamProtection";
import { siteOrDefault } from "../middleware/site";
import { problem } from "./problem";

/** The host's brand, and the X-Locale header's locale when it belongs to the host's country. */
export function requestSite(c: Context): { channel: ChannelId; locale: Locale } {
  const site = siteOrDefault(c);
  const asked = parseLocale(c.req.header("x-locale"));
  const locale =
    asked && localeSettings(asked).country === site.country
      ? asked
      : defaultLocaleFor(site.country);
  return { channel: site.channel, locale };
}

/**
 * GET `path?action=…`: a new challenge for the form's action. Where the browser gets its
 * token from a third party (reCAPTCHA) there is no challenge, and the path is unknown.
 */
export function challengeRoute(
  routes: Hono,
  path: string,
  action: string,
  spamProtection: SpamProtection,
): void {
  const { challenge } = spamProtection;
  if (!challenge) return;
  routes.get(path, async (c) => {
    if (c.req.query("action") !== action) {
      return problem(c, 400, { code: "invalid_request", detail: `action must be ${action}` });
    }
    return c.json(await challenge(action));
  });
}
