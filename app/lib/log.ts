/**
 * One logger for the storefront, on the server and in the browser. Every error
 * identifier goes through `logError`, so it can be found in the logs.
 */

export const ERROR_IDS = [
  "log-in-error",
  "sign-up-error",
  "password-reset-error",
  "google-not-loaded",
  "google-button-not-found",
  "password-log-in",
  "feature-flag-error",
  "page-not-found",
  "cms-page-not-found",
  "contact-form-person-not-found",
  "richtext-render-error",
  "nuxt-bootstrap",
  "nuxt-error-page-encountered",
  "asset-load-on-slug",
  "error-add-voucher",
  "error-add-accessory",
  "error-no-materials-for-frame-type",
  "error-no-default-option-for-material-type",
  "hybrid-parse-error",
  "translator-parse-error",
  "empty-hybrid-layout",
  "hybrid-ssr-error",
  "countdown-date-in-past",
  "teaser-hero-video-failed-to-load",
  "newsletter-no-recaptcha-token",
  "newsletter-recaptcha-error",
  "missing-translation-key",
  "request-error",
  "content-unavailable",
  "unhandled-error",
  "chunk-load-error",
  "unknown-block",
  "invalid-block",
  "calculator-data-error",
  "product-details-error",
  "theme-overview-error",
  "customer-pictures-error",
  "tile-overview-error",
  "unknown-price-product",
  "furniture-unavailable",
  "global-config-warning",
  "render-error",
  "invalid-image-dimension",
  "invalid-icon-view-box",
] as const;

export type ErrorId = (typeof ERROR_IDS)[number];
export type LogLevel = "error" | "warn" | "info";

export interface LogSink {
  (level: LogLevel, id: ErrorId | string, details: Record<string, unknown>): void;
}

const consoleSink: LogSink = (level, id, details) => {
  const line = { level, id, ...details };
  if (level === "error") console.error(id, line);
  else if (level === "warn") console.warn(id, line);
  else console.info(id, line);
};

let sink: LogSink = consoleSink;

/** The server installs its structured logger here at boot; answers the sink it replaced. */
export function setLogSink(next: LogSink): LogSink {
  const previous = sink;
  sink = next;
  return previous;
}

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { message: error.message, name: error.name };
  return error === undefined ? {} : { message: String(error) };
}

export function logError(
  id: ErrorId,
  error?: unknown,
  details: Record<string, unknown> = {},
): void {
  sink("error", id, { ...describe(error), ...details });
}

/** Something is missing or odd, and the page goes on without it (`error`: the cause, if any). */
export function logWarning(
  id: ErrorId,
  details: Record<string, unknown> = {},
  error?: unknown,
): void {
  sink("warn", id, { ...describe(error), ...details });
}

/** An expected refusal (a 4xx answer): worth a line, not an alert. */
export function logInfo(id: ErrorId, details: Record<string, unknown> = {}): void {
  sink("info", id, details);
}
