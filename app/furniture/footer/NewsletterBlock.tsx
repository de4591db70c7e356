import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useT } from "~/i18n/i18n";
import { useRootData } from "~/lib/rootData";
import { NEWSLETTER_ACTION } from "../../../domain/newsletterPaths";
import { prepareSpamToken, spamToken } from "../../integrations/spamToken";
import type { NewsletterBlockData } from "../types";

/** The newsletter e-mail pattern: local part, @, domain, a top-level part of 2+ characters. */
export const NEWSLETTER_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The form's unique identifier, derived from the page path. */
export function newsletterIdentifier(pathname: string): string {
  return `footer:${pathname.replace(/[^\w/-]/g, "").slice(0, 200) || "/"}`;
}

type Status = "idle" | "sending" | "done" | "failed";

/**
 * A sign-up sent without JavaScript comes back to its page with the outcome in the
 * `newsletter` query parameter; each outcome's message in the shop's language.
 */
const RETURNED_MESSAGE = {
  pending: "furniture.newsletterDone",
  invalid: "furniture.newsletterInvalid",
  "spam-protection": "furniture.newsletterNoScript",
  throttled: "furniture.newsletterTooMany",
} as const;

function returnedMessage(outcome: string | null) {
  return outcome && Object.hasOwn(RETURNED_MESSAGE, outcome)
    ? RETURNED_MESSAGE[outcome as keyof typeof RETURNED_MESSAGE]
    : null;
}

/** Where the sign-up goes, with JavaScript (fetch) and without it (the form's own post). */
const NEWSLETTER_SUBSCRIBE_URL = "/web-api/newsletter-subscribe";

/**
 * The footer's newsletter block: headline, text and the sign-up form. An invalid address
 * submits nothing and shows nothing; a valid one is posted to the newsletter
 * endpoint as a form post.
 */
export function NewsletterBlock({ data }: { data: NewsletterBlockData }) {
  const t = useT();
  const { pathname } = useLocation();
  const rootData = useRootData();
  const recaptcha = rootData?.thirdParty.recaptcha;
  const [status, setStatus] = useState<Status>("idle");
  const returned = returnedMessage(useSearchParams()[0].get("newsletter"));
  // The address a sign-up without JavaScript was refused with, to be corrected.
  const refusedEmail = returned ? (rootData?.newsletterEmail ?? undefined) : undefined;
  return (
    <section
      className="newsletter"
      style={{ backgroundColor: data.backgroundColor, color: data.textColor }}
      aria-labelledby="newsletter-title"
    >
      <div className="newsletter__inner">
        <div className="newsletter__copy">
          <h2 id="newsletter-title">{data.headline}</h2>
          {data.newsletterHtml ? (
            <div
              className="newsletter__text"
              dangerouslySetInnerHTML={{ __html: data.newsletterHtml }}
            />
          ) : null}
        </div>
        {/* Without JavaScript the form still posts (the address never goes into a URL). */}
        <form
          className="newsletter__form"
          method="post"
          action={NEWSLETTER_SUBSCRIBE_URL}
          noValidate
          // The spam protection's computing starts with the first input, not on sending.
          onInput={() => prepareSpamToken(NEWSLETTER_ACTION, { recaptcha })}
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const email = String(new FormData(form).get("email") ?? "").trim();
            if (!NEWSLETTER_EMAIL.test(email) || status === "sending") return;
            setStatus("sending");
            const body = new URLSearchParams({
              email,
              uniqueIdentifier: newsletterIdentifier(pathname),
              reCaptchaToken: await spamToken(NEWSLETTER_ACTION, { recaptcha }),
            });
            try {
              const response = await fetch(NEWSLETTER_SUBSCRIBE_URL, {
                method: "POST",
                headers: { "Content-Type": "application/x-www-form-urlencoded;charset=utf-8" },
                body,
              });
              setStatus(response.ok ? "done" : "failed");
              // Emptied, not reset: a reset would bring back an address refused before.
              const field = form.elements.namedItem("email");
              if (response.ok && field instanceof HTMLInputElement) field.value = "";
            } catch {
              setStatus("failed");
            }
          }}
        >
          <input type="hidden" name="uniqueIdentifier" value={newsletterIdentifier(pathname)} />
          <label className="visually-hidden" htmlFor="newsletter-email">
            {data.inputPlaceholder || t("furniture.newsletterEmail")}
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder={data.inputPlaceholder}
            defaultValue={refusedEmail}
            aria-invalid={returned === "furniture.newsletterInvalid" ? true : undefined}
            aria-describedby={returned ? "newsletter-status" : undefined}
            required
          />
          <button type="submit" className="button" disabled={status === "sending"}>
            {data.ctaText || t("furniture.newsletterSubmit")}
          </button>
          <p className="newsletter__status" id="newsletter-status" role="status">
            {status === "done" ? t("furniture.newsletterDone") : null}
            {status === "failed" ? t("furniture.newsletterFailed") : null}
            {status === "idle" && returned ? t(returned) : null}
          </p>
        </form>
      </div>
    </section>
  );
}
