/**
 * The studio's designs: a shopper's design document kept per owner (the cart's notion: the
 * signed-in customer, else the visitor key), saved whole with a version check so an older
 * copy never overwrites a newer one, checked before ordering (preflight) and printed to the
 * PDF the proofs are drawn from. A design of another owner is answered as none at all.
 *
 * Designs nobody changed for STUDIO_RETENTION_DAYS are deleted, except one a cart line
 * holds; the photos such designs place are kept with them (the photo service asks).
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { and, eq, inArray, lt, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  catalogueArticles,
  catalogueDesignGroups,
  catalogueThemes,
  studioDesigns,
} from "../../db/schema";
import { MS_PER_DAY } from "../../domain/constants";
import {
  isPhotoboxQuantityOf,
  MAX_PHOTOBOX_QUANTITY,
  MIN_PHOTOBOX_QUANTITY,
} from "../../domain/photobox";
import type { Language, Locale } from "../../domain/locales";
import { collageTemplate } from "../../domain/studio/collage";
import { frameChoice, frameDesignProblem, withoutFrameOptions } from "../../domain/studio/frame";
import { productRefOf, type StudioConfiguration } from "../../domain/studio/configuration";
import { autofillDesign } from "../../domain/studio/autofill";
import { copiesProblem, hasCopies, maxPictures } from "../../domain/studio/copies";
import {
  autofill,
  designDocumentSchema,
  picturesOf,
  effectivePpi,
  outsideSafeArea,
  photoIdsOf,
  qualityOf,
  textTooSmall,
  type DesignDocument,
  type Quality,
} from "../../domain/studio/document";
import { groupLayouts } from "../../domain/studio/calendar";
import { bookTemplate, numberSpreads } from "../../domain/studio/layouts";
import {
  bookGeometry,
  bookTextOutsideSafe,
  emptyPages,
  pageCountProblem,
  pageLimitOptions,
  pageLimitsOf,
  type PageLimits,
} from "../../domain/studio/photobook";
import { sheetOf } from "../../domain/studio/print";
import { printProfile, profileMismatches, type PrintProfile } from "../../domain/studio/profiles";
import { cardTemplate, emptyTemplate } from "../../domain/studio/templates";
import { createRenderLimiter, type RenderLimiter } from "../images/limiter";
import { bindingProblems, calendarDocument, calendarSaveErrors } from "./calendarDesigns";
import { frameAround, visibleWidthPx } from "./frameProof";
import { renderPrintPdf, shippedDir } from "./pdf";
import { bookPdfFile } from "./photobookPdf";
import { createPrintCache, type HeldPrintFile, type PrintCache } from "./printCache";
import { pagesOfSurface, rasterisePdf, rasteriseSurface } from "./proof";

/** Whose designs: a customer's, else an anonymous visitor's (the cart's owner). */
export type DesignOwner = { customerId: number } | { visitorKey: string };

/** What the designs need of the photo service (server/studio/photos.ts). */
export interface DesignPhotos {
  get(
    owner: DesignOwner,
    id: string,
  ): Promise<{
    id: string;
    width: number;
    height: number;
    /** When it was taken and handed in: a photo book lays photos out in this order. */
    capturedAt?: Date | null;
    createdAt?: Date;
  } | null>;
  original(id: string): Promise<Buffer>;
  /** Marks photos as used now, so the photo service keeps them while a design uses them. */
  touch?(ids: string[]): Promise<void>;
}

export const DESIGN_ID = /^[A-Za-z0-9_-]{24}$/;

