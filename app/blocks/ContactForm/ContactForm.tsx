/**
 * Contact form block: headline, introduction, the contact person beside the form, and the
 * form (name, e-mail address, topic, order number where the editor asks for it, message).
 *
 * Without JavaScript it is a plain form post to the page, which comes back with the outcome
 * and what the shopper typed (post.server.ts). With JavaScript the form checks the
 * fields with the same rules as the server, solves the spam-protection challenge and sends
 * the message in place. Every field names its own problem (linked to it for screen
 * readers); after sending, focus moves to the first wrong field, the form's problem or the
 * thanks.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useActionData, useFormAction } from "react-router";
import {
  CONTACT_FORM_ACTION,
  CONTACT_FORM_CHALLENGE_PATH,
  CONTACT_FORM_FIELDS,
  CONTACT_FORM_LIMITS,
  CONTACT_FORM_PATH,
  CONTACT_FORM_POST_FIELD,
  readContactForm,
  type ContactFormErrors,
  type ContactFormField,
  type ContactFormProblem,
} from "../../../domain/contactForm";
import { prepareSpamToken, spamToken } from "../../integrations/spamToken";
import { useT } from "../../i18n/i18n";
import { useRootData } from "../../lib/rootData";
import { Image } from "../../ui/Image";
import type { ContactFormActionData } from "./post.server";
import type { BlockProps, ContactFormBlock, ContactPerson } from "../types";

type FormProblem = "spam-protection" | "throttled" | "failed";

interface FormState {
  status: "idle" | "sending" | "sent";
  errors: ContactFormErrors;
  problem: FormProblem | null;
  /** What the fields start with when the form is shown (again). */
  values: Partial<Record<ContactFormField, string>>;
  /** Counts the answers, so focus moves once per answer. */
  answer: number;
}

/** The message key of a field's problem; a problem a field has no own text for reads as invalid. */
const ERROR_KEYS: Record<ContactFormField, Partial<Record<ContactFormProblem, string>>> = {
  name: { required: "nameRequired", invalid: "nameInvalid", tooLong: "nameTooLong" },
  email: { required: "emailRequired", invalid: "emailInvalid" },
  topic: { required: "topicRequired", invalid: "topicRequired" },
  orderNumber: { invalid: "orderNumberInvalid", tooLong: "orderNumberTooLong" },
  message: { required: "messageRequired", tooShort: "messageTooShort", tooLong: "messageTooLong" },
};

function errorKey(field: ContactFormField, problem: ContactFormProblem): string {
  const keys = ERROR_KEYS[field];
  return `blocks.contactForm.errors.${keys[problem] ?? keys.invalid ?? keys.required}`;
}

function Person({ person }: { person: ContactPerson }) {
  const t = useT();
  return (
    <div className="contact-person" role="group" aria-label={t("blocks.contactForm.person")}>
      {person.photo ? (
        <Image
          className="contact-person__photo"
          src={person.photo.src}
          alt={person.photo.alt}
          meta={person.photo.meta}
          focus={person.photo.focus}
          width={120}
          ratio={1}
        />
      ) : null}
      <p className="contact-person__name">{person.name}</p>
      {person.role ? <p className="contact-person__role">{person.role}</p> : null}
      {person.text ? <p className="contact-person__text">{person.text}</p> : null}
    </div>
  );
}

