/**
 * The contact form as a plain form post to its page, for a browser without JavaScript (or
 * before the page's code has loaded): the message goes to the customer service like one
 * sent from the form's code, and the page is shown again with the outcome, the problem of
 * each wrong field and what the shopper typed. The answer belongs to this visitor only.
 */
import { data, type RouterContextProvider } from "react-router";
import { CACHE_TIERS } from "../../../config/cache";
import {
  CONTACT_FORM_FIELDS,
  CONTACT_FORM_POST_FIELD,
  contactFormValues,
  type ContactFormErrors,
  type ContactFormField,
} from "../../../domain/contactForm";
import { shopContext } from "../../context";
import { requestForm } from "../../lib/forms.server";
import { logInfo } from "../../lib/log";
import { localeContext } from "../../lib/site";

/** What a page's contact form shows after a post. */
export interface ContactFormAnswer {
  /** The block the post came from. */
  uid: string;
  sent: boolean;
  errors: ContactFormErrors;
  /** A problem of the whole form: no valid spam-protection solution, or too many messages. */
  problem: "spam-protection" | "throttled" | null;
  /** What the shopper typed, shown again unless the message went. */
  values: Record<ContactFormField, string> | null;
}

export interface ContactFormActionData {
  contactForm: ContactFormAnswer;
}

const STATUS = { invalid: 400, "spam-protection": 403, throttled: 429 } as const;

export async function contactFormAction({
  context,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
}) {
  const form = await requestForm(request);
  const uid = form.get(CONTACT_FORM_POST_FIELD);
  // The contact form is the only form a content page takes.
  if (typeof uid !== "string" || uid === "" || uid.length > 100) {
    // The sender's mistake, noted as React Router's own 405 for a page without a form is.
    logInfo("request-error", { status: 405, method: request.method, url: request.url });
    throw data({ message: "This page takes no form posts" }, { status: 405 });
  }
  const { channel, locale } = context.get(localeContext);
  const { services, clientAddress } = context.get(shopContext);
  const fields = Object.fromEntries(
    CONTACT_FORM_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : undefined];
    }),
  );
  const token = form.get("token");
  const result = await services.customers.contactForm.send({
    site: { channel, locale },
    form: fields,
    token: typeof token === "string" ? token : "",
    ip: clientAddress,
  });
  const answer: ContactFormAnswer = result.ok
    ? { uid, sent: true, errors: {}, problem: null, values: null }
    : {
        uid,
        sent: false,
        errors: result.problem === "invalid" ? result.errors : {},
        problem: result.problem === "invalid" ? null : result.problem,
        values: contactFormValues(fields),
      };
  return data({ contactForm: answer } satisfies ContactFormActionData, {
    status: result.ok ? 200 : STATUS[result.problem],
    headers: { "Cache-Control": CACHE_TIERS.never },
  });
}
