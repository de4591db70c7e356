/**
 * The content APIs' error answers: a problem document (domain/problem.ts), like every
 * other API of the process, never cached.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CACHE_TIERS } from "../config/cache";
import { PROBLEM_CONTENT_TYPE, problemDocument, type ProblemInit } from "../domain/problem";

export function problem(c: Context, status: ContentfulStatusCode, init: ProblemInit): Response {
  c.header("Cache-Control", CACHE_TIERS.never);
  return c.body(JSON.stringify(problemDocument(status, init)), status, {
    "Content-Type": PROBLEM_CONTENT_TYPE,
  });
}