/** A labelled field with its hint and its problem, both tied to it for screen readers. */
function Field(props: {
  id: string;
  field: ContactFormField;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: (aria: {
    id: string;
    name: ContactFormField;
    required: boolean;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const { id, field, label, hint, error, required = true } = props;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="contact-form__field">
      <label htmlFor={id}>{label}</label>
      {props.children({
        id,
        name: field,
        required,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="contact-form__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="contact-form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ContactForm({ block }: BlockProps<ContactFormBlock>) {
  const t = useT();
  const root = useRootData();
  const locale = root?.locale;
  const baseId = useId();
  const formId = `contact-form-${block._uid}`;
  const titleId = `${formId}-title`;
  const action = useFormAction();
  // The page's answer to a post without JavaScript, if it was this form's.
  const posted = useActionData<ContactFormActionData>()?.contactForm;
  const answered = posted?.uid === block._uid ? posted : null;
  const [state, setState] = useState<FormState>(() => ({
    status: answered?.sent ? "sent" : "idle",
    errors: answered?.errors ?? {},
    problem: answered?.problem ?? null,
    values: answered?.values ?? {},
    answer: answered ? 1 : 0,
  }));
  const sectionRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);

  // From here on the form sends in place (a sign for tests and styles: the code has loaded).
  useEffect(() => {
    sectionRef.current?.setAttribute("data-interactive", "");
  }, []);

  // After each answer, focus goes where the shopper has to look: the thanks, the form's
  // problem, or the first wrong field.
  useEffect(() => {
    if (state.answer === 0) return;
    if (state.status === "sent") {
      thanksRef.current?.focus();
      return;
    }
    const first = CONTACT_FORM_FIELDS.find((field) => state.errors[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (state.problem) problemRef.current?.focus();
    // Only a new answer moves focus, not every change of the form's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.answer]);

  const fieldId = (field: ContactFormField) => `${baseId}-${field}`;
  const errorOf = (field: ContactFormField) => {
    const problem = state.errors[field];
    return problem
      ? t(errorKey(field, problem), {
          min: CONTACT_FORM_LIMITS.messageMin,
          max:
            field === "message" || field === "name" || field === "orderNumber"
              ? CONTACT_FORM_LIMITS[field]
              : 0,
        })
      : undefined;
  };

  const protection = {
    recaptcha: root?.thirdParty.recaptcha,
    challengeUrl: CONTACT_FORM_CHALLENGE_PATH,
  };
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === "sending") return;
    const data = new FormData(event.currentTarget);
    const text = (field: ContactFormField) => {
      const value = data.get(field);
      return typeof value === "string" ? value : "";
    };
    const fields = {
      name: text("name"),
      email: text("email"),
      topic: text("topic"),
      message: text("message"),
      ...(block.orderNumber ? { orderNumber: text("orderNumber") } : {}),
    };
    const answer = state.answer + 1;
    const reading = readContactForm(fields);
    if (!reading.ok) {
      setState({ status: "idle", errors: reading.errors, problem: null, values: fields, answer });
      return;
    }
    setState({ ...state, status: "sending", errors: {}, problem: null, values: fields });
    const token = await spamToken(CONTACT_FORM_ACTION, protection);
    let next: Pick<FormState, "status" | "errors" | "problem">;
    try {
      const response = await fetch(CONTACT_FORM_PATH, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(locale ? { "X-Locale": locale } : {}),
        },
        body: JSON.stringify({ ...fields, token }),
      });
      const body = (await response.json().catch(() => ({}))) as { errors?: ContactFormErrors };
      next = response.ok
        ? { status: "sent", errors: {}, problem: null }
        : response.status === 400 && body.errors
          ? { status: "idle", errors: body.errors, problem: null }
          : {
              status: "idle",
              errors: {},
              problem:
                response.status === 403
                  ? "spam-protection"
                  : response.status === 429
                    ? "throttled"
                    : "failed",
            };
    } catch {
      next = { status: "idle", errors: {}, problem: "failed" };
    }
    setState({ ...next, values: next.status === "sent" ? {} : fields, answer });
  }

  function writeAnother() {
    setState({ status: "idle", errors: {}, problem: null, values: {}, answer: 0 });
    // Back to the first field once the form is shown again.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[name="name"]')?.focus(),
    );
  }

  const sending = state.status === "sending";
  const problemText = state.problem
    ? t(
        {
          "spam-protection": "blocks.contactForm.spamProtection",
          throttled: "blocks.contactForm.throttled",
          failed: "blocks.contactForm.failed",
        }[state.problem],
      )
    : null;

  return (
    <section
      ref={sectionRef}
      className="contact-form"
      id={formId}
      aria-labelledby={block.headline ? titleId : undefined}
      aria-label={block.headline ? undefined : t("blocks.contactForm.title")}
    >
      {block.headline ? (
        <h2 id={titleId} className="block-title">
          {block.headline}
        </h2>
      ) : null}
      {block.intro ? <p className="block-intro">{block.intro}</p> : null}
      <div className="contact-form__layout">
        {block.person ? <Person person={block.person} /> : null}
        {state.status === "sent" ? (
          <div ref={thanksRef} className="contact-form__thanks notice" role="status" tabIndex={-1}>
            <p className="contact-form__thanks-title">{t("blocks.contactForm.sentTitle")}</p>
            <p>{t("blocks.contactForm.sentText")}</p>
            <button type="button" className="button button--ghost" onClick={writeAnother}>
              {t("blocks.contactForm.writeAnother")}
            </button>
          </div>
        ) : (
          <form
            ref={formRef}
            className="contact-form__form"
            method="post"
            action={`${action}#${formId}`}
            noValidate
            // The spam protection's computing starts with the first input, not on sending.
            onInput={() => prepareSpamToken(CONTACT_FORM_ACTION, protection)}
            onSubmit={submit}
            aria-busy={sending || undefined}
          >
            <input type="hidden" name={CONTACT_FORM_POST_FIELD} value={block._uid} />
            <p className="contact-form__required">{t("blocks.contactForm.requiredNote")}</p>
            {problemText ? (
              <p ref={problemRef} className="contact-form__problem" role="alert" tabIndex={-1}>
                {problemText}
              </p>
            ) : null}
            <Field
              id={fieldId("name")}
              field="name"
              label={t("blocks.contactForm.name")}
              error={errorOf("name")}
            >
              {(aria) => (
                <input
                  {...aria}
                  type="text"
                  autoComplete="name"
                  maxLength={CONTACT_FORM_LIMITS.name}
                  defaultValue={state.values.name}
                />
              )}
            </Field>
            <Field
              id={fieldId("email")}
              field="email"
              label={t("blocks.contactForm.email")}
              error={errorOf("email")}
            >
              {(aria) => (
                <input
                  {...aria}
                  type="email"
                  autoComplete="email"
                  maxLength={CONTACT_FORM_LIMITS.email}
                  defaultValue={state.values.email}
                />
              )}
            </Field>
            <Field
              id={fieldId("topic")}
              field="topic"
              label={t("blocks.contactForm.topic")}
              error={errorOf("topic")}
            >
              {(aria) => (
                <select {...aria} defaultValue={state.values.topic ?? ""}>
                  <option value="">{t("blocks.contactForm.chooseTopic")}</option>
                  {block.topics.map((topic) => (
                    <option key={topic} value={topic}>
                      {topic}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {block.orderNumber ? (
              <Field
                id={fieldId("orderNumber")}
                field="orderNumber"
                label={t("blocks.contactForm.orderNumber")}
                hint={t("blocks.contactForm.orderNumberHint")}
                error={errorOf("orderNumber")}
                required={false}
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="text"
                    autoComplete="off"
                    maxLength={CONTACT_FORM_LIMITS.orderNumber}
                    defaultValue={state.values.orderNumber}
                  />
                )}
              </Field>
            ) : null}
            <Field
              id={fieldId("message")}
              field="message"
              label={t("blocks.contactForm.message")}
              hint={t("blocks.contactForm.messageHint", {
                min: CONTACT_FORM_LIMITS.messageMin,
                max: CONTACT_FORM_LIMITS.message,
              })}
              error={errorOf("message")}
            >
              {(aria) => (
                <textarea
                  {...aria}
                  rows={6}
                  maxLength={CONTACT_FORM_LIMITS.message}
                  defaultValue={state.values.message}
                />
              )}
            </Field>
            <p className="contact-form__privacy">{t("blocks.contactForm.privacy")}</p>
            <button type="submit" className="button" disabled={sending}>
              {sending ? t("blocks.contactForm.sending") : t("blocks.contactForm.send")}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
