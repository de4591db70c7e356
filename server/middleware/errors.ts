/**
 * What the shop answers when a request fails outside a route's own handling: an HTTP
 * error a middleware raised (413 from a body limit) keeps its status; a database that
 * cannot be reached is 503 with Retry-After (accounts and carts wait for it, content
 * pages are served from what the content service last knew); input the database refuses
 * (a NUL byte in a text, a number beyond a column's range) is the caller's mistake, 400;
 * only the rest is a 500 and an error in the log. Expected 4xx go to the log at info
 * level.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { errorChain, isDatabaseUnreachable } from "../../domain/failures";
import type { Logger } from "../logger";

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

export function tooLarge(c: Context): Response {
  return c.json({ error: "too_large", message: "The request body is too large" }, 413);
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
      return status === 413 ? tooLarge(c) : error.getResponse();
    }
    if (isDatabaseUnreachable(error)) {
      log.error({ id: "database-unavailable", path: c.req.path }, "database not reachable");
      c.header("Retry-After", "10");
      return c.json(
        {
          error: "unavailable",
          message: "The shop cannot reach its database just now; please try again in a moment",
        },
        503,
      );
    }
    const code = databaseCode(error);
    if (code && REFUSED_INPUT.has(code)) {
      log.info({ code, path: c.req.path }, "input refused by the database");
      return c.json(
        { error: "invalid_request", message: "The request holds a value the shop cannot store" },
        400,
      );
    }
    log.error({ err: error, path: c.req.path }, "unhandled error");
    return c.json({ error: "internal_error" }, 500);
  };
}
