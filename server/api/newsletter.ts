/**
 * The newsletter endpoints:
 *   GET  /web-api/newsletter-challenge?action=newsletterContainer  a spam-protection challenge
 *   POST /web-api/newsletter-subscribe   a form post (utf-8): email, uniqueIdentifier, reCaptchaToken
 *   POST /web-api/newsletter-confirm     { token } from the confirmation mail
 * A sign-up without a valid spam-protection solution is refused; a valid one answers the
 * same whether the address was known or not: the next step is in the mail.
 *
 * The footer form also posts without JavaScript. A browser sending it as a page navigation
 * (it asks for HTML) gets no JSON but a redirect back to the page the form was on, with the
 * outcome in the `newsletter` query parameter, which the footer turns into a message in the
 * shop's language. The address itself never goes into that URL: a refused one comes back
 * in a short-lived server-only cookie (domain/newsletterFlash.ts), so the form shows it
 * again to be corrected.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { emailField } from "../../domain/customers";
import { clearNewsletterFlashCookie, newsletterFlashCookie } from "../../domain/newsletterFlash";
import { NEWSLETTER_ACTION } from "../../domain/newsletterPaths";
import { isSecureRequest } from "../middleware/forwarded";
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
/** The outcome a page navigation is sent back with, shown by the footer's newsletter block. */
export type NewsletterOutcome = "pending" | "invalid" | "spam-protection" | "throttled";

/**
 * The page a form without JavaScript was on, from its identifier "footer:/path": a path on
 * this site only (one leading slash, letters, digits, "_", "-" and "/"), else the home page,
 * so the redirect can never lead elsewhere.
 */
export function newsletterReturnPath(identifier: unknown): string {
  const match = typeof identifier === "string" ? /^footer:(\/[\w/-]*)$/.exec(identifier) : null;
  const path = match?.[1];
  return path && !path.startsWith("//") ? path : "/";
}

/** True for a browser's own form post (a navigation asking for a page), not a script's fetch. */
function wantsPage(c: Context): boolean {
  return (c.req.header("accept") ?? "").includes("text/html");
}

const confirmBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

export function newsletterRoutes(services: ShopServices): Hono {
  const { customers } = services;
  const routes = new Hono();

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
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const page = wantsPage(c);
    const back = (outcome: NewsletterOutcome) => {
      // A refused address is shown again on the page; a taken one is not kept at all.
      const secure = isSecureRequest(c.req.raw);
      const flash = outcome === "pending" ? null : newsletterFlashCookie(form.email, secure);
      c.header("Set-Cookie", flash ?? clearNewsletterFlashCookie(secure), { append: true });
      return c.redirect(
        `${newsletterReturnPath(form.uniqueIdentifier)}?newsletter=${outcome}#newsletter-title`,
        303,
      );
    };
    // A post without JavaScript carries no spam-protection token: that is the check failing,
    // not a wrong field, so a correct address is told to switch JavaScript on.
    const parsed = subscribeForm.safeParse(page ? { reCaptchaToken: "", ...form } : form);
    if (!parsed.success) {
      return page ? back("invalid") : invalidInput(c, parsed.error);
    }
    const { email, uniqueIdentifier, reCaptchaToken } = parsed.data;
    if (!(await customers.spamProtection.verify(reCaptchaToken, NEWSLETTER_ACTION))) {
      if (page) return back("spam-protection");
      return problem(c, 403, {
        code: "spam_protection",
        detail: "The spam-protection solution is missing or invalid.",
      });
    }
    const site = requestSite(c);
    const result = await customers.newsletter.subscribe({
      ...site,
      email,
      source: uniqueIdentifier,
      ip: clientAddress(c),
      links: customers.newsletterLinks(site, new URL(c.req.url)),
    });
    if (result.throttled)
      return page
        ? back("throttled")
        : problem(c, 429, {
            code: "throttled",
            detail: "Too many sign-ups; please try again later.",
          });
    return page ? back("pending") : c.json({ pending: true }, 202);
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
