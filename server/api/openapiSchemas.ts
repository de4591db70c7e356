/**
 * The answers the API reference describes for the routers that do not describe
 * themselves (content, customers, forms, toolbox, pictures, flags, the content APIs,
 * images, health): each success body's real shape, so a client (and the contract test)
 * can check an answer against it.
 */
import { z } from "@hono/zod-openapi";

const isoDate = z.string().openapi({ format: "date-time", example: "2026-01-01T00:00:00.000Z" });

/** A content block as the content system stores it: a component name and its fields. */
export const contentSchema = z
  .looseObject({ component: z.string(), _uid: z.string().optional() })
  .openapi("Content");

/** A story prepared for the storefront's rendering (the shop's content endpoints). */
export const preparedStorySchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    name: z.string(),
    fullSlug: z.string(),
    folder: z.string().openapi({ description: "The locale folder it came from" }),
    content: contentSchema,
    alternates: z.array(
      z.object({ fullSlug: z.string(), name: z.string(), published: z.boolean() }),
    ),
    tags: z.array(z.string()),
    publishedAt: isoDate.nullable(),
    target: z.string().nullable(),
    status: z.number().int().nullable(),
  })
  .openapi("PreparedStory");

export const breadcrumbSchema = z
  .array(z.object({ text: z.string(), link: z.object({ url: z.string() }) }))
  .openapi("Breadcrumb");

export const actionBarSchema = z
  .object({
    id: z.string(),
    html: z.string(),
    color: z.string(),
    backgroundColor: z.string(),
    countdownEndDate: z.string().optional(),
    actionBarEndDate: z.string().optional(),
  })
  .openapi("ActionBar");

export const customerSchema = z
  .object({
    emailHash: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    isLoggedIn: z.boolean(),
    isWhitelabelCustomer: z.boolean(),
    number: z.string().nullable(),
    order: z.object({ cartArticlesAmount: z.number().int(), isWhitelabelOrder: z.boolean() }),
    wishlistThemes: z
      .number()
      .int()
      .openapi({ description: "Themes on the wishlist (0 where the shop keeps none)" }),
    type: z.number().int(),
  })
  .openapi("Customer");

export const pendingSchema = z
  .object({ pending: z.literal(true) })
  .openapi("Pending", { description: "The next step is in the mail" });

/** A signed proof-of-work challenge (ALTCHA v2). */
export const challengeSchema = z
  .object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().int().optional(),
      data: z.record(z.string(), z.unknown()).optional(),
    }),
    signature: z.string().optional(),
  })
  .openapi("Challenge");

export const toolboxResultSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    contentType: z.string(),
    bytes: z.number().int(),
    expiresAt: isoDate,
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    pages: z.number().int().optional(),
    downloadUrl: z.string(),
  })
  .openapi("ToolboxResult");

export const customerPicturesSchema = z
  .object({
    items: z.array(
      z.looseObject({
        id: z.number().int(),
        name: z.string(),
        caption: z.string().nullable(),
        product: z.string().nullable(),
        width: z.number().int(),
        height: z.number().int(),
        src: z.string(),
        large: z.string(),
      }),
    ),
    total: z.number().int(),
  })
  .openapi("CustomerPictures");

export const featureFlagsSchema = z
  .object({
    featureFlags: z.record(z.string(), z.string()),
    readiness: z.looseObject({}).or(z.string()).or(z.boolean()),
  })
  .openapi("FeatureFlags");

// ------------------------------------------------------------ content APIs (cms/)

const cdnAlternate = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  published: z.boolean(),
  full_slug: z.string(),
  is_folder: z.boolean(),
  parent_id: z.number().int(),
});

export const cdnStorySchema = z
  .looseObject({
    id: z.number().int(),
    uuid: z.string(),
    name: z.string(),
    slug: z.string(),
    full_slug: z.string(),
    content: contentSchema,
    created_at: isoDate,
    published_at: isoDate.nullable(),
    first_published_at: isoDate.nullable(),
    position: z.number().int(),
    tag_list: z.array(z.string()),
    is_startpage: z.boolean(),
    parent_id: z.number().int(),
    group_id: z.string(),
    lang: z.string(),
    alternates: z.array(cdnAlternate),
  })
  .openapi("CdnStory");

const resolved = {
  rels: z.array(cdnStorySchema).optional(),
  rel_uuids: z.array(z.string()).optional(),
  links: z.array(z.looseObject({ uuid: z.string() })).optional(),
  link_uuids: z.array(z.string()).optional(),
};

export const cdnStoriesSchema = z
  .object({ stories: z.array(cdnStorySchema), cv: z.number().int(), ...resolved })
  .openapi("CdnStories");

export const cdnOneStorySchema = z
  .object({ story: cdnStorySchema, cv: z.number().int(), ...resolved })
  .openapi("CdnOneStory");

export const cdnLinkSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    slug: z.string(),
    path: z.null(),
    real_path: z.string(),
    name: z.string(),
    published: z.boolean(),
    parent_id: z.number().int(),
    is_folder: z.boolean(),
    is_startpage: z.boolean(),
    position: z.number().int(),
    published_at: isoDate.nullable().optional(),
    created_at: isoDate.optional(),
    updated_at: isoDate.optional(),
  })
  .openapi("CdnLink");

export const cdnLinksSchema = z
  .object({ links: z.record(z.string(), cdnLinkSchema), cv: z.number().int() })
  .openapi("CdnLinks");

export const cdnSpaceSchema = z
  .object({
    space: z.object({
      id: z.number().int(),
      name: z.string(),
      domain: z.string(),
      version: z.number().int(),
      language_codes: z.array(z.string()),
    }),
  })
  .openapi("CdnSpace");

export const managementStorySchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    name: z.string(),
    slug: z.string(),
    full_slug: z.string(),
    content: contentSchema.nullable().optional(),
    created_at: isoDate,
    updated_at: isoDate,
    published_at: isoDate.nullable(),
    first_published_at: isoDate.nullable(),
    published: z.boolean(),
    unpublished_changes: z.boolean(),
    is_folder: z.boolean(),
    is_startpage: z.boolean(),
    parent_id: z.number().int(),
    group_id: z.string(),
    tag_list: z.array(z.string()),
    position: z.number().int(),
    target: z.string().nullable(),
    status: z.number().int().nullable(),
  })
  .openapi("ManagementStory");

export const managementReleaseSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    name: z.string(),
    release_at: isoDate.nullable(),
    released: z.boolean(),
    created_at: isoDate,
  })
  .openapi("ManagementRelease");

// ------------------------------------------------------------ process paths

export const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.looseObject({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean() }),
    uptimeSeconds: z.number().int(),
    worker: z.number().int(),
    react: z.string(),
  })
  .openapi("Health");

export const liveSchema = z
  .object({ status: z.literal("ok"), uptimeSeconds: z.number().int() })
  .openapi("Live");

export const readySchema = z
  .object({
    status: z.enum(["ready", "database unavailable", "stopping"]),
    database: z.boolean().optional(),
  })
  .openapi("Ready");
