/**
 * Every API error is a problem document (domain/problem.ts): this module answers one
 * (`problem`, the same helper the content APIs use), turns a zod error into one with a
 * message per field, is the validation hook of the described routers, and holds the
 * document's schema for the API reference and the contract tests.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { problem } from "../../cms/problem";
import { invalidInputProblem, PROBLEM_CONTENT_TYPE } from "../../domain/problem";

export { problem };
export { PROBLEM_CONTENT_TYPE };

export const problemSchema = z
  .looseObject({
    type: z.string().openapi({ example: "/web-api/docs#problem-invalid_request" }),
    title: z.string().openapi({ example: "The request is invalid" }),
    status: z.number().int().min(400).max(599),
    detail: z.string(),
    error: z
      .string()
      .openapi({ description: "The machine-readable code", example: "invalid_request" }),
    errors: z.record(z.string(), z.string()).optional().openapi({
      description: "Per wrong field (query parameter, header or dotted body path): what is wrong",
    }),
  })
  .openapi("Problem", { description: "An error answer (RFC 9457 problem document)" });

/** 400 for input a schema refused, one message per wrong field. */
export function invalidInput(c: Context, error: z.ZodError, where = "body"): Response {
  return problem(c, 400, invalidInputProblem(error, where));
}

/**
 * The validation hook of an OpenAPIHono router: input its route's schemas refuse is 400
 * with the wrong fields (a header named as sent, a body field by its dotted path).
 */
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError; target?: string },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  return invalidInput(
    c,
    result.error,
    result.target === "json" ? "body" : (result.target ?? "query"),
  );
}

/** The JSON 404 of an API path nothing answers. */
export function apiNotFound(c: Context): Response {
  return problem(c, 404, { code: "not_found", detail: `No API endpoint at ${c.req.path}` });
}

/** An error answer in the API reference, for `responses`. */
export function problemResponse(description: string) {
  return { description, content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } } };
}
