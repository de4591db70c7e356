/**
 * The studio's designs, for the design studio's scripts:
 *   POST /web-api/studio/designs                   {configuration, themeId?}: 201 the design
 *   GET  /web-api/studio/designs/{id}              the design (ETag: its version)
 *   PUT  /web-api/studio/designs/{id}              If-Match: version; {document}: 200 {id, version}
 *   POST /web-api/studio/designs/{id}/autofill     {photos: [ids], seed?}: photos laid in by the
 *        family's rule (a book in capture order, a collage shuffled, others into empty frames)
 *   GET  /web-api/studio/designs/{id}/preflight    problems per surface and element
 *   GET  /web-api/studio/designs/{id}/print.pdf    the print file
 *   GET  /web-api/studio/designs/{id}/proof/{n}.jpg the n-th surface (from 1), drawn from the print file
 *   GET  /web-api/studio/templates/{themeId}/preview.jpg?format=  a theme's template with sample photos
 * The owner is the signed-in customer, else the visitor (their visitor key; a first design
 * gives one). Another owner's design is unknown (404). A save from an older version is 409,
 * a document the schema refuses 422 naming the path. Renders wait for the studio's one
 * render place; a full queue is 503 with Retry-After.
 */
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { Readable } from "node:stream";
import { visitorKey, visitorKeyCookie } from "../../domain/cookies";
import { localeSettings } from "../../domain/locales";
import { fieldErrors } from "../../domain/problem";
import { designDocumentSchema } from "../../domain/studio/document";
import { studioConfigurationSchema } from "../../domain/studio/configuration";
import { RenderBusyError } from "../images/limiter";
import { isSecureRequest } from "../middleware/forwarded";
import type { ShopServices } from "../services";
import { DESIGN_ID, DesignRefused, type DesignOwner, type DesignView } from "../studio/designs";
import { MAX_PROOF_SIDE } from "../studio/proof";
import { requestSite } from "./formSite";
import { registerStudioCalendarPaths, studioCalendarRoutes } from "./studio-calendar";
import { problem, problemResponse } from "./problem";

export const STUDIO_DESIGNS_PATH = "/web-api/studio/designs";
export const STUDIO_TEMPLATES_PATH = "/web-api/studio/templates";
/** A whole document is at most this large (as every other body of the shop). */
const MAX_BODY_BYTES = 1024 * 1024;
const ID = "{[A-Za-z0-9_-]{24}}";

const createInput = z.object({
  configuration: studioConfigurationSchema,
  themeId: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/)
    .optional(),
});
const saveInput = z.object({ document: z.unknown() });
const autofillInput = z.object({
  photos: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
    .min(1)
    .max(250),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional()
    .openapi({
      description:
        "A collage's shuffle: the same seed lays the same photos out alike; random when left out",
    }),
});
const previewQuery = z.object({
  format: z
    .string()
    .regex(/^\d{2,4}x\d{2,4}$/)
    .optional()
    .openapi({
      description: "A format of the theme's card type, 'WxH' mm; the theme's own when left out",
      example: "148x105",
    }),
  width: z.coerce.number().int().min(64).max(MAX_PROOF_SIDE).default(600),
});
const proofQuery = z.object({
  width: z.coerce.number().int().min(64).max(MAX_PROOF_SIDE).default(800),
});

