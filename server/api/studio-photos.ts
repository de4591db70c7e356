/**
 * The studio's photos, for the design studio's scripts:
 *   POST   /web-api/studio/photos              multipart: file. 201 with the photo as the list
 *                                              says it, or 200 with the photo kept before when
 *                                              the same file comes again
 *   GET    /web-api/studio/photos              the owner's photos, oldest first
 *   GET    /web-api/studio/photos/{id}/screen  the screen copy (JPEG or WebP, 2048 px);
 *                                              ?size=small: the small copy (the same format,
 *                                              320 px) for the page strip and the photo tray;
 *                                              the screen copy while it cannot be made yet
 *   DELETE /web-api/studio/photos/{id}         204; 409 while a design in a cart or order uses it
 * The owner is the signed-in customer, else the visitor (their visitor key; a first upload
 * gives one). Another owner's photo is unknown (404). Refusals are problem documents in
 * the shopper's language: not an image or HEIC this shop cannot read (415), too large a
 * file, too many pixels or too long a side (413, decided from the header before any
 * decoding), over the owner's quota (422), decoding at capacity (503 with Retry-After).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { visitorKey, visitorKeyCookie } from "../../domain/cookies";
import { imageGate, imageWorkRefusal, uploadBudget } from "../images/gate";
import { isSecureRequest } from "../middleware/forwarded";
import type { ShopServices } from "../services";
import {
  DEFAULT_PHOTO_LIMITS,
  PHOTO_ID,
  PhotoRefused,
  type StudioOwner,
  type StudioPhoto,
} from "../studio/photos";
import { photoText, type PhotoProblem } from "../studio/photosTexts";
import { requestSite } from "./formSite";
import { invalidInput, problem, problemResponse } from "./problem";
import { readUploadForm, type FormFile } from "../images/uploadForm";

export const STUDIO_PHOTOS_PATH = "/web-api/studio/photos";
const MAX_REQUEST_BYTES = DEFAULT_PHOTO_LIMITS.maxFileBytes + 64 * 1024;

const PROBLEM_CODES: Record<PhotoProblem, string> = {
  "not-an-image": "not_an_image",
  "heic-unsupported": "heic_unsupported",
  "file-too-large": "too_large",
  "too-many-pixels": "too_many_pixels",
  "side-too-long": "side_too_long",
  "quota-count": "quota_exceeded",
  "quota-bytes": "quota_exceeded",
  "no-file": "invalid_request",
  busy: "busy",
  "not-found": "not_found",
  "in-use": "conflict",
};

const uploadForm = z.object({
  file: z.custom<FormFile>((file) => file !== undefined && (file as FormFile).data.length > 0),
});

/** A photo as the API answers it. */
export const studioPhotoSchema = z
  .object({
    id: z.string().regex(PHOTO_ID),
    width: z
      .number()
      .int()
      .positive()
      .openapi({ description: "The upright original's width (px)" }),
    height: z.number().int().positive(),
    screenWidth: z.number().int().positive(),
    screenHeight: z.number().int().positive(),
    thumbWidth: z.number().int().positive(),
    thumbHeight: z.number().int().positive(),
    createdAt: z.string().openapi({ format: "date-time" }),
    capturedAt: z.string().nullable().openapi({
      format: "date-time",
      description:
        "When the picture was taken (the camera's EXIF date, its local time written as UTC); null when the file did not say",
    }),
    screen: z.string().openapi({ description: "Where the screen copy is (this API)" }),
    thumb: z.string().openapi({
      description: "Where the small copy is (this API): at most 320 px, for thumbnails",
    }),
  })
  .openapi("StudioPhoto");

/** Which copy GET …/{id}/screen answers: the screen copy, or with size=small the small one. */
const screenQuery = z.object({
  size: z.enum(["small"]).optional().openapi({
    description:
      "small: the small copy (at most 320 px), in the screen copy's format; for a photo kept before small copies existed whose copy cannot be made just now, its screen copy, marked not to be kept",
  }),
});

