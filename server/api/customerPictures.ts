/**
 * Customer pictures:
 *   GET  /customer-picture/get?product=&limit=&offset=   the approved pictures of the brand
 *   GET  /customer-picture/image/{id}/{small|large}.jpg  an approved picture's image
 *   POST /customer-picture/upload   multipart: file, caption?, product?, consent=on
 * Handing one in needs a logged-in customer of the brand (401), their consent to show it
 * with their first name (400) and an image (415, 413); at most 5 a day (429). It answers
 * 202: the picture shows once an editor approved it (the editor's moderation page). A
 * plain form post goes back to the page it came from.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  CUSTOMER_PICTURE_LIMITS,
  CUSTOMER_PICTURE_SIZES,
  PICTURE_PRODUCT,
} from "../../domain/customerPictures";
import { imageGate, imageWorkRefusal, uploadBudget } from "../images/gate";
import type { ShopServices } from "../services";
import { requestSite } from "./formSite";
import { invalidInput, problem, problemResponse } from "./problem";
import { readUploadForm, type FormFile } from "../images/uploadForm";
import { customerPicturesSchema } from "./openapiSchemas";

const LIMITS = CUSTOMER_PICTURE_LIMITS;

const listQuery = z.object({
  product: z.string().regex(PICTURE_PRODUCT).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPage).default(12),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
const uploadForm = z.object({
  file: z.custom<FormFile>(
    (file) => file !== undefined && (file as FormFile).data.length > 0,
    "Choose a photo.",
  ),
  caption: z.string().max(1000).optional().default(""),
  product: z
    .union([z.literal(""), z.string().regex(PICTURE_PRODUCT)])
    .optional()
    .default(""),
  consent: z.literal("on", { message: "Agree to show the photo with your first name." }),
});

/**
 * The page a plain form post came from, as a path of this host; else the home page. A path
 * a browser would read as another host's (`//evil.example`, `/\evil.example`) is never one.
 */
export function backTo(referer: string | undefined, host: string | undefined): string {
  if (!referer || !host || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  if (!/^https?:$/.test(url.protocol) || url.host !== host.toLowerCase()) return "/";
  const path = `${url.pathname}${url.search}`;
  return /^\/(?![/\\])/.test(path) && !/[\\\x00-\x1f\x7f]/.test(path) ? path : "/";
}

export function customerPictureRoutes(services: ShopServices): Hono {
  const { customerPictures, customers } = services;
  const routes = new Hono();

  routes.get("/customer-picture/get", async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) {
      return invalidInput(c, query.error, "query");
    }
    const list = await customerPictures.list(requestSite(c).channel, query.data);
    // The same for every visitor; a new approval shows within a minute.
    c.header("Cache-Control", "public, max-age=60");
    return c.json(list);
  });

  routes.get("/customer-picture/image/:id{[0-9]{1,9}}/:file{(small|large)\\.jpg}", async (c) => {
    const size = c.req.param("file").replace(".jpg", "") as (typeof CUSTOMER_PICTURE_SIZES)[number];
    const image = await customerPictures.image(
      requestSite(c).channel,
      Number(c.req.param("id")),
      size,
    );
    if (!image) return problem(c, 404, { code: "not_found", detail: "No such picture." });
    return c.body(new Uint8Array(image), 200, {
      "Content-Type": "image/jpeg",
      // A picture can be taken down (refused later, the account deleted): kept a day, not forever.
      "Cache-Control": "public, max-age=86400",
    });
  });

  routes.post(
    "/customer-picture/upload",
    // The body stays in memory until its image is done: its bytes count in one budget.
    uploadBudget(imageGate, LIMITS.maxFileBytes + 64 * 1024, (c, busy) => {
      c.header("Retry-After", String(busy.retryAfterSeconds));
      return problem(c, 503, { code: "busy", detail: busy.message });
    }),
    bodyLimit({
      maxSize: LIMITS.maxFileBytes + 64 * 1024,
      onError: (c) =>
        problem(c, 413, { code: "too_large", detail: "The photo may have at most 15 MB." }),
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
      const site = requestSite(c);
      const customer = await customers.accounts.customerFor(
        customers.sessionToken(c.req.header("cookie") ?? ""),
        site.channel,
      );
      if (!customer) {
        return problem(c, 401, { code: "login", detail: "Log in to show your photo." });
      }
      const body = await readUploadForm(c.req);
      const form = uploadForm.safeParse({ ...body?.fields, file: body?.files.file?.[0] });
      if (!form.success) {
        return invalidInput(c, form.error);
      }
      const { file, caption, product } = form.data;
      const upload = { name: file.name, data: file.data };
      try {
        // The header first: a photo refused from it costs no database write and none of
        // the day's five.
        const header = await customerPictures.measure(upload);
        if (!(await customerPictures.allow(customer.id))) {
          return problem(c, 429, {
            code: "throttled",
            detail: "At most 5 photos a day; please come back tomorrow.",
          });
        }
        await customerPictures.submit({
          channel: site.channel,
          customerId: customer.id,
          name: customer.firstName,
          caption,
          product,
          upload,
          header,
        });
      } catch (error) {
        const refused = imageWorkRefusal(error);
        if (!refused) throw error;
        if (refused.retryAfterSeconds) c.header("Retry-After", String(refused.retryAfterSeconds));
        return refused.reason === "not-an-image"
          ? problem(c, 415, { code: "not_an_image", detail: "This file is not a photo." })
          : problem(c, refused.status, {
              code: refused.status === 503 ? "busy" : "too_large",
              detail: refused.message,
            });
      }
      if (!wantsJson) return c.redirect(backTo(c.req.header("referer"), c.req.header("host")), 303);
      return c.json({ status: "pending" }, 202);
    },
  );

  return routes;
}

