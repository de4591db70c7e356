/**
 * What the shop answers when a request fails outside a route's own handling: an HTTP
 * error a middleware raised (413 from a body limit) keeps its status; a database that
 * cannot be reached is 503 with Retry-After (accounts and carts wait for it, content
 * pages are served from what the content service last knew); input the database refuses
 * (a NUL byte in a text, a number beyond a column's range) is the caller's mistake, 400;
 * only the rest is a 500 and an error in the log. Expected 4xx go to the log at info
 * level. Every answer is a problem document (server/api/problem.ts).
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorChain, isDatabaseUnreachable } from "../../domain/failures";
import type { Logger } from "../logger";
import { problem } from "../api/problem";

/** The largest body any route reads, unless it sets a smaller limit itself. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** PostgreSQL's codes for input it cannot store (class 22, data exception). */
const REFUSED_INPUT = new Set(["22P02", "22003", "22021", "22P05", "22001", "22008", "22007"]);

function databaseCode(error: unknown): string | undefined {
  for (const e of errorChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

export function tooLarge(c: Context, detail = "The request body is too large"): Response {
  return problem(c, 413, { code: "too_large", detail });
}

/** The code of an HTTP error a middleware or validator raised (Hono's HTTPException). */
function codeOf(status: number, message: string): string {
  if (status === 400 && /JSON/i.test(message)) return "malformed_body";
  if (status === 400) return "invalid_request";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 405) return "method_not_allowed";
  if (status === 415) return "unsupported_media_type";
  if (status === 429) return "too_many_requests";
  return status >= 500 ? "internal_error" : "invalid_request";
}

/** One limit for every body, answered 413 as JSON (routes may set smaller ones). */
export function globalBodyLimit(maxBytes = MAX_REQUEST_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: tooLarge });
}

export function errorHandler(log: Logger) {
  return (error: Error, c: Context): Response => {
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status >= 500) log.error({ err: error, path: c.req.path }, "unhandled error");
      else log.info({ status, path: c.req.path }, "request refused");
      if (status === 413) return tooLarge(c);
      const code = codeOf(status, error.message);
      return problem(c, status as ContentfulStatusCode, {
        code,
        detail: status >= 500 ? "The request could not be answered" : error.message || code,
      });
    }
    if (isDatabaseUnreachable(error)) {
      log.error({ id: "database-unavailable", path: c.req.path }, "database not reachable");
      c.header("Retry-After", "10");
      return problem(c, 503, {
        code: "unavailable",
        detail: "The shop cannot reach its database just now; please try again in a moment",
      });
    }
    const code = databaseCode(error);
    if (code && REFUSED_INPUT.has(code)) {
      log.info({ code, path: c.req.path }, "input refused by the database");
      return problem(c, 400, {
        code: "invalid_request",
        detail: "The request holds a value the shop cannot store",
      });
    }
    log.error({ err: error, path: c.req.path }, "unhandled error");
    return problem(c, 500, { code: "internal_error", detail: "The request could not be answered" });
  };
}
