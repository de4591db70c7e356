/**
 * The newsletter endpoints:
 *   GET  /web-api/newsletter-challenge?action=newsletterContainer  a spam-protection challenge
 *   POST /web-api/newsletter-subscribe   a form post (utf-8): email, uniqueIdentifier, reCaptchaToken
 *   POST /web-api/newsletter-confirm     { token } from the confirmation mail
 * A sign-up without a valid spam-protection solution is refused; a valid one answers the
 * same whether the address was known or not: the next step is in the mail.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { emailField } from "../../domain/customers";
import { NEWSLETTER_ACTION } from "../../domain/newsletterPaths";
import { clientAddress } from "../middleware/clientAddress";
import { challengeRoute, requestSite } from "./formSite";
import type { ShopServices } from "../services";
import { invalidInput, problem } from "./problem";
import { tooLarge } from "../middleware/errors";

const subscribeForm = z.object({
  email: emailField,
  uniqueIdentifier: z.string().trim().min(1).max(300),
  reCaptchaToken: z.string().max(4000),
});
const confirmBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

export function newsletterRoutes(services: ShopServices): Hono {
  const { customers, hosts } = services;
  const routes = new Hono();

  const siteOf = (c: Context) => requestSite(hosts, c);

  routes.use("/web-api/newsletter-*", async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    if (c.req.method !== "POST") return next();
    const origin = c.req.header("origin");
    if (origin && (!URL.canParse(origin) || new URL(origin).host !== c.req.header("host"))) {
      return problem(c, 403, {
        code: "forbidden",
        detail: "Sign-ups come from this shop's own pages.",
      });
    }
    return next();
  });
  routes.use(
    "/web-api/newsletter-*",
    bodyLimit({ maxSize: 8 * 1024, onError: (c) => tooLarge(c) }),
  );

  challengeRoute(
    routes,
    "/web-api/newsletter-challenge",
    NEWSLETTER_ACTION,
    customers.spamProtection,
  );

  routes.post("/web-api/newsletter-subscribe", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}));
    const parsed = subscribeForm.safeParse(form);
    if (!parsed.success) {
      return invalidInput(c, parsed.error);
    }
    const { email, uniqueIdentifier, reCaptchaToken } = parsed.data;
    if (!(await customers.spamProtection.verify(reCaptchaToken, NEWSLETTER_ACTION))) {
      return problem(c, 403, {
        code: "spam_protection",
        detail: "The spam-protection solution is missing or invalid.",
      });
    }
    const site = siteOf(c);
    const result = await customers.newsletter.subscribe({
      ...site,
      email,
      source: uniqueIdentifier,
      ip: clientAddress(c),
      links: customers.newsletterLinks(site, new URL(c.req.url)),
    });
    if (result.throttled)
      return problem(c, 429, {
        code: "throttled",
        detail: "Too many sign-ups; please try again later.",
      });
    return c.json({ pending: true }, 202);
  });

  routes.post("/web-api/newsletter-confirm", async (c) => {
    const parsed = confirmBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return invalidInput(c, parsed.error);
    const confirmed = await customers.newsletter.confirm(parsed.data.token);
    return confirmed
      ? c.json({ confirmed: true })
      : problem(c, 400, {
          code: "invalid_link",
          detail: "This link has expired or was already used.",
        });
  });

  return routes;
}