type Registry = OpenAPIHono["openAPIRegistry"];

/** The customer pictures' paths in the API reference. */
export function registerCustomerPicturePaths(registry: Registry) {
  const answer = problemResponse;
  const json = (description: string, schema: z.ZodType) => ({
    description,
    content: { "application/json": { schema } },
  });
  registry.registerPath({
    method: "get",
    path: "/customer-picture/get",
    summary: "The approved customer pictures of the brand, newest approval first",
    tags: ["customers"],
    request: { query: listQuery },
    responses: {
      200: json("Newest approval first", customerPicturesSchema),
      400: answer("A wrong product, limit or offset"),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/customer-picture/image/{id}/{file}",
    summary: "An approved picture as a tile (480 px) or large (1600 px)",
    tags: ["customers"],
    request: {
      params: z.object({
        id: z.string().regex(/^\d+$/),
        file: z.enum(CUSTOMER_PICTURE_SIZES.map((size) => `${size}.jpg`) as [string, ...string[]]),
      }),
    },
    responses: {
      200: {
        description: "The JPEG",
        content: { "image/jpeg": { schema: z.string().openapi({ format: "binary" }) } },
      },
      404: answer("Unknown or not approved"),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/customer-picture/upload",
    summary: "A logged-in customer's photo for the gallery, shown once an editor approved it",
    tags: ["customers"],
    request: {
      body: {
        content: {
          "multipart/form-data": {
            schema: z.object({
              file: z.string().openapi({ format: "binary" }),
              caption: z.string().max(LIMITS.caption).optional(),
              product: z.string().regex(PICTURE_PRODUCT).optional(),
              consent: z.literal("on"),
            }),
          },
        },
      },
    },
    responses: {
      202: json("Shown once approved", z.object({ status: z.literal("pending") })),
      303: { description: "A plain form post: back to the page" },
      400: answer("No photo, or no consent"),
      401: answer("Not logged in"),
      413: answer("The photo is too large, has too many pixels or too long a side"),
      415: answer("Not a photo"),
      429: answer("More than 5 photos today"),
      503: answer("Images are being worked on at capacity (Retry-After says when to try again)"),
    },
  });
}