const photoOut = (photo: StudioPhoto) => ({
  id: photo.id,
  width: photo.width,
  height: photo.height,
  screenWidth: photo.screenWidth,
  screenHeight: photo.screenHeight,
  thumbWidth: photo.thumbWidth,
  thumbHeight: photo.thumbHeight,
  createdAt: photo.createdAt.toISOString(),
  capturedAt: photo.capturedAt ? photo.capturedAt.toISOString() : null,
  screen: `${STUDIO_PHOTOS_PATH}/${photo.id}/screen`,
  thumb: `${STUDIO_PHOTOS_PATH}/${photo.id}/screen?size=small`,
});

export function studioPhotoRoutes(services: ShopServices): Hono {
  const { studioPhotos, customers } = services;
  const routes = new Hono();

  // Every answer is this shopper's alone.
  routes.use(STUDIO_PHOTOS_PATH, personal);
  routes.use(`${STUDIO_PHOTOS_PATH}/*`, personal);

  const say = (c: Context, status: 404 | 409 | 413 | 415 | 422 | 503 | 400, what: PhotoProblem) =>
    problem(c, status, {
      code: PROBLEM_CODES[what],
      detail: photoText(requestSite(c).locale, what),
    });

  /** The signed-in customer, else the visitor; null for a visitor without a key. */
  async function ownerOf(c: Context): Promise<StudioOwner | null> {
    const cookies = c.req.header("cookie") ?? "";
    const customer = await customers.accounts.customerFor(
      customers.sessionToken(cookies),
      requestSite(c).channel,
    );
    if (customer) return { customerId: customer.id };
    const key = visitorKey(cookies);
    return key ? { visitorKey: key } : null;
  }

  routes.get(STUDIO_PHOTOS_PATH, async (c) => {
    const owner = await ownerOf(c);
    const photos = owner ? await studioPhotos.list(owner) : [];
    return c.json({ photos: photos.map(photoOut) });
  });

  routes.post(
    STUDIO_PHOTOS_PATH,
    // The body stays in memory until its photo is done: its bytes count in the gate's budget.
    uploadBudget(imageGate, MAX_REQUEST_BYTES, (c, busy) => {
      c.header("Retry-After", String(busy.retryAfterSeconds));
      return say(c, 503, "busy");
    }),
    bodyLimit({ maxSize: MAX_REQUEST_BYTES, onError: (c) => say(c, 413, "file-too-large") }),
    async (c) => {
      const body = await readUploadForm(c.req);
      const form = uploadForm.safeParse({ file: body?.files.file?.[0] });
      if (!form.success) {
        const detail = photoText(requestSite(c).locale, "no-file");
        return problem(c, 400, { code: "invalid_request", detail, errors: { file: detail } });
      }
      let owner = await ownerOf(c);
      if (!owner) {
        const key = crypto.randomUUID();
        c.header("Set-Cookie", visitorKeyCookie(key, isSecureRequest(c.req.raw)), {
          append: true,
        });
        owner = { visitorKey: key };
      }
      const { file } = form.data;
      try {
        const kept = await studioPhotos.upload(owner, file.data, file.type);
        // The photo as the list says it, so the tray draws it with the shop's sizes at once.
        const photo = await studioPhotos.get(owner, kept.id);
        if (!photo) throw new Error(`Studio photo ${kept.id} gone right after its upload`);
        c.header("Location", `${STUDIO_PHOTOS_PATH}/${photo.id}/screen`);
        return c.json(photoOut(photo), kept.created ? 201 : 200);
      } catch (error) {
        if (error instanceof PhotoRefused) return say(c, error.status, error.reason);
        const refused = imageWorkRefusal(error);
        if (!refused) throw error;
        if (refused.retryAfterSeconds) c.header("Retry-After", String(refused.retryAfterSeconds));
        return say(
          c,
          refused.status === 503 ? 503 : 415,
          refused.status === 503 ? "busy" : "not-an-image",
        );
      }
    },
  );

  routes.get(`${STUDIO_PHOTOS_PATH}/:id/screen`, async (c) => {
    const query = screenQuery.safeParse(c.req.query());
    if (!query.success) return invalidInput(c, query.error, "query");
    const owner = await ownerOf(c);
    const photo = owner ? await studioPhotos.get(owner, c.req.param("id")) : null;
    if (!photo) return say(c, 404, "not-found");
    const small = query.data.size === "small" ? await smallCopy(photo.id) : null;
    // A photo's pictures never change under its id; only its owner may see them. The screen
    // copy standing in for a small copy not made yet is not kept: the next request may get it.
    const standIn = query.data.size === "small" && !small;
    c.header("Cache-Control", standIn ? "private, no-store" : "private, max-age=604800, immutable");
    const picture = small ?? (await studioPhotos.screen(photo.id));
    return c.body(new Uint8Array(picture.data), 200, { "Content-Type": picture.contentType });
  });

  /**
   * The small copy, or null when there is none yet and it cannot be made now: the screen
   * copy is answered instead, since a picture an <img> or an SVG <image> could not load
   * stays broken until the page is reloaded (neither tries again).
   */
  async function smallCopy(id: string) {
    try {
      return await studioPhotos.thumb(id);
    } catch (error) {
      services.log.warn({ err: error, photo: id }, "studio photo's small copy not made");
      return null;
    }
  }

  routes.delete(`${STUDIO_PHOTOS_PATH}/:id`, async (c) => {
    const owner = await ownerOf(c);
    const deleted = owner ? await studioPhotos.delete(owner, c.req.param("id")) : false;
    if (deleted === "in-use") return say(c, 409, "in-use");
    if (!deleted) return say(c, 404, "not-found");
    return c.body(null, 204);
  });

  return routes;
}

