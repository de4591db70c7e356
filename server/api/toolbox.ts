/**
 * The toolbox endpoints (multipart form posts from the Toolbox block):
 *   POST /web-api/toolbox-optimize-image   file           an image ready for print (JPEG)
 *   POST /web-api/toolbox-convert-file     file, to       the image as jpeg, png or webp
 *   POST /web-api/toolbox-convert-pdf      files (1–20)   a PDF, one A4 page per image
 *   GET  /web-api/toolbox-download?id=…                    the result, for an hour
 * A call from the block's script (Accept: application/json) gets the result's description
 * with its download address (201); a plain form post is sent on to the download (303).
 * Wrong input answers 400, a file that is not an image 415, too large 413, too large for
 * the target format 422, too many operations from one address in an hour 429, and 503 with
 * Retry-After while the image gate (server/images/gate.ts) has no place free in time.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { CONTENT_TYPES, CONVERT_TARGETS, TOOLBOX_LIMITS } from "../../domain/toolbox";
import { clientAddress } from "../middleware/clientAddress";
import type { ShopServices } from "../services";
import { imageGate, imageWorkRefusal, uploadBudget } from "../images/gate";
import { readUploadForm, type FormFile, type UploadForm } from "../images/uploadForm";
import type { Upload } from "../images/uploads";
import type { ToolboxResult } from "../toolbox/service";
import { requestSite } from "./formSite";
import { toolboxResultSchema } from "./openapiSchemas";
import { problem, problemResponse } from "./problem";

export const TOOLBOX_DOWNLOAD_PATH = "/web-api/toolbox-download";

const MESSAGES = {
  missing: "Choose a file.",
  tooMany: `At most ${TOOLBOX_LIMITS.maxPdfImages} images make one PDF.`,
  tooLarge: `A file may have at most ${TOOLBOX_LIMITS.maxFileBytes / 1024 / 1024} MB.`,
  target: `Convert to one of: ${CONVERT_TARGETS.join(", ")}.`,
  "not-an-image":
    "This file is not an image the toolbox can read (JPEG, PNG, WebP, TIFF, GIF, AVIF, HEIF).",
} as const;

const REFUSAL_CODES = {
  400: "invalid_request",
  413: "invalid_request",
  415: "unsupported_media_type",
  422: "unprocessable",
  429: "throttled",
  503: "busy",
} as const;

const convertTarget = z.enum(CONVERT_TARGETS);
const downloadId = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

/** The files of a form field, as views into the body (the body limit has bounded them). */
function uploads(files: FormFile[] | undefined): Upload[] | "too-large" {
  const given = (files ?? []).filter((file) => file.data.length > 0);
  if (given.some((file) => file.data.length > TOOLBOX_LIMITS.maxFileBytes)) return "too-large";
  return given.map((file) => ({ name: file.name, data: file.data }));
}

