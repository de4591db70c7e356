/**
 * Checks a live answer against the API reference: its status must be one the operation
 * documents, and a JSON body must match the documented schema (the document's JSON
 * Schema, turned into a zod schema, so the published document itself is what is checked).
 */
import { z } from "zod";

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}
export interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
}

/** The schema with every `#/components/schemas/…` reference replaced by its target. */
function inlined(schema: unknown, doc: OpenApiDocument, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlined(s, doc, seen));
  if (!schema || typeof schema !== "object") return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === "string") {
    const name = ref.replace("#/components/schemas/", "");
    if (seen.includes(name)) return {};
    return inlined(doc.components.schemas[name], doc, [...seen, name]);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inlined(value, doc, seen)]),
  );
}

/** Hono's `/a/:id{[0-9]+}` and React Router's `:lang?/d?/konto/:page?` as OpenAPI's path. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{(?:[^{}]|\{[^{}]*\})*\})?\??/g, "{$1}");
}

/**
 * What is wrong with an answer of `method` on the documented `path`, against the
 * document: nothing (an empty list), or one line per problem.
 */
export async function answerProblems(
  doc: OpenApiDocument,
  method: string,
  path: string,
  response: Response,
): Promise<string[]> {
  const where = `${method.toUpperCase()} ${path} → ${response.status}`;
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) return [`${where}: not in the document`];
  const documented = operation.responses[String(response.status)];
  if (!documented) return [`${where}: status not documented`];
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const content = documented.content ?? {};
  if (Object.keys(content).length === 0) {
    // A success that hands back a body must say what the body is: undocumented, a client
    // could not rely on anything in it.
    const body = response.status < 300 ? await response.clone().arrayBuffer() : new ArrayBuffer(0);
    return body.byteLength > 0
      ? [`${where}: a body of ${type || "no type"} the document does not describe`]
      : [];
  }
  const match =
    content[type] ??
    Object.entries(content).find(([t]) => t.endsWith("/*") && type.startsWith(t.slice(0, -1)))?.[1];
  if (!match) return [`${where}: content type ${type} not documented (${Object.keys(content)})`];
  if (!type.endsWith("json")) return [];
  const body: unknown = await response.json();
  const schema = z.fromJSONSchema(inlined(match.schema, doc) as never);
  const parsed = schema.safeParse(body);
  if (parsed.success) return [];
  return [`${where}: ${z.prettifyError(parsed.error)} in ${JSON.stringify(body).slice(0, 300)}`];
}