/** Answers about one shopper's photos: no shared cache keeps them (the screen copy says its own). */
async function personal(c: Context, next: () => Promise<void>) {
  await next();
  if (!c.res.headers.get("Cache-Control")) c.header("Cache-Control", "private, no-store");
}

type Registry = OpenAPIHono["openAPIRegistry"];

/** The studio photos' paths in the API reference. */
export function registerStudioPhotoPaths(registry: Registry) {
  const answer = problemResponse;
  const json = (description: string, schema: z.ZodType) => ({
    description,
    content: { "application/json": { schema } },
  });
  const idParam = z.object({ id: z.string().regex(PHOTO_ID) });
  registry.registerPath({
    method: "post",
    path: STUDIO_PHOTOS_PATH,
    summary:
      "Keeps a photo for the studio (JPEG, PNG, WebP; HEIC where this shop reads it): upright, without metadata, with a screen copy",
    tags: ["studio"],
    request: {
      body: {
        content: {
          "multipart/form-data": {
            schema: z.object({ file: z.string().openapi({ format: "binary" }) }),
          },
        },
      },
    },
    responses: {
      200: json("The same file was handed in before: that photo", studioPhotoSchema),
      201: json(
        "Kept, as the photo list says it (width and height: the upright original's)",
        studioPhotoSchema,
      ),
      400: answer("No file"),
      413: answer(
        "Over 50 MB, over 100 megapixels or a side over 20,000 px (from the header, before decoding)",
      ),
      415: answer("Not an image this shop reads (HEIC: convert or export as JPEG)"),
      422: answer("The owner's quota of photos or bytes is used up"),
      503: answer("Images are being worked on at capacity (Retry-After says when to try again)"),
    },
  });
  registry.registerPath({
    method: "get",
    path: STUDIO_PHOTOS_PATH,
    summary: "The visitor's or customer's studio photos, oldest first",
    tags: ["studio"],
    responses: { 200: json("The photos", z.object({ photos: z.array(studioPhotoSchema) })) },
  });
  registry.registerPath({
    method: "get",
    path: `${STUDIO_PHOTOS_PATH}/{id}/screen`,
    summary:
      "A photo's screen copy (sRGB, at most 2048 px a side) for the editor, or its small copy (at most 320 px) for the page strip and the photo tray",
    tags: ["studio"],
    request: {
      params: idParam,
      query: screenQuery,
    },
    responses: {
      200: {
        description: "The screen copy, or the small copy (or the screen copy standing in for it)",
        content: {
          "image/jpeg": { schema: z.string().openapi({ format: "binary" }) },
          "image/webp": { schema: z.string().openapi({ format: "binary" }) },
        },
      },
      400: answer("A size there is none of"),
      404: answer("Unknown, or another owner's"),
    },
  });
  registry.registerPath({
    method: "delete",
    path: `${STUDIO_PHOTOS_PATH}/{id}`,
    summary: "Deletes a studio photo",
    tags: ["studio"],
    request: { params: idParam },
    responses: {
      204: { description: "Deleted" },
      404: answer("Unknown, or another owner's"),
      409: answer("A design in the cart or an order uses it"),
    },
  });
}