export function toolboxRoutes(services: ShopServices): Hono {
  const { toolbox } = services;
  const routes = new Hono();

  routes.use("/web-api/toolbox-*", async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    return next();
  });
  // Bodies are held in memory until their images are done: their bytes count in one budget.
  routes.on(
    "POST",
    "/web-api/toolbox-*",
    uploadBudget(imageGate, TOOLBOX_LIMITS.maxRequestBytes, (c, busy) =>
      refuse(c, 503, busy.message, busy.retryAfterSeconds),
    ),
  );
  routes.use(
    "/web-api/toolbox-*",
    bodyLimit({
      maxSize: TOOLBOX_LIMITS.maxRequestBytes,
      onError: (c) => problem(c, 413, { code: "too_large", detail: MESSAGES.tooLarge }),
    }),
  );

  function refuse(
    c: Context,
    status: 400 | 413 | 415 | 422 | 429 | 503,
    message: string,
    retryAfterSeconds?: number,
  ) {
    if (retryAfterSeconds) c.header("Retry-After", String(retryAfterSeconds));
    return problem(c, status, {
      code: REFUSAL_CODES[status],
      detail: message,
    });
  }

  /** The result for the block's script, or the way to the download for a plain form post. */
  const answer = (c: Context, result: ToolboxResult) => {
    const downloadUrl = `${TOOLBOX_DOWNLOAD_PATH}?id=${result.id}`;
    if (!(c.req.header("accept") ?? "").includes("application/json")) {
      return c.redirect(downloadUrl, 303);
    }
    return c.json({ ...result, expiresAt: result.expiresAt.toISOString(), downloadUrl }, 201);
  };

  /**
   * Reads the form and runs the operation; input errors answer as they should. The
   * operation counts against the address's hourly limit (`allowed`) once its files passed
   * their header check: a file refused from its header costs no decode, and a refusal
   * needs no database write (the write would keep /health and pages waiting on the
   * embedded database during a burst of refused uploads).
   */
  function operation(
    path: string,
    run: (
      c: Context,
      form: UploadForm,
      allowed: () => Promise<Response | null>,
    ) => Promise<Response>,
  ) {
    routes.post(path, async (c) => {
      const form = await readUploadForm(c.req);
      if (!form) return refuse(c, 400, MESSAGES.missing);
      const allowed = async () =>
        (await toolbox.allow(clientAddress(c)))
          ? null
          : refuse(c, 429, "Too many files in an hour; please try again later.");
      try {
        return await run(c, form, allowed);
      } catch (error) {
        const refused = imageWorkRefusal(error);
        if (!refused) throw error;
        const message =
          refused.reason === "not-an-image" ? MESSAGES["not-an-image"] : refused.message;
        return refuse(c, refused.status, message, refused.retryAfterSeconds);
      }
    });
  }

  /** One file of the form's `file` field, or the answer that refuses the form. */
  function oneFile(c: Context, form: UploadForm) {
    const files = uploads(form.files.file);
    if (files === "too-large") return refuse(c, 413, MESSAGES.tooLarge);
    if (files.length !== 1) return refuse(c, 400, MESSAGES.missing);
    return files[0]!;
  }

  operation("/web-api/toolbox-optimize-image", async (c, form, allowed) => {
    const file = oneFile(c, form);
    if (file instanceof Response) return file;
    const [header] = await toolbox.measure([file]);
    const throttled = await allowed();
    if (throttled) return throttled;
    return answer(c, await toolbox.optimizeImage(requestSite(c).channel, file, header));
  });

  operation("/web-api/toolbox-convert-file", async (c, form, allowed) => {
    const to = convertTarget.safeParse(form.fields.to);
    if (!to.success) return refuse(c, 400, MESSAGES.target);
    const file = oneFile(c, form);
    if (file instanceof Response) return file;
    const [header] = await toolbox.measure([file]);
    const throttled = await allowed();
    if (throttled) return throttled;
    return answer(c, await toolbox.convertFile(requestSite(c).channel, file, to.data, header));
  });

  operation("/web-api/toolbox-convert-pdf", async (c, form, allowed) => {
    const files = uploads(form.files.files);
    if (files === "too-large") return refuse(c, 413, MESSAGES.tooLarge);
    if (files.length === 0) return refuse(c, 400, MESSAGES.missing);
    if (files.length > TOOLBOX_LIMITS.maxPdfImages) return refuse(c, 400, MESSAGES.tooMany);
    const headers = await toolbox.measure(files);
    const throttled = await allowed();
    if (throttled) return throttled;
    return answer(c, await toolbox.imagesToPdf(requestSite(c).channel, files, headers));
  });

  routes.get(TOOLBOX_DOWNLOAD_PATH, async (c) => {
    const id = downloadId.safeParse(c.req.query("id"));
    const file = id.success ? await toolbox.download(requestSite(c).channel, id.data) : null;
    if (!file) {
      return problem(c, 404, {
        code: "not_found",
        detail: "No such file: results are kept for an hour.",
      });
    }
    return c.body(new Uint8Array(file.data), 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "Content-Length": String(file.data.length),
    });
  });

  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

/** The toolbox's paths in the API reference. */
export function registerToolboxPaths(registry: Registry) {
  const answer = problemResponse;
  const json = (description: string, schema: z.ZodType) => ({
    description,
    content: { "application/json": { schema } },
  });
  const file = z.string().openapi({ format: "binary" });
  const responses = {
    201: json("The result, kept for an hour", toolboxResultSchema),
    303: { description: "A plain form post: on to the download" },
    400: answer("No file, too many images, or an unknown target format"),
    413: answer(
      "A file or the request is too large, or an image has too many pixels or too long a side",
    ),
    415: answer("Not an image the toolbox can read"),
    422: answer("The image is too large for the target format (WebP 16383 px a side, JPEG 65500)"),
    429: answer("Too many operations from this address in an hour"),
    503: answer("Images are being worked on at capacity (Retry-After says when to try again)"),
  };
  const form = (schema: z.ZodObject) => ({
    body: { content: { "multipart/form-data": { schema } } },
  });
  registry.registerPath({
    method: "post",
    path: "/web-api/toolbox-optimize-image",
    summary: "An image made ready for print: upright, sRGB, 300 dpi, a print-quality JPEG",
    tags: ["toolbox"],
    request: form(z.object({ file })),
    responses,
  });
  registry.registerPath({
    method: "post",
    path: "/web-api/toolbox-convert-file",
    summary: "An image converted to JPEG, PNG or WebP",
    tags: ["toolbox"],
    request: form(z.object({ file, to: convertTarget })),
    responses,
  });
  registry.registerPath({
    method: "post",
    path: "/web-api/toolbox-convert-pdf",
    summary: "Images made into a PDF, one A4 page each",
    tags: ["toolbox"],
    request: form(z.object({ files: z.array(file).max(TOOLBOX_LIMITS.maxPdfImages) })),
    responses,
  });
  registry.registerPath({
    method: "get",
    path: TOOLBOX_DOWNLOAD_PATH,
    summary: "A toolbox result, as an attachment, for an hour after it was made",
    tags: ["toolbox"],
    request: { query: z.object({ id: downloadId }) },
    responses: {
      200: {
        description: "The file, as an attachment named after the upload",
        content: Object.fromEntries(
          [...new Set(Object.values(CONTENT_TYPES))].map((type) => [type, { schema: file }]),
        ),
      },
      404: answer("Unknown or expired"),
    },
  });
}
