/**
 * The one error shape of every API answer: a problem document (RFC 9457,
 * `application/problem+json`). `type` names the kind of problem as a link to its entry in
 * the API reference page, `title` says it in a few words (the same for every answer of
 * that type), `status` repeats the HTTP status and `detail` explains this occurrence.
 * Extension members: `error`, the short machine-readable code clients have always
 * switched on, and `errors`, one message (or problem code) per wrong field.
 */

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** Where the API reference lists the problem types; `type` points into it. */
export const PROBLEM_TYPES_PAGE = "/web-api/docs";

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The machine-readable code (e.g. `invalid_request`). */
  error: string;
  /** Per wrong field: what is wrong with it (a message or a problem code). */
  errors?: Record<string, string>;
  [extension: string]: unknown;
}

/** The common problems, by code. A code not listed takes the status's reason phrase. */
export const PROBLEM_TITLES: Readonly<Record<string, string>> = {
  invalid_request: "The request is invalid",
  malformed_body: "The request body is not valid JSON",
  unsupported_media_type: "The request body has a type this path does not take",
  not_found: "Nothing is found at this address",
  method_not_allowed: "This path does not answer that method",
  unauthorized: "Credentials are missing or wrong",
  forbidden: "The request is not allowed",
  too_large: "The request body is too large",
  too_many_requests: "Too many requests; try again later",
  throttled: "Too many requests; try again later",
  unavailable: "The service is not available just now",
  internal_error: "The request could not be answered",
  not_implemented: "This path is not offered by this shop",
  misdirected_request: "This server does not serve that host",
  unprocessable: "The request is understood but cannot be carried out",
  conflict: "The request conflicts with the current state",
  invalid: "Some fields are missing or wrong",
  spam_protection: "The spam-protection solution is missing, invalid or used",
  invalid_link: "The link has expired or was already used",
  login: "Log in first",
  not_an_image: "The file is not an image",
  // The studio's photo uploads (server/studio/photosTexts.ts), whose `detail` is localised.
  heic_unsupported: "HEIC photos cannot be read here; convert or export them as JPEG",
  side_too_long: "A side of the image is longer than allowed",
  too_many_pixels: "The image has more pixels than allowed",
  quota_exceeded: "The owner's photos use all their allowance",
  busy: "The shop is working at capacity; try again after Retry-After",
  bad_image_request: "The image cannot be made as asked",
  not_configured: "This is not configured on this shop",
  // The customer API's problems (server/customers/texts.ts), whose `detail` is localised.
  "invalid-credentials": "The address or password is wrong",
  unverified: "The address is not confirmed yet",
  "too-short": "The password is too short",
  "too-long": "A value is too long",
  "too-weak": "The password is too easy to guess",
  "invalid-link": "The link has expired or was already used",
  required: "A field is missing",
  "google-failed": "Google's sign-in was refused",
  "google-unavailable": "Google's sign-in cannot be checked just now",
  // The checkout's problems (server/api/checkout.ts).
  empty_cart: "The cart is empty",
  not_for_sale: "The shop does not sell this as it is",
  country_mismatch: "This shop does not deliver to that country",
  unknown_shipping_method: "The shop has no such shipping method here",
  unknown_payment_method: "The shop offers no such payment method here",
  voucher_refused: "The cart's voucher no longer applies",
  price_changed: "The total changed since it was shown",
  checkout_in_progress: "An order of this cart is already placed",
  provider_unavailable: "The payment service does not answer; nothing was charged",
};

/** The reason phrases of the statuses the shop answers with. */
const REASONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  421: "Misdirected Request",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

/** The `type` of a problem code: its entry on the reference page. */
export function problemType(code: string): string {
  return `${PROBLEM_TYPES_PAGE}#problem-${code.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

export function problemTitle(code: string, status: number): string {
  return PROBLEM_TITLES[code] ?? REASONS[status] ?? "Error";
}

export interface ProblemInit {
  /** The machine-readable code; the type and title follow from it. */
  code: string;
  detail: string;
  errors?: Record<string, string>;
  /** Further members a family documents (e.g. the customers' localised `message`). */
  extensions?: Record<string, unknown>;
}

/** What a schema library reports of refused input: one issue per wrong place. */
export interface RefusedInput {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The wrong fields of refused input: the dotted path of each (or `where` for the whole input). */
export function fieldErrors(refused: RefusedInput, where = "body"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of refused.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : where;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The problem of refused input: 400 (or `status`), one message per wrong field. */
export function invalidInputProblem(refused: RefusedInput, where = "body"): ProblemInit {
  const errors = fieldErrors(refused, where);
  const detail = Object.entries(errors)
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
  return { code: "invalid_request", detail, errors };
}

export function problemDocument(status: number, init: ProblemInit): ProblemDocument {
  return {
    ...init.extensions,
    type: problemType(init.code),
    title: problemTitle(init.code, status),
    status,
    detail: init.detail,
    error: init.code,
    ...(init.errors && Object.keys(init.errors).length > 0 ? { errors: init.errors } : {}),
  };
}
