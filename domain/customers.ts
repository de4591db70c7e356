/**
 * What a customer form must hold, checked the same way by the shop API and by the
 * account pages: an address, a password within its length bounds, and names.
 */
import { z } from "zod";

/** Longest address the shop accepts (the SMTP limit for a path). */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
/** Longest password read at all (argon2 would take any length; nobody needs more). */
export const MAX_PASSWORD_INPUT = 128;

export const emailField = z.string().trim().max(MAX_EMAIL_LENGTH).pipe(z.email());
/** Control characters (a NUL byte among them) belong in no name: refused before anything is looked up. */
const nameField = z
  .string()
  .trim()
  .min(1)
  .max(MAX_NAME_LENGTH)
  .regex(/^\P{Cc}*$/u);
const passwordField = z.string().min(1).max(MAX_PASSWORD_INPUT);

export const logInInput = z.object({ email: emailField, password: passwordField });
export const signUpInput = z.object({
  email: emailField,
  password: passwordField,
  firstName: nameField,
  lastName: nameField,
});
export const passwordResetInput = z.object({ email: emailField });
const tokenField = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
export const newPasswordInput = z.object({ token: tokenField, password: passwordField });
/** Confirming a sign-up: its link's token and the password that sign-up chose. */
export const confirmSignUpInput = z.object({ token: tokenField, password: passwordField });

/** A signed-in customer's own data and choices. */
export const nameInput = z.object({ firstName: nameField, lastName: nameField });
export const changePasswordInput = z.object({
  currentPassword: passwordField,
  newPassword: passwordField,
});
export const deleteAccountInput = z.object({ password: passwordField });
export const newsletterChoiceInput = z.object({ intent: z.enum(["subscribe", "unsubscribe"]) });

/**
 * The form fields a failed check names, with the first problem of each: "required" when
 * the field was left empty, else "invalid".
 */
export function fieldErrors(error: z.ZodError, input: unknown): Record<string, string> {
  const values = (input ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    const value = values[field];
    const empty = value === undefined || (typeof value === "string" && value.trim() === "");
    errors[field] ??= empty ? "required" : "invalid";
  }
  return errors;
}
