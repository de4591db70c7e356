/**
 * The contact form's rules, the same in the browser and on the server: what each field
 * may hold, the problem a wrong field is named with, and where the shop's service
 * address is found in the global configuration.
 */
import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "./customers";

/** The form action the contact form's spam protection is asked for. */
export const CONTACT_FORM_ACTION = "contactForm";
/** Where the form sends a message, and where its spam-protection challenge comes from. */
export const CONTACT_FORM_PATH = "/web-api/contact-form";
export const CONTACT_FORM_CHALLENGE_PATH = "/web-api/contact-form-challenge";
/** The field of a page's form post that names the contact form block it comes from. */
export const CONTACT_FORM_POST_FIELD = "contactForm";

export const CONTACT_FORM_FIELDS = ["name", "email", "topic", "orderNumber", "message"] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

/** The length limits of the fields (characters, after trimming). */
export const CONTACT_FORM_LIMITS = {
  name: 100,
  email: MAX_EMAIL_LENGTH,
  topic: 120,
  orderNumber: 30,
  messageMin: 10,
  message: 5000,
} as const;

/** What is wrong with a field: left empty, not of the right form, too short or too long. */
export const CONTACT_FORM_PROBLEMS = ["required", "invalid", "tooShort", "tooLong"] as const;
export type ContactFormProblem = (typeof CONTACT_FORM_PROBLEMS)[number];

/** One line of text: no line breaks or other control characters (they would end up in mail headers). */
const ONE_LINE = /^[^\p{Cc}]*$/u;
/** An order number as the shop prints it: letters, digits, dashes, dots, slashes and spaces. */
const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

const oneLine = (max: number) =>
  z.string().trim().min(1, "required").max(max, "tooLong").regex(ONE_LINE, "invalid");

/** An empty or absent optional field is no value at all. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A message to the shop's customer service, as the form sends it. */
export const contactFormInput = z.object({
  name: oneLine(CONTACT_FORM_LIMITS.name),
  email: z
    .string()
    .trim()
    .min(1, "required")
    .max(CONTACT_FORM_LIMITS.email, "invalid")
    .pipe(z.email("invalid")),
  topic: oneLine(CONTACT_FORM_LIMITS.topic),
  orderNumber: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(CONTACT_FORM_LIMITS.orderNumber, "tooLong")
      .regex(ORDER_NUMBER, "invalid")
      .optional(),
  ),
  message: z
    .string()
    .trim()
    .min(1, "required")
    .min(CONTACT_FORM_LIMITS.messageMin, "tooShort")
    .max(CONTACT_FORM_LIMITS.message, "tooLong"),
});
export type ContactFormInput = z.infer<typeof contactFormInput>;

export type ContactFormErrors = Partial<Record<ContactFormField, ContactFormProblem>>;

export type ContactFormReading =
  { ok: true; data: ContactFormInput } | { ok: false; errors: ContactFormErrors };

function isProblem(message: string): message is ContactFormProblem {
  return (CONTACT_FORM_PROBLEMS as readonly string[]).includes(message);
}

/**
 * Checks what the form sends: the message, or the first problem of each wrong field. A
 * field that is missing or of another type than text counts as left empty.
 */
export function readContactForm(input: unknown): ContactFormReading {
  const values = (typeof input === "object" && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const parsed = contactFormInput.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: ContactFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!(CONTACT_FORM_FIELDS as readonly unknown[]).includes(field)) continue;
    const name = field as ContactFormField;
    const value = values[name];
    const empty = typeof value !== "string" || value.trim() === "";
    errors[name] ??= isProblem(issue.message) ? issue.message : empty ? "required" : "invalid";
  }
  return { ok: false, errors };
}

/** What the form sent, as text per field (for showing the form again as the shopper left it). */
export function contactFormValues(
  input: Record<string, unknown>,
): Record<ContactFormField, string> {
  const text = (value: unknown, max: number) =>
    typeof value === "string" ? value.slice(0, max) : "";
  return {
    name: text(input.name, CONTACT_FORM_LIMITS.name * 2),
    email: text(input.email, CONTACT_FORM_LIMITS.email * 2),
    topic: text(input.topic, CONTACT_FORM_LIMITS.topic * 2),
    orderNumber: text(input.orderNumber, CONTACT_FORM_LIMITS.orderNumber * 2),
    message: text(input.message, CONTACT_FORM_LIMITS.message * 2),
  };
}

/** A plain e-mail address (no spaces, quotes, display names or URL syntax). */
const SERVICE_ADDRESS = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;

/**
 * The customer service's e-mail address of a global configuration story's content: the
 * address of its help section (`helpChat`, one block or a list of one), or null when it
 * has none that is a plain address.
 */
export function serviceAddressOf(config: unknown): string | null {
  if (typeof config !== "object" || config === null) return null;
  const help = (config as { helpChat?: unknown }).helpChat;
  const block = Array.isArray(help) ? help[0] : help;
  if (typeof block !== "object" || block === null) return null;
  const email = (block as { email?: unknown }).email;
  if (typeof email !== "string") return null;
  const address = email.trim();
  return address.length <= MAX_EMAIL_LENGTH && SERVICE_ADDRESS.test(address) ? address : null;
}