export interface DesignView {
  id: string;
  version: number;
  configuration: StudioConfiguration;
  themeId: string | null;
  document: DesignDocument;
  inCart: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type PreflightCode =
  | "empty-frame"
  | "missing-photo"
  | "low-resolution"
  | "outside-safe-area"
  | "text-too-small"
  | "in-binding"
  | "empty-page"
  | "copies";

export interface PreflightProblem {
  surface: string;
  element?: string;
  code: PreflightCode;
  /** An error stops the order; a warning needs the shopper's confirmation. */
  severity: "error" | "warning";
  ppi?: number;
  /** A photo book's inner pages (from 1) the problem is on (an empty page). */
  pages?: number[];
  /** Prints: what the pictures' copies make, and what was ordered (they differ). */
  prints?: number;
  ordered?: number;
}

export interface Preflight {
  problems: PreflightProblem[];
  /** Each placed photo's effective resolution and what the profile makes of it. */
  quality: { surface: string; element: string; ppi: number; quality: Quality }[];
}

/** Why a design could not be made or changed. */
export class DesignRefused extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface StudioDesigns {
  create(input: {
    channel: string;
    owner: DesignOwner;
    configuration: StudioConfiguration;
    themeId?: string;
    language: Language;
    /** The storefront's locale: a calendar's (and a year collage's) month names and holidays follow it. */
    locale?: Locale;
  }): Promise<DesignView>;
  get(owner: DesignOwner, id: string): Promise<DesignView | null>;
  /** Saves a whole document over `version`; a stale version is a 409 DesignRefused. */
  save(
    owner: DesignOwner,
    id: string,
    version: number,
    document: DesignDocument,
  ): Promise<DesignView | null>;
  /** Lays photos into the design by its family's rule; `seed` orders a collage's shuffle. */
  autofill(
    owner: DesignOwner,
    id: string,
    photoIds: string[],
    seed?: number,
  ): Promise<DesignView | null>;
  preflight(owner: DesignOwner, id: string): Promise<Preflight | null>;
  printPdf(owner: DesignOwner, id: string): Promise<Buffer | null>;
  /**
   * The print file to answer with, streamed from the print-file cache (a photo book's is
   * hundreds of megabytes, never whole in memory), with its size and a tag that changes
   * whenever its bytes may: the design's version and the set of photos the owner still has.
   */
  printFile(
    owner: DesignOwner,
    id: string,
  ): Promise<{ stream: NodeJS.ReadableStream; size: number; tag: string } | null>;
  /** The n-th surface (from 1) as a JPEG `width` px wide; null when there is no such design or surface. */
  proof(owner: DesignOwner, id: string, n: number, width: number): Promise<Buffer | null>;
  /** The cart line that holds the design (null when it leaves the cart). */
  setCartLine(owner: DesignOwner, id: string, cartLineId: number | null): Promise<boolean>;
  /** A visitor's designs become the customer's (at log-in). */
  moveOwner(fromVisitor: string, toCustomer: number): Promise<number>;
  /** Of `ids`, the photos a design in a cart or an order places (the photo service keeps those). */
  photosInCarts(ids: string[]): Promise<Set<string>>;
  /** Deletes designs nobody changed for the retention period that no cart holds. */
  prune(now?: Date): Promise<{ designs: number }>;
  /**
   * A card theme's template front with the sample photos in its frames, as a JPEG `width`
   * px wide, and a tag that changes when the theme does; null for an unknown theme or a
   * format its card type is not designed in.
   */
  templatePreview(input: {
    channel: string;
    themeId: string;
    format?: string;
    language: Language;
    width: number;
  }): Promise<{ jpeg: Buffer; tag: string } | null>;
}

/** The sample photos template previews show, from the shop's own content pictures. */
export const SAMPLE_PHOTOS = ["hero-studio.jpg", "wedding-cards.jpg", "birthday-cards.jpg"];
/** The shop's own card pictures, shipped with the code (whatever content a shop runs on). */
const SAMPLES_DIR = shippedDir(path.join("content", "assets", "cards"));
/** Raised when the template rules change, so browsers and caches fetch previews anew. */
const TEMPLATE_RULES = 2;
/** Previews kept in memory: the most asked themes and formats. */
const PREVIEW_CACHE_SIZE = 300;
/** Proof images kept in memory (a few dozen KB each): the cart's thumbnails, the studio's pages. */
const PROOF_CACHE_SIZE = 500;

/** A calendar made without a storefront's locale (a script, a test) is in German for Germany. */
const DEFAULT_CALENDAR_LOCALE: Locale = "de-DE";

/** Renders of print files and proofs at once: one, so a render never starves the pages. */
export const RENDER_LIMITS = { concurrency: 1, maxQueue: 20, timeoutMs: 30_000 };

function ownerWhere(owner: DesignOwner): SQL {
  return "customerId" in owner
    ? eq(studioDesigns.customerId, owner.customerId)
    : eq(studioDesigns.visitorKey, owner.visitorKey);
}

type Row = typeof studioDesigns.$inferSelect;

/** A design's print file as it stands: its document, the photos it still has, its cache key. */
interface PrintOf {
  row: Row;
  doc: DesignDocument;
  profile: PrintProfile;
  present: string[];
  key: string;
}

/**
 * A design a cart holds: its cart line is set, or a cart line names it among its options
 * (the studio's cart lines keep the design's id as `studioDesign`).
 */
const IN_CART = sql`(${studioDesigns.cartLineId} is not null or exists (select 1 from cart_lines cl where cl.options ->> 'studioDesign' = ${studioDesigns.id}))`;
/** A design an order holds (its line keeps a frozen copy besides, but the id counts). */
const IN_ORDER = sql`exists (select 1 from order_lines ol where ol.design_id = ${studioDesigns.id})`;
/** Held by a cart or an order: never deleted as abandoned, its photos kept. */
const HELD = sql`(${IN_CART} or ${IN_ORDER})`;

/**
 * The shop's design group of a kind that also matches `match` (a calendar's by its calendar
 * type, a collage's by its id); the first in the catalogue's order when several do.
 */
async function designGroupOf(
  db: Db,
  channel: string,
  kind: "calendar" | "collage",
  match: SQL,
): Promise<typeof catalogueDesignGroups.$inferSelect | undefined> {
  const [group] = await db
    .select()
    .from(catalogueDesignGroups)
    .where(
      and(eq(catalogueDesignGroups.channel, channel), eq(catalogueDesignGroups.kind, kind), match),
    )
    .orderBy(catalogueDesignGroups.sortOrder)
    .limit(1);
  return group;
}

function viewOf(row: Row, inCart = row.cartLineId !== null): DesignView {
  return {
    id: row.id,
    version: row.version,
    configuration: row.configuration as unknown as StudioConfiguration,
    themeId: row.themeId,
    document: row.document as unknown as DesignDocument,
    inCart,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function createStudioDesigns(options: {
  db: Db;
  photos: DesignPhotos;
  retentionDays?: number;
  limiter?: RenderLimiter;
  /** Where the sample photos of template previews are (the content's card pictures). */
  samplesDir?: string;
  /** Where print files are kept between requests (one per design version). */
  printFiles?: PrintCache;
}): StudioDesigns {
  const { db, photos } = options;
  const retentionDays = options.retentionDays ?? 30;
  const limiter = options.limiter ?? createRenderLimiter(RENDER_LIMITS);
  const samplesDir = options.samplesDir ?? SAMPLES_DIR;
  let samples: Promise<Map<string, Buffer>> | null = null;
  const sampleOriginals = () =>
    (samples ??= Promise.all(
      SAMPLE_PHOTOS.map(
        async (name) => [name, await readFile(path.join(samplesDir, name))] as const,
      ),
    ).then((entries) => new Map(entries)));
  const previews = new Map<string, Promise<{ jpeg: Buffer; tag: string }>>();
  const printFiles = options.printFiles ?? createPrintCache();
  const proofs = new Map<string, Promise<Buffer>>();

  async function find(owner: DesignOwner, id: string): Promise<Row | null> {
    if (!DESIGN_ID.test(id)) return null;
    const [row] = await db
      .select()
      .from(studioDesigns)
      .where(and(eq(studioDesigns.id, id), ownerWhere(owner)));
    return row ?? null;
  }

  function profileOf(doc: DesignDocument): PrintProfile {
    const profile = printProfile(doc.product);
    if (!profile)
      throw new DesignRefused(422, "not_designable", "The studio does not design this product");
    return profile;
  }

  /** Every photo the document places must be one of the owner's. */
  async function checkPhotos(owner: DesignOwner, doc: DesignDocument) {
    for (const photoId of photoIdsOf(doc)) {
      if (!(await photos.get(owner, photoId)))
        throw new DesignRefused(422, "unknown_photo", `No photo ${photoId} of yours`, {
          photos: photoId,
        });
    }
  }

  /** What a design's print file is made of now, and the key it is kept under. */
  async function printOf(owner: DesignOwner, row: Row): Promise<PrintOf> {
    const doc = designDocumentSchema.parse(row.document);
    const profile = profileOf(doc);
    const present: string[] = [];
    for (const photoId of photoIdsOf(doc))
      if (await photos.get(owner, photoId)) present.push(photoId);
    const photoSet = createHash("sha256").update(present.join(",")).digest("base64url");
    return { row, doc, profile, present, key: `${row.id}/${row.version}/${photoSet.slice(0, 16)}` };
  }

  /**
   * A design's print file, held until the caller releases it: rendered once per version of
   * the design (and set of photos the owner still has: one deleted leaves its frame empty),
   * then read from the print-file cache by the download and every proof alike. Photos are
   * placed from their originals; a book is written page by page, each photo read for the
   * first page that shows it.
   */
  async function heldPrintFile({
    row,
    doc,
    profile,
    present,
    key,
  }: PrintOf): Promise<HeldPrintFile> {
    const title = `Design ${row.id}`;
    const book = profile.book;
    const held = await printFiles.acquire(key, (file) =>
      limiter.run(async () => {
        if (book) {
          const kept = new Set(present);
          await bookPdfFile(
            doc,
            { ...profile, book },
            async (photoId) => (kept.has(photoId) ? photos.original(photoId) : null),
            file,
            { title },
          );
          return;
        }
        const originals = new Map<string, Buffer>();
        for (const photoId of present) originals.set(photoId, await photos.original(photoId));
        await writeFile(file, await renderPrintPdf(doc, profile, originals, { title }));
      }),
    );
    return held;
  }

  async function store(row: Row, document: DesignDocument, version: number): Promise<DesignView> {
    const [updated] = await db
      .update(studioDesigns)
      .set({
        document: document as unknown as Record<string, unknown>,
        version: version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(studioDesigns.id, row.id), eq(studioDesigns.version, version)))
      .returning();
    if (!updated)
      throw new DesignRefused(
        409,
        "stale_version",
        "The design was saved from elsewhere meanwhile",
      );
    await photos.touch?.(photoIdsOf(document));
    return viewOf(updated);
  }

  async function templateFor(
    channel: string,
    configuration: StudioConfiguration,
    themeId: string | undefined,
    language: Language,
    locale: Locale | undefined,
  ): Promise<DesignDocument> {
    const product = productRefOf(configuration);
    if (configuration.kind === "photobook")
      return bookFor(channel, configuration, product, language);
    const profile = printProfile(product);
    if (!profile)
      throw new DesignRefused(422, "not_designable", "The studio does not design this product", {
        configuration: "not designed in the studio",
      });
    // A frame's colour, mat and glazing must be ones its type is sold with.
    const frameProblem =
      product.family === "photoframe" ? frameDesignProblem(product.options) : null;
    if (frameProblem)
      throw new DesignRefused(422, "not_designable", frameProblem, { configuration: frameProblem });
    if (configuration.kind === "photoprint" || configuration.kind === "photobox") {
      // The prints on the page's steps and within the box type's own most (a small box
      // holds 250), as its product page and the cart's price take them.
      const most = await mostPrints(channel, configuration);
      if (!isPhotoboxQuantityOf(configuration.prints, most ?? undefined))
        throw new DesignRefused(422, "invalid_configuration", "Not a quantity this box sells", {
          "configuration.prints": `one of the steps from ${MIN_PHOTOBOX_QUANTITY} to ${most ?? MAX_PHOTOBOX_QUANTITY}`,
        });
    }
    if (configuration.kind === "calendar") {
      // A calendar is laid out from its design group's layouts: the shop's group of the
      // calendar type its product page chose.
      const group = await designGroupOf(
        db,
        channel,
        "calendar",
        sql`${catalogueDesignGroups.attributes} ->> 'calendarType' = ${configuration.calendarType}`,
      );
      const designGroup = group ? groupLayouts(group) : null;
      if (!designGroup)
        throw new DesignRefused(422, "unknown_design", "No such calendar design in this shop", {
          "configuration.calendarType": "no calendar design group with its layouts",
        });
      return calendarDocument(
        configuration,
        product,
        profile,
        locale ?? DEFAULT_CALENDAR_LOCALE,
        designGroup,
      );
    }
    if (product.family === "collage") {
      // A collage starts laid out in its catalogue design group's cells.
      const group = await designGroupOf(
        db,
        channel,
        "collage",
        eq(catalogueDesignGroups.id, Number(product.options.design)),
      );
      if (!group)
        throw new DesignRefused(422, "unknown_design", "No such collage design in this shop", {
          "configuration.design": "unknown collage design",
        });
      return collageTemplate(product, profile, group, locale ?? DEFAULT_CALENDAR_LOCALE);
    }
    if (themeId === undefined || product.family !== "card") return emptyTemplate(product, profile);
    const [theme] = await db
      .select()
      .from(catalogueThemes)
      .where(and(eq(catalogueThemes.channel, channel), eq(catalogueThemes.id, themeId)));
    if (!theme)
      throw new DesignRefused(422, "unknown_theme", `No theme ${themeId} in this shop`, {
        themeId: "unknown theme",
      });
    return cardTemplate(theme, product, profile, language);
  }

  /**
   * The most prints the configured box type sells (its article's maxQuantity; the largest
   * of the types when the configuration names none), or null when the catalogue has no
   * such article.
   */
  async function mostPrints(
    channel: string,
    configuration: Extract<StudioConfiguration, { kind: "photoprint" | "photobox" }>,
  ): Promise<number | null> {
    const type = configuration.kind === "photobox" ? configuration.photoboxType : undefined;
    const rows = await db
      .select({ attributes: catalogueArticles.attributes })
      .from(catalogueArticles)
      .where(
        and(
          eq(catalogueArticles.channel, channel),
          eq(catalogueArticles.kind, configuration.kind),
          eq(catalogueArticles.format, configuration.size),
          ...(type ? [eq(catalogueArticles.formatGroup, type)] : []),
        ),
      );
    const most = rows.flatMap((r) =>
      typeof r.attributes.maxQuantity === "number" ? [r.attributes.maxQuantity] : [],
    );
    return most.length > 0 ? Math.max(...most) : null;
  }

  /** A photo book's page limits as the catalogue sells the configured book, or null. */
  async function bookLimits(
    channel: string,
    configuration: Extract<StudioConfiguration, { kind: "photobook" }>,
  ): Promise<PageLimits | null> {
    const [article] = await db
      .select({ attributes: catalogueArticles.attributes })
      .from(catalogueArticles)
      .where(
        and(
          eq(catalogueArticles.channel, channel),
          eq(catalogueArticles.kind, "photobook"),
          sql`${catalogueArticles.attributes} ->> 'photobookType' = ${configuration.photobookType}`,
          sql`${catalogueArticles.attributes} ->> 'cover' = ${configuration.cover}`,
          sql`${catalogueArticles.attributes} ->> 'variantKey' = ${configuration.paper}`,
          sql`${catalogueArticles.attributes} ->> 'formatKey' = ${configuration.size}`,
        ),
      )
      .limit(1);
    if (!article) return null;
    const { pagesMin, pagesMax, pagesStep } = article.attributes as Record<string, unknown>;
    if (![pagesMin, pagesMax, pagesStep].every((n) => Number.isInteger(n))) return null;
    return { min: pagesMin as number, max: pagesMax as number, step: pagesStep as number };
  }

  /**
   * A new photo book: the catalogue's page limits go with the design (its product keeps
   * them), a page count off their grid is refused naming them, and the book starts with its
   * cover and one photo a page.
   */
  async function bookFor(
    channel: string,
    configuration: Extract<StudioConfiguration, { kind: "photobook" }>,
    product: DesignDocument["product"],
    language: Language,
  ): Promise<DesignDocument> {
    const limits = await bookLimits(channel, configuration);
    if (!limits)
      throw new DesignRefused(422, "not_designable", "This shop does not sell this photo book", {
        configuration: "no such photo book in this shop",
      });
    const problem = pageCountProblem(configuration.pages, limits);
    if (problem)
      throw new DesignRefused(422, "pages_out_of_range", problem, {
        "configuration.pages": problem,
      });
    const withLimits = { ...product, options: { ...product.options, ...pageLimitOptions(limits) } };
    const book = bookGeometry(withLimits);
    if (!book)
      throw new DesignRefused(422, "not_designable", "The studio does not design this product", {
        configuration: "not designed in the studio",
      });
    return bookTemplate(withLimits, book, language);
  }

  return {
    async create({ channel, owner, configuration, themeId, language, locale }) {
      const document = await templateFor(channel, configuration, themeId, language, locale);
      const [row] = await db
        .insert(studioDesigns)
        .values({
          id: randomBytes(18).toString("base64url"),
          channel,
          ...("customerId" in owner
            ? { customerId: owner.customerId }
            : { visitorKey: owner.visitorKey }),
          configuration: configuration as unknown as Record<string, unknown>,
          themeId: themeId ?? null,
          document: document as unknown as Record<string, unknown>,
        })
        .returning();
      return viewOf(row!);
    },

    async get(owner, id) {
      const row = await find(owner, id);
      if (!row) return null;
      const [held] = await db
        .select({ inCart: sql<boolean>`${IN_CART}` })
        .from(studioDesigns)
        .where(eq(studioDesigns.id, row.id));
      return viewOf(row, Boolean(held?.inCart));
    },

    async save(owner, id, version, document) {
      const row = await find(owner, id);
      if (!row) return null;
      if (row.version !== version)
        throw new DesignRefused(409, "stale_version", `The design is at version ${row.version}`);
      const before = row.document as unknown as DesignDocument;
      // The product is the design's: a save changes what is on it, never what it is.
      // Compared by value: the database keeps an object's keys in its own order.
      // A photo book's page count is the shopper's to change, on the catalogue's grid, and
      // a framed picture's colour, mat and glazing among those its frame is sold with.
      // Prints and the photo box: how many pictures make the prints is the shopper's too.
      const book = before.product.family === "photobook";
      const framed = before.product.family === "photoframe";
      const printed = hasCopies(before.product);
      const { pages: newPages, ...kept } = document.product;
      const { pages: _oldPages, ...was } = before.product;
      const fixed = (product: typeof kept) => {
        if (!printed) return framed ? withoutFrameOptions(product) : product;
        const { pictures: _pictures, ...rest } = product;
        return rest;
      };
      if (
        !isDeepStrictEqual(
          asStored(fixed(book ? kept : document.product)),
          asStored(fixed(book ? was : before.product)),
        )
      )
        throw new DesignRefused(422, "product_changed", "A design keeps its product", {
          product: "differs from the design's",
        });
      const frameProblem = framed ? frameDesignProblem(document.product.options) : null;
      if (frameProblem)
        throw new DesignRefused(422, "invalid_document", frameProblem, {
          "document.product.options": frameProblem,
        });
      // Copies are a prints or photo box picture's alone: a card printed twice is its quantity.
      if (!printed && document.surfaces.some((surface) => surface.copies !== undefined))
        throw new DesignRefused(422, "invalid_document", "Only prints have copies", {
          "document.surfaces.copies": "only a prints or photo box picture has copies",
        });
      if (printed && picturesOf(document.product) > maxPictures(before))
        throw new DesignRefused(422, "invalid_document", "More pictures than prints", {
          "document.product.pictures": `is at most ${maxPictures(before)}`,
        });
      const limits = book ? pageLimitsOf(before.product) : null;
      const pageProblem = limits && pageCountProblem(newPages ?? 0, limits);
      if (pageProblem)
        throw new DesignRefused(422, "pages_out_of_range", pageProblem, {
          "document.product.pages": pageProblem,
        });
      const calendarErrors = calendarSaveErrors(before, document);
      if (Object.keys(calendarErrors).length > 0)
        throw new DesignRefused(
          422,
          "invalid_document",
          "A calendar keeps its start, language, country and design group",
          calendarErrors,
        );
      // A book's spreads put in another order take the names of their new places.
      if (book) document = numberSpreads(document);
      const mismatches = profileMismatches(document.surfaces, profileOf(document));
      if (Object.keys(mismatches).length > 0)
        throw new DesignRefused(
          422,
          "invalid_document",
          "The surfaces must stay as the product has them",
          Object.fromEntries(Object.entries(mismatches).map(([k, v]) => [`document.${k}`, v])),
        );
      await checkPhotos(owner, document);
      return store(row, document, version);
    },

    async autofill(owner, id, photoIds, seed) {
      const row = await find(owner, id);
      if (!row) return null;
      // Each photo's dates go with it: a photo book lays them out in the order they were taken.
      const found = [];
      for (const photoId of photoIds) {
        const photo = await photos.get(owner, photoId);
        if (!photo)
          throw new DesignRefused(422, "unknown_photo", `No photo ${photoId} of yours`, {
            photos: photoId,
          });
        found.push({ id: photo.id, capturedAt: photo.capturedAt, createdAt: photo.createdAt });
      }
      const doc = row.document as unknown as DesignDocument;
      const filled = autofillDesign(doc, found, { seed: seed ?? randomBytes(4).readUInt32BE() });
      return store(row, filled.document, row.version);
    },

    async preflight(owner, id) {
      const row = await find(owner, id);
      if (!row) return null;
      const doc = designDocumentSchema.parse(row.document);
      const profile = profileOf(doc);
      const problems: PreflightProblem[] = [];
      const quality: Preflight["quality"] = [];
      for (const surface of doc.surfaces) {
        for (const e of surface.elements) {
          if (e.kind !== "photo") continue;
          if (!e.photo) {
            problems.push({
              surface: surface.id,
              element: e.id,
              code: "empty-frame",
              severity: "error",
            });
            continue;
          }
          const photo = await photos.get(owner, e.photo.photoId);
          if (!photo) {
            problems.push({
              surface: surface.id,
              element: e.id,
              code: "missing-photo",
              severity: "error",
            });
            continue;
          }
          const ppi = Math.round(effectivePpi(photo, e, e.photo.crop));
          const rated = qualityOf(ppi, profile.ppi);
          quality.push({ surface: surface.id, element: e.id, ppi, quality: rated });
          if (rated === "poor")
            problems.push({
              surface: surface.id,
              element: e.id,
              code: "low-resolution",
              severity: "warning",
              ppi,
            });
        }
        // A book's words keep clear of the gutter, spine and hinges as well as the edges.
        const outside = profile.book
          ? bookTextOutsideSafe(surface, profile.book)
          : outsideSafeArea(surface).map((e) => e.id);
        for (const element of outside)
          problems.push({
            surface: surface.id,
            element,
            code: "outside-safe-area",
            severity: "warning",
          });
        for (const e of textTooSmall(surface))
          problems.push({
            surface: surface.id,
            element: e.id,
            code: "text-too-small",
            severity: "warning",
          });
      }
      // A calendar's binding (spiral holes, a block, a foot) takes what lies in its band.
      for (const { surface, element } of bindingProblems(doc, profile))
        problems.push({ surface, element, code: "in-binding", severity: "warning" });
      if (profile.book) {
        // Pages with nothing on them: printed white, which is rarely what was meant.
        const bySpread = new Map<number, number[]>();
        for (const page of emptyPages(doc)) {
          const spread = Math.ceil(page / 2);
          bySpread.set(spread, [...(bySpread.get(spread) ?? []), page]);
        }
        const spreads = doc.surfaces.filter((s) => s.name === "spread");
        for (const [spread, pages] of bySpread)
          problems.push({
            surface: spreads[spread - 1]!.id,
            code: "empty-page",
            severity: "warning",
            pages,
          });
      }
      // Prints and the photo box: the pictures' copies must make the prints ordered, or
      // the cart could not take the design at the page's quantity.
      const copies = copiesProblem(doc);
      if (copies)
        problems.push({
          surface: doc.surfaces[0]!.id,
          code: "copies",
          severity: "error",
          ...copies,
        });
      return { problems, quality };
    },

    async printPdf(owner, id) {
      const row = await find(owner, id);
      if (!row) return null;
      const held = await heldPrintFile(await printOf(owner, row));
      try {
        return await readFile(held.file);
      } finally {
        held.release();
      }
    },

    async printFile(owner, id) {
      const row = await find(owner, id);
      if (!row) return null;
      const print = await printOf(owner, row);
      const held = await heldPrintFile(print);
      // Streamed from the kept file (a book's is hundreds of megabytes), held until read.
      const stream = createReadStream(held.file);
      stream.once("close", held.release);
      return { stream, size: held.size, tag: print.key };
    },

    async proof(owner, id, n, width) {
      const row = await find(owner, id);
      if (!row) return null;
      const surface = designDocumentSchema.parse(row.document).surfaces[n - 1];
      if (!surface) return null;
      const print = await printOf(owner, row);
      const { doc, profile } = print;
      const pages = pagesOfSurface(doc, profile, n - 1);
      if (pages.length === 0) return null;
      const proofKey = `${print.key}/${n}/${width}`;
      let proof = proofs.get(proofKey);
      if (!proof) {
        const held = await heldPrintFile(print);
        try {
          // A framed print is proofed as it hangs: what the rebate leaves, in its mat and frame.
          const frame = profile.rebate ? frameChoice(doc.product.options) : null;
          proof = limiter.run(async () => {
            if (!frame) return rasteriseSurface(held.file, pages, width);
            const visible = await rasteriseSurface(
              held.file,
              pages,
              visibleWidthPx(surface.trim, frame, width),
              (sheet) => sheet.art,
            );
            return frameAround(visible, surface.trim, frame);
          });
          proofs.set(proofKey, proof);
          // A failed proof is not kept; the oldest goes when the cache is full.
          proof.catch(() => proofs.delete(proofKey));
          if (proofs.size > PROOF_CACHE_SIZE) proofs.delete(proofs.keys().next().value!);
          await proof;
        } finally {
          held.release();
        }
      }
      return proof;
    },

    async setCartLine(owner, id, cartLineId) {
      if (!DESIGN_ID.test(id)) return false;
      const updated = await db
        .update(studioDesigns)
        .set({ cartLineId })
        .where(and(eq(studioDesigns.id, id), ownerWhere(owner)))
        .returning({ id: studioDesigns.id });
      return updated.length > 0;
    },

    async moveOwner(fromVisitor, toCustomer) {
      const moved = await db
        .update(studioDesigns)
        .set({ visitorKey: null, customerId: toCustomer })
        .where(eq(studioDesigns.visitorKey, fromVisitor))
        .returning({ id: studioDesigns.id });
      return moved.length;
    },

    async photosInCarts(ids) {
      const used = new Set<string>();
      if (ids.length === 0) return used;
      const rows = await db
        .select({ document: studioDesigns.document })
        .from(studioDesigns)
        .where(HELD);
      const wanted = new Set(ids);
      for (const row of rows) {
        const parsed = designDocumentSchema.safeParse(row.document);
        if (!parsed.success) continue;
        for (const photoId of photoIdsOf(parsed.data)) if (wanted.has(photoId)) used.add(photoId);
      }
      return used;
    },

    async templatePreview({ channel, themeId, format, language, width }) {
      const [theme] = await db
        .select()
        .from(catalogueThemes)
        .where(and(eq(catalogueThemes.channel, channel), eq(catalogueThemes.id, themeId)));
      if (!theme) return null;
      const product = {
        family: "card" as const,
        format: format ?? theme.format,
        options: { cardType: theme.product },
      };
      const profile = printProfile(product);
      if (!profile) return null;
      // The theme's fields that shape the template: a catalogue change makes a new preview.
      const tag = createHash("sha256")
        .update(
          JSON.stringify([
            TEMPLATE_RULES,
            theme.occasion,
            theme.style,
            theme.palette,
            product,
            language,
            width,
          ]),
        )
        .digest("base64url")
        .slice(0, 16);
      const key = `${channel}/${themeId}/${tag}`;
      let preview = previews.get(key);
      if (!preview) {
        preview = (async () => {
          const template = cardTemplate(theme, product, profile, language);
          const front = autofill(
            { ...template, surfaces: template.surfaces.slice(0, 1) },
            SAMPLE_PHOTOS,
          );
          const surface = front.surfaces[0]!;
          const trim = sheetOf(surface).trim;
          // The front's print file with the sample photos, rasterised as a proof is.
          const jpeg = await limiter.run(async () => {
            const pdf = await renderPrintPdf(front, profile, await sampleOriginals(), {
              surfaces: [0],
            });
            return rasterisePdf(pdf, 1, trim, width);
          });
          return { jpeg, tag };
        })();
        previews.set(key, preview);
        // A failed render is not kept; the oldest preview goes when the cache is full.
        preview.catch(() => previews.delete(key));
        if (previews.size > PREVIEW_CACHE_SIZE) previews.delete(previews.keys().next().value!);
      }
      return preview;
    },

    async prune(now = new Date()) {
      const before = new Date(now.getTime() - retentionDays * MS_PER_DAY);
      const stale = await db
        .select({ id: studioDesigns.id })
        .from(studioDesigns)
        .where(and(lt(studioDesigns.updatedAt, before), not(HELD)))
        .limit(1000);
      if (stale.length === 0) return { designs: 0 };
      const deleted = await db
        .delete(studioDesigns)
        .where(
          and(
            inArray(
              studioDesigns.id,
              stale.map((r) => r.id),
            ),
            not(HELD),
          ),
        )
        .returning({ id: studioDesigns.id });
      return { designs: deleted.length };
    },
  };
}

/** A value as JSON keeps it: what the database would give back (undefined fields dropped). */
function asStored(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