const designOut = (d: DesignView) => ({
  id: d.id,
  version: d.version,
  configuration: d.configuration,
  themeId: d.themeId,
  document: d.document,
  inCart: d.inCart,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

/** The version an If-Match names: `3`, `"3"` or `W/"3"`; null when it names none. */
export function matchedVersion(header: string | undefined): number | null {
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header ?? "");
  return m ? Number(m[1]) : null;
}

async function personal(c: Context, next: () => Promise<void>) {
  await next();
  c.header("Cache-Control", "private, no-store");
  c.header("Vary", "Cookie");
}

export function studioDesignRoutes(services: ShopServices): Hono {
  const { studioDesigns, customers } = services;
  const routes = new Hono();
  routes.use(STUDIO_DESIGNS_PATH, personal);
  routes.use(`${STUDIO_DESIGNS_PATH}/*`, personal);
  // A calendar's holidays and regions, for the calendar panel.
  routes.route("/", studioCalendarRoutes());

  async function ownerOf(c: Context): Promise<DesignOwner | null> {
    const cookies = c.req.header("cookie") ?? "";
    const customer = await customers.accounts.customerFor(
      customers.sessionToken(cookies),
      requestSite(c).channel,
    );
    if (customer) return { customerId: customer.id };
    const key = visitorKey(cookies);
    return key ? { visitorKey: key } : null;
  }

  const notFound = (c: Context) =>
    problem(c, 404, { code: "not_found", detail: "No such design of yours" });

  /** Runs `work` for the owner's design; refusals and a busy renderer become problems. */
  async function answer(
    c: Context,
    work: (owner: DesignOwner) => Promise<Response | null>,
    known?: DesignOwner,
  ) {
    const owner = known ?? (await ownerOf(c));
    if (!owner) return notFound(c);
    try {
      return (await work(owner)) ?? notFound(c);
    } catch (error) {
      if (error instanceof DesignRefused) {
        if (error.status === 404) return notFound(c);
        return problem(c, error.status, {
          code: error.code,
          detail: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (error instanceof RenderBusyError) {
        c.header("Retry-After", "5");
        return problem(c, 503, {
          code: "busy",
          detail: "The studio is rendering; try again shortly",
        });
      }
      throw error;
    }
  }

  const json = async (c: Context) => c.req.json<unknown>().catch(() => undefined);
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => problem(c, 413, { code: "too_large", detail: "The document is too large" }),
  });

  routes.post(STUDIO_DESIGNS_PATH, limit, async (c) => {
    const input = createInput.safeParse(await json(c));
    if (!input.success)
      return problem(c, 400, {
        code: "invalid_request",
        detail: "A product configuration is needed",
        errors: fieldErrors(input.error),
      });
    let owner = await ownerOf(c);
    if (!owner) {
      const key = crypto.randomUUID();
      c.header("Set-Cookie", visitorKeyCookie(key, isSecureRequest(c.req.raw)), { append: true });
      owner = { visitorKey: key };
    }
    const site = requestSite(c);
    return answer(
      c,
      async (writer) => {
        const design = await studioDesigns.create({
          channel: site.channel,
          owner: writer,
          configuration: input.data.configuration,
          ...(input.data.themeId ? { themeId: input.data.themeId } : {}),
          language: localeSettings(site.locale).language,
          locale: site.locale,
        });
        c.header("ETag", `"${design.version}"`);
        c.header("Location", `${STUDIO_DESIGNS_PATH}/${design.id}`);
        return c.json(designOut(design), 201);
      },
      owner,
    );
  });

  routes.get(`${STUDIO_DESIGNS_PATH}/:id${ID}`, (c) =>
    answer(c, async (owner) => {
      const design = await studioDesigns.get(owner, c.req.param("id"));
      if (!design) return null;
      c.header("ETag", `"${design.version}"`);
      return c.json(designOut(design), 200);
    }),
  );

  routes.put(`${STUDIO_DESIGNS_PATH}/:id${ID}`, limit, (c) =>
    answer(c, async (owner) => {
      const id = c.req.param("id");
      if (!(await studioDesigns.get(owner, id))) return null;
      const version = matchedVersion(c.req.header("if-match"));
      if (version === null)
        return problem(c, 428, {
          code: "precondition_required",
          detail: "Say which version the document was made from (If-Match)",
          errors: { "If-Match": "required" },
        });
      const body = saveInput.safeParse(await json(c));
      if (!body.success || body.data.document === undefined)
        return problem(c, 400, {
          code: "invalid_request",
          detail: "The body is {document}",
          errors: { document: "required" },
        });
      const document = designDocumentSchema.safeParse(body.data.document);
      if (!document.success) {
        const errors = fieldErrors(
          { issues: document.error.issues.map((i) => ({ ...i, path: ["document", ...i.path] })) },
          "document",
        );
        return problem(c, 422, {
          code: "invalid_document",
          detail: Object.entries(errors)
            .map(([path, message]) => `${path}: ${message}`)
            .join("; "),
          errors,
        });
      }
      const saved = await studioDesigns.save(owner, id, version, document.data);
      if (!saved) return null;
      c.header("ETag", `"${saved.version}"`);
      return c.json({ id: saved.id, version: saved.version }, 200);
    }),
  );

  routes.post(`${STUDIO_DESIGNS_PATH}/:id${ID}/autofill`, limit, (c) =>
    answer(c, async (owner) => {
      const input = autofillInput.safeParse(await json(c));
      if (!input.success)
        return problem(c, 400, {
          code: "invalid_request",
          detail: "The body is {photos: [ids]}",
          errors: fieldErrors(input.error),
        });
      const design = await studioDesigns.autofill(
        owner,
        c.req.param("id"),
        input.data.photos,
        input.data.seed,
      );
      if (!design) return null;
      c.header("ETag", `"${design.version}"`);
      return c.json(designOut(design), 200);
    }),
  );

  routes.get(`${STUDIO_DESIGNS_PATH}/:id${ID}/preflight`, (c) =>
    answer(c, async (owner) => {
      const preflight = await studioDesigns.preflight(owner, c.req.param("id"));
      return preflight ? c.json(preflight, 200) : null;
    }),
  );

  routes.get(`${STUDIO_DESIGNS_PATH}/:id${ID}/print.pdf`, (c) =>
    answer(c, async (owner) => {
      const file = await studioDesigns.printFile(owner, c.req.param("id"));
      if (!file) return null;
      // Streamed: a photo book's file is hundreds of megabytes. Its ETag is what the file is
      // made of; without one the API's ETag middleware would hash the answer first, holding
      // all of it in memory (a clone of the stream, read to its end) before a byte is sent.
      return c.body(Readable.toWeb(file.stream as Readable) as ReadableStream, 200, {
        "Content-Type": "application/pdf",
        "Content-Length": String(file.size),
        ETag: `W/"${file.tag.replaceAll("/", ".")}"`,
        "Content-Disposition": `inline; filename="design-${c.req.param("id")}.pdf"`,
      });
    }),
  );

  routes.get(`${STUDIO_DESIGNS_PATH}/:id${ID}/proof/:file{[0-9]{1,3}\\.jpg}`, (c) =>
    answer(c, async (owner) => {
      const query = proofQuery.safeParse(c.req.query());
      if (!query.success)
        return problem(c, 400, {
          code: "invalid_request",
          detail: `width is 64 to ${MAX_PROOF_SIDE}`,
          errors: fieldErrors(query.error, "query"),
        });
      const n = Number(c.req.param("file").replace(".jpg", ""));
      if (n < 1) return null;
      const jpeg = await studioDesigns.proof(owner, c.req.param("id"), n, query.data.width);
      if (!jpeg) return null;
      return c.body(new Uint8Array(jpeg), 200, { "Content-Type": "image/jpeg" });
    }),
  );

  // A theme's template with sample photos: the same for everyone, so shared caches keep it.
  routes.get(
    `${STUDIO_TEMPLATES_PATH}/:themeId{[A-Za-z0-9][A-Za-z0-9_-]{0,79}}/preview.jpg`,
    async (c) => {
      const query = previewQuery.safeParse(c.req.query());
      if (!query.success)
        return problem(c, 400, {
          code: "invalid_request",
          detail: "format is 'WxH' mm, width 64 to 1600",
          errors: fieldErrors(query.error, "query"),
        });
      const site = requestSite(c);
      try {
        const preview = await studioDesigns.templatePreview({
          channel: site.channel,
          themeId: c.req.param("themeId"),
          ...(query.data.format ? { format: query.data.format } : {}),
          language: localeSettings(site.locale).language,
          width: query.data.width,
        });
        if (!preview)
          return problem(c, 404, {
            code: "not_found",
            detail: "No such theme, or not in this format",
          });
        if (c.req.header("if-none-match") === `"${preview.tag}"`) return c.body(null, 304);
        return c.body(new Uint8Array(preview.jpeg), 200, {
          "Content-Type": "image/jpeg",
          "Cache-Control": "public, max-age=86400",
          ETag: `"${preview.tag}"`,
          Vary: "X-Locale",
        });
      } catch (error) {
        if (error instanceof RenderBusyError) {
          c.header("Retry-After", "5");
          return problem(c, 503, {
            code: "busy",
            detail: "The studio is rendering; try again shortly",
          });
        }
        throw error;
      }
    },
  );

  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

const problemSchemaRef = problemResponse;

/** The designs' paths in the API reference. */
export function registerStudioDesignPaths(registry: Registry) {
  registerStudioCalendarPaths(registry);
  const id = z.object({
    id: z.string().regex(DESIGN_ID).openapi({ description: "The design's unguessable id" }),
  });
  const designSchema = z
    .object({
      id: z.string(),
      version: z.number().int().positive(),
      configuration: studioConfigurationSchema,
      themeId: z.string().nullable(),
      document: designDocumentSchema,
      inCart: z.boolean(),
      createdAt: z.string().openapi({ format: "date-time" }),
      updatedAt: z.string().openapi({ format: "date-time" }),
    })
    .openapi("StudioDesign");
  const json = (description: string, schema: z.ZodType) => ({
    description,
    content: { "application/json": { schema } },
  });
  const notFound = problemSchemaRef("No such design of yours (another owner's is unknown too)");
  registry.registerPath({
    method: "post",
    path: STUDIO_DESIGNS_PATH,
    summary: "Starts a design of a product: from a card theme's template, else an empty one",
    tags: ["studio"],
    request: { body: { content: { "application/json": { schema: createInput } } } },
    responses: {
      201: json("The new design", designSchema),
      400: problemSchemaRef("No valid configuration"),
      422: problemSchemaRef("A product the studio does not design, or an unknown theme"),
    },
  });
  registry.registerPath({
    method: "get",
    path: `${STUDIO_DESIGNS_PATH}/{id}`,
    summary: "The design, with its version as ETag",
    tags: ["studio"],
    request: { params: id },
    responses: { 200: json("The design", designSchema), 404: notFound },
  });
  registry.registerPath({
    method: "put",
    path: `${STUDIO_DESIGNS_PATH}/{id}`,
    summary: "Saves the whole document over the version it was made from",
    tags: ["studio"],
    request: {
      params: id,
      headers: z.object({ "If-Match": z.string().openapi({ example: '"3"' }) }),
      body: {
        content: {
          "application/json": { schema: z.object({ document: designDocumentSchema }) },
        },
      },
    },
    responses: {
      200: json("Saved", z.object({ id: z.string(), version: z.number().int() })),
      400: problemSchemaRef("No document"),
      404: notFound,
      409: problemSchemaRef("The design was saved from elsewhere since (a stale version)"),
      422: problemSchemaRef("The document is invalid; `errors` names each path"),
      428: problemSchemaRef("No If-Match"),
    },
  });
  registry.registerPath({
    method: "post",
    path: `${STUDIO_DESIGNS_PATH}/{id}/autofill`,
    summary:
      "Lays the photos into the design: a photo book in capture order, a collage shuffled up to its cells, others into the empty frames in order",
    tags: ["studio"],
    request: {
      params: id,
      body: { content: { "application/json": { schema: autofillInput } } },
    },
    responses: {
      200: json("The design with the photos placed", designSchema),
      400: problemSchemaRef("No photo ids"),
      404: notFound,
      422: problemSchemaRef("A photo that is not the owner's"),
    },
  });
  registry.registerPath({
    method: "get",
    path: `${STUDIO_DESIGNS_PATH}/{id}/preflight`,
    summary:
      "What to fix or confirm before ordering: empty frames, photos below the profile's resolution, text outside the safe area or too small",
    tags: ["studio"],
    request: { params: id },
    responses: {
      200: json(
        "Problems per surface and element, and each photo's resolution",
        z.object({
          problems: z.array(
            z.object({
              surface: z.string(),
              element: z.string().optional(),
              code: z.enum([
                "empty-frame",
                "missing-photo",
                "low-resolution",
                "outside-safe-area",
                "text-too-small",
                "empty-page",
              ]),
              severity: z.enum(["error", "warning"]),
              ppi: z.number().optional(),
              pages: z.array(z.number().int()).optional().openapi({
                description: "A photo book's empty inner pages (from 1) on this spread",
              }),
            }),
          ),
          quality: z.array(
            z.object({
              surface: z.string(),
              element: z.string(),
              ppi: z.number(),
              quality: z.enum(["good", "acceptable", "poor"]),
            }),
          ),
        }),
      ),
      404: notFound,
    },
  });
  registry.registerPath({
    method: "get",
    path: `${STUDIO_DESIGNS_PATH}/{id}/print.pdf`,
    summary:
      "The print file: a page per surface, trim + bleed, TrimBox and BleedBox, photos at full resolution",
    tags: ["studio"],
    request: { params: id },
    responses: {
      200: {
        description: "The PDF, with a weak ETag of the design's version and photos",
        content: { "application/pdf": { schema: z.string() } },
      },
      304: { description: "Not modified (If-None-Match named the file's ETag)" },
      404: notFound,
      503: problemSchemaRef("Rendering at capacity; try again after Retry-After"),
    },
  });
  registry.registerPath({
    method: "get",
    path: `${STUDIO_TEMPLATES_PATH}/{themeId}/preview.jpg`,
    summary:
      "A card theme's template (front) with sample photos, in the shop's language, drawn from its print file",
    tags: ["studio"],
    request: {
      params: z.object({
        themeId: z.string().openapi({ example: "weihnachten-003" }),
      }),
      query: previewQuery,
    },
    responses: {
      200: { description: "The JPEG", content: { "image/jpeg": { schema: z.string() } } },
      400: problemSchemaRef("A malformed format or width"),
      404: problemSchemaRef("No such theme, or not in this format"),
      503: problemSchemaRef("Rendering at capacity; try again after Retry-After"),
    },
  });
  registry.registerPath({
    method: "get",
    path: `${STUDIO_DESIGNS_PATH}/{id}/proof/{file}`,
    summary: "The n-th surface (from 1) drawn from the print file, cut at the trim",
    tags: ["studio"],
    request: {
      params: id.extend({
        file: z
          .string()
          .regex(/^\d{1,3}\.jpg$/)
          .openapi({ description: "The surface's number (from 1) and .jpg", example: "1.jpg" }),
      }),
      query: proofQuery,
    },
    responses: {
      200: { description: "The JPEG", content: { "image/jpeg": { schema: z.string() } } },
      404: problemSchemaRef("No such design of yours, or no such surface"),
      503: problemSchemaRef("Rendering at capacity; try again after Retry-After"),
    },
  });
}
