/**
 * The recommendation form: the sender's name and address, the friend's address and an
 * optional message. Without JavaScript it is a plain form post to the page, which comes back
 * with the outcome and what was typed (recommendation.server.ts). With JavaScript the form
 * checks the fields with the server's rules, solves the spam-protection challenge and posts
 * the same form with its solution. Every field names its own problem (tied to it for screen
 * readers); after each answer, focus moves to the first wrong field, the form's problem or
 * the thanks.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useActionData, useLocation, useNavigation, useSubmit } from "react-router";
import {
  readRecommendation,
  RECOMMENDATION_ACTION,
  RECOMMENDATION_CHALLENGE_PATH,
  RECOMMENDATION_FIELDS,
  RECOMMENDATION_LIMITS,
  type RecommendationErrors,
  type RecommendationField,
  type RecommendationProblem,
} from "../../domain/recommendation";
import { prepareSpamToken, spamToken } from "../integrations/spamToken";
import { useT } from "../i18n/i18n";
import { useRootData } from "../lib/rootData";
import type { RecommendationAnswer } from "./recommendation.server";

/** The message key of a field's problem; one a field has no own text for reads as invalid. */
const ERROR_KEYS: Record<RecommendationField, Partial<Record<RecommendationProblem, string>>> = {
  senderName: {
    required: "senderNameRequired",
    invalid: "senderNameInvalid",
    tooLong: "senderNameTooLong",
  },
  senderEmail: { required: "emailRequired", invalid: "emailInvalid", tooLong: "emailInvalid" },
  friendEmail: {
    required: "emailRequired",
    invalid: "emailInvalid",
    tooLong: "emailInvalid",
    self: "friendSelf",
    taken: "friendTaken",
  },
  message: { tooLong: "messageTooLong", invalid: "messageTooLong" },
};

function errorKey(field: RecommendationField, problem: RecommendationProblem): string {
  const keys = ERROR_KEYS[field];
  return `recommendation.errors.${keys[problem] ?? keys.invalid ?? keys.required}`;
}

function Field(props: {
  field: RecommendationField;
  label: string;
  hint?: string;
  error?: string;
  children: (aria: {
    id: string;
    name: RecommendationField;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const { field, label, hint, error } = props;
  const id = `recommendation-${field}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      {props.children({
        id,
        name: field,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="account-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="account-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function RecommendationForm() {
  const t = useT();
  const root = useRootData();
  const { pathname } = useLocation();
  const answer = useActionData<RecommendationAnswer>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  // Problems found in the browser before anything is sent; the server's answer replaces them.
  const [checked, setChecked] = useState<{ errors: RecommendationErrors } | null>(null);
  const [tokenProblem, setTokenProblem] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);

  // From here on the form checks and solves in place (a sign for tests: the code has loaded).
  useEffect(() => {
    formRef.current?.setAttribute("data-interactive", "");
  }, []);

  const errors = checked?.errors ?? answer?.errors ?? {};
  const problem = checked ? null : (answer?.problem ?? null);

  // After each answer, focus goes where the shopper has to look.
  useEffect(() => {
    if (!answer && !checked) return;
    if (answer?.sent && !checked) {
      thanksRef.current?.focus();
      return;
    }
    const first = RECOMMENDATION_FIELDS.find((field) => errors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else if (problem) problemRef.current?.focus();
    // Only a new answer or check moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, checked]);

  const protection = {
    recaptcha: root?.thirdParty.recaptcha,
    challengeUrl: RECOMMENDATION_CHALLENGE_PATH,
  };
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const reading = readRecommendation(Object.fromEntries(data));
    if (!reading.ok) {
      setChecked({ errors: reading.errors });
      return;
    }
    setChecked(null);
    setTokenProblem(false);
    const token = await spamToken(RECOMMENDATION_ACTION, protection);
    if (!token) setTokenProblem(true);
    data.set("token", token);
    await submit(data, { method: "post" });
  }

  if (answer?.sent && !checked) {
    return (
      <div ref={thanksRef} className="notice" role="status" tabIndex={-1}>
        <p>
          <strong>{t("recommendation.sentTitle")}</strong>
        </p>
        <p>{t("recommendation.sentText")}</p>
        <p>
          <a href={pathname}>{t("recommendation.another")}</a>
        </p>
      </div>
    );
  }

  const errorOf = (field: RecommendationField) => {
    const found = errors[field];
    return found
      ? t(errorKey(field, found), {
          max:
            field === "message" ? RECOMMENDATION_LIMITS.message : RECOMMENDATION_LIMITS.senderName,
        })
      : undefined;
  };
  const values = answer?.values ?? null;
  const problemText = problem
    ? t(problem === "throttled" ? "recommendation.throttled" : "recommendation.spamProtection")
    : tokenProblem && !sending && !answer
      ? t("recommendation.failed")
      : null;

  return (
    <Form
      ref={formRef}
      method="post"
      className="account-form recommendation-form"
      noValidate
      // The spam protection's computing starts with the first input, not on sending.
      onInput={() => prepareSpamToken(RECOMMENDATION_ACTION, protection)}
      onSubmit={onSubmit}
      aria-busy={sending || undefined}
    >
      {problemText ? (
        <p ref={problemRef} className="account-form__message" role="alert" tabIndex={-1}>
          {problemText}
        </p>
      ) : null}
      <Field
        field="senderName"
        label={t("recommendation.senderName")}
        error={errorOf("senderName")}
      >
        {(aria) => (
          <input
            {...aria}
            type="text"
            autoComplete="name"
            required
            maxLength={RECOMMENDATION_LIMITS.senderName}
            defaultValue={values?.senderName}
          />
        )}
      </Field>
      <Field
        field="senderEmail"
        label={t("recommendation.senderEmail")}
        error={errorOf("senderEmail")}
      >
        {(aria) => (
          <input
            {...aria}
            type="email"
            autoComplete="email"
            required
            maxLength={RECOMMENDATION_LIMITS.email}
            defaultValue={values?.senderEmail}
          />
        )}
      </Field>
      <Field
        field="friendEmail"
        label={t("recommendation.friendEmail")}
        error={errorOf("friendEmail")}
      >
        {(aria) => (
          <input
            {...aria}
            type="email"
            autoComplete="off"
            required
            maxLength={RECOMMENDATION_LIMITS.email}
            defaultValue={values?.friendEmail}
          />
        )}
      </Field>
      <Field
        field="message"
        label={t("recommendation.message")}
        hint={t("recommendation.messageHint", { max: RECOMMENDATION_LIMITS.message })}
        error={errorOf("message")}
      >
        {(aria) => (
          <textarea
            {...aria}
            rows={4}
            maxLength={RECOMMENDATION_LIMITS.message}
            defaultValue={values?.message}
          />
        )}
      </Field>
      <p className="account-field__hint">{t("recommendation.privacy")}</p>
      <button type="submit" className="button" disabled={sending}>
        {sending ? t("recommendation.sending") : t("recommendation.send")}
      </button>
    </Form>
  );
}
