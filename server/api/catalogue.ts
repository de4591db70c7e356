/**
 * The catalogue and price paths of the shop API (/web-api, /price-api, /accessory,
 * /gift-voucher, /api/get-location, /whitelabel). Every path:
 *   - reads the site (channel and country) from the host; X-Channel, when sent, must name
 *     the same site and X-Locale one of the country's locales (else 400 naming the header);
 *   - validates its input with the zod schemas of server/catalogue/schemas.ts and answers
 *     400 (a problem document, server/api/problem.ts) whose `errors` names the wrong field;
 *   - answers 404 (a problem document) for an unknown article or entry.
 * The routes are described with @hono/zod-openapi, so /web-api/openapi.json lists them.
 */
import { createRoute, OpenAPIHono, z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { channelHeader } from "../../config/channels";
import { WHITELABEL_COOKIE } from "../../domain/whitelabel";
import {
  defaultLocaleFor,
  isCountry,
  languagesOf,
  localeFor,
  parseLocale,
  type Country,
} from "../../domain/locales";
import { CatalogueError, formatSvg, type CatalogueContext } from "../catalogue/service";
import { detailPreset } from "../../domain/productDetails";
import * as s from "../catalogue/schemas";
import { isSecureRequest } from "../middleware/forwarded";
import type { NonceVariables } from "../middleware/security";
import { siteOrDefault } from "../middleware/site";
import type { ShopServices } from "../services";
import { cartRoutes } from "./cart";
import { wishlistRoutes } from "./wishlist";
import { addApiReference } from "./openapi";
import { problem, problemResponse } from "./problem";

/** The shop's request variables (the page nonce the API reference page uses). */
type Env = { Variables: NonceVariables };
type Method = "get" | "post";

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const ERRORS = {
  400: problemResponse("Invalid input; `errors` names the input that is wrong"),
  404: problemResponse("Unknown article or entry"),
};

/**
 * The name of the first wrong field of a zod error, as the client sent it: the query
 * parameter or path segment itself, or the dotted path into a JSON body.
 */
function fieldOf(error: z.ZodError, target: string): string {
  const path = (error.issues[0]?.path ?? []).map(String);
  return target === "json" ? path.join(".") : (path[0] ?? "");
}

export function invalidInput(c: Context, field: string, message: string) {
  return problem(c, 400, {
    code: "invalid_request",
    detail: message,
    errors: { [field]: message },
  });
}

/** The 400 naming the first wrong field of a part of the request. */
function invalidFrom(c: Context, error: z.ZodError, target: string) {
  const field = fieldOf(error, target);
  return invalidInput(c, field, `${field}: ${error.issues[0]?.message ?? "invalid"}`);
}

/** A reference path (`/a/{id}`) as Hono's route pattern (`/a/:id`). */
const honoPath = (path: string) => path.replaceAll(/\{([^}]+)\}/g, ":$1");

export function catalogueRoutes(services: ShopServices): OpenAPIHono<Env> {
  const { catalogue } = services;
  const app = new OpenAPIHono<Env>({
    defaultHook: (result, c) => {
      if (!result.success) return invalidFrom(c, result.error, result.target);
    },
  });

  /**
   * The request's site, checked against X-Channel and X-Locale: the context, or the 400
   * answer naming the header. Only the catalogue's own paths check it.
   */
  function siteContext(c: Context<Env>): CatalogueContext | Response {
    const site = siteOrDefault(c);
    const expected = channelHeader(site.channel, site.country);
    const channel = c.req.header("x-channel");
    if (channel !== undefined && channel.toLowerCase() !== expected.toLowerCase()) {
      return invalidInput(
        c,
        "X-Channel",
        `X-Channel ${channel} does not match this site (${expected})`,
      );
    }
    const localeHeader = c.req.header("x-locale");
    const locale =
      localeHeader === undefined ? defaultLocaleFor(site.country) : parseLocale(localeHeader);
    const ofCountry = (country: Country) =>
      languagesOf(country).map((language) => localeFor(country, language));
    if (locale === null || !ofCountry(site.country).includes(locale)) {
      return invalidInput(
        c,
        "X-Locale",
        `X-Locale ${localeHeader} is not a locale of this site (${ofCountry(site.country).join(", ")})`,
      );
    }
    return { channel: site.channel, country: site.country, locale };
  }

  /** Runs a service call: 200 with its result, or the error shape for a CatalogueError. */
  async function answer(
    c: Context<Env>,
    run: () => object | Promise<object>,
    cache = "public, max-age=300",
    vary: readonly string[] = [],
  ) {
    try {
      const data = await run();
      c.header("Cache-Control", cache);
      // Every answer reads X-Locale; a path that reads more headers names them too.
      c.header("Vary", ["X-Locale", ...vary].join(", "));
      return c.json(data, 200);
    } catch (error) {
      if (!(error instanceof CatalogueError)) throw error;
      if (error.kind === "invalid") return invalidInput(c, error.field ?? "", error.message);
      return problem(c, 404, { code: "not_found", detail: error.message });
    }
  }

  /** The validated input of one target: the schema's output, or undefined without a schema. */
  type Input<S> = S extends z.ZodObject ? z.output<S> : undefined;
  type Schema = z.ZodObject | undefined;
  type Validated<T> = { ok: true; value: T } | { ok: false; response: Response };

  /**
   * One part of the request (query, path parameters or JSON body) checked by its schema:
   * the schema's output, undefined when the route takes no such part, or the 400 (or 415
   * for a body that is not JSON) naming the wrong field.
   */
  async function validated<S extends Schema>(
    c: Context<Env>,
    target: "query" | "param" | "json",
    // The spec's optional schema: S is what the route declared (undefined when nothing).
    schema: S | undefined,
  ): Promise<Validated<Input<S>>>;
  async function validated(
    c: Context<Env>,
    target: "query" | "param" | "json",
    schema: Schema,
  ): Promise<Validated<object | undefined>> {
    if (!schema) return { ok: true, value: undefined };
    let raw: unknown;
    if (target === "query") {
      // A parameter given once is a string, one given more often the list (as Hono reads it).
      raw = Object.fromEntries(
        Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]),
      );
    } else if (target === "param") {
      raw = c.req.param();
    } else {
      if (!/^application\/([a-z-.]+\+)?json/i.test(c.req.header("content-type") ?? ""))
        return {
          ok: false,
          response: problem(c, 415, {
            code: "unsupported_media_type",
            detail: "The body must be application/json",
          }),
        };
      try {
        raw = await c.req.json();
      } catch {
        return { ok: false, response: invalidInput(c, "body", "body: not JSON") };
      }
    }
    const parsed = schema.safeParse(raw);
    return parsed.success
      ? { ok: true, value: parsed.data }
      : { ok: false, response: invalidFrom(c, parsed.error, target) };
  }
  interface Spec<Q extends Schema, P extends Schema, B extends Schema> {
    summary: string;
    tags: string[];
    query?: Q;
    params?: P;
    body?: B;
    response: z.ZodType;
    description?: string;
    /** The answer's Cache-Control when it is not the shared five minutes of a GET. */
    cache?: string;
    /** Request headers the answer depends on besides the host, the URL and X-Locale. */
    vary?: readonly string[];
  }
  /** Registers one documented path; `handle` gets the validated inputs, typed by their schemas. */
  function def<
    Q extends Schema = undefined,
    P extends Schema = undefined,
    B extends Schema = undefined,
  >(
    method: Method,
    path: string,
    spec: Spec<Q, P, B>,
    handle: (
      ctx: CatalogueContext,
      input: { query: Input<Q>; params: Input<P>; body: Input<B> },
      c: Context<Env>,
    ) => object | Promise<object>,
  ) {
    const config: RouteConfig = {
      method,
      path,
      summary: spec.summary,
      description: spec.description,
      tags: spec.tags,
      request: {
        headers: s.headersSchema,
        ...(spec.query ? { query: spec.query } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.body
          ? { body: { content: { "application/json": { schema: spec.body } }, required: true } }
          : {}),
      },
      responses: { 200: json(spec.response, "OK"), ...ERRORS },
    };
    // The reference describes the path; the handler below validates each part itself, so
    // the handler gets each schema's output type as zod infers it.
    app.openAPIRegistry.registerPath(createRoute(config));
    app.on(method.toUpperCase(), honoPath(path), async (c: Context<Env>) => {
      const headers = s.headersSchema.safeParse(c.req.header());
      if (!headers.success) return invalidFrom(c, headers.error, "header");
      const query = await validated(c, "query", spec.query);
      if (!query.ok) return query.response;
      const params = await validated(c, "param", spec.params);
      if (!params.ok) return params.response;
      const body = await validated(c, "json", spec.body);
      if (!body.ok) return body.response;
      const ctx = siteContext(c);
      if (ctx instanceof Response) return ctx;
      // A write's answer belongs to its caller alone.
      const cache = method === "get" ? spec.cache : "no-store";
      return answer(
        c,
        () => handle(ctx, { query: query.value, params: params.value, body: body.value }, c),
        cache,
        spec.vary,
      );
    });
  }

  const article = s.articleSchema;
  const list = (name: string, key: string, item: z.ZodType) =>
    s.loose(name, { [key]: z.array(item) });

  // ------------------------------------------------------------ themes
  def(
    "get",
    "/web-api/themes",
    {
      summary: "Card themes (designs): filters, sort and pages of 12 or 48",
      tags: ["themes"],
      query: s.themesQuery,
      response: s.themesSchema,
    },
    (ctx, { query }) => catalogue.themes(ctx, query),
  );
  def(
    "get",
    "/web-api/themes/{id}",
    {
      summary: "One published theme",
      tags: ["themes"],
      params: s.themeParams,
      response: s.themeSchema,
    },
    (ctx, { params }) => catalogue.theme(ctx, params.id),
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/web-api/themes/{id}/preview.svg",
      summary: "The theme's preview image (SVG)",
      tags: ["themes"],
      request: { params: s.themeParams },
      responses: {
        200: { description: "SVG image", content: { "image/svg+xml": { schema: z.string() } } },
        404: ERRORS[404],
      },
    }),
    async (c) => {
      try {
        const ctx = siteContext(c);
        if (ctx instanceof Response) return ctx;
        const svg = await catalogue.themePreview(ctx, c.req.param("id")!);
        return c.body(svg, 200, {
          "Content-Type": "image/svg+xml; charset=utf-8",
          "Cache-Control": "public, max-age=86400",
          // The preview's texts are in the X-Locale's language.
          Vary: "X-Locale",
          "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        });
      } catch (error) {
        if (error instanceof CatalogueError)
          return problem(c, 404, { code: "not_found", detail: error.message });
        throw error;
      }
    },
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/web-api/catalogue-preview/{group}/{file}",
      summary: "A format's preview image (SVG), as linked from format-group prices",
      tags: ["prices"],
      request: { params: s.previewParams },
      responses: {
        200: { description: "SVG image", content: { "image/svg+xml": { schema: z.string() } } },
        400: ERRORS[400],
      },
    }),
    (c) => {
      const { group, file } = c.req.valid("param");
      const svg = formatSvg(group, file.replace(/\.svg$/, ""));
      if (!svg) return invalidInput(c, "file", "file: 'WxH.svg'");
      return c.body(svg, 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": "public, max-age=86400",
        "Content-Security-Policy": "default-src 'none'",
      });
    },
  );

  // ------------------------------------------------------------ site data
  def(
    "get",
    "/web-api/shop-frontends-initial-data",
    {
      summary: "What a shop frontend needs first: site, currency, units, features, filters",
      tags: ["site"],
      response: s.loose("InitialData", {
        channel: z.string(),
        country: z.string(),
        locale: z.string(),
        currency: z.string(),
        lengthUnit: z.enum(["cm", "in"]),
        catalogueVersion: z.string().nullable(),
      }),
    },
    (ctx) => catalogue.initialData(ctx),
  );
  def(
    "get",
    "/web-api/localized-urls",
    {
      summary: "The localised paths of a category page in every locale",
      tags: ["site"],
      query: s.localizedUrlsQuery,
      response: s.loose("LocalizedUrls", {
        category: z.string(),
        urls: z.array(z.object({ locale: z.string(), path: z.string() })),
      }),
    },
    (ctx, { query }) => catalogue.localizedUrls(ctx, query.path),
  );
  def(
    "get",
    "/web-api/shipping-information",
    {
      summary:
        "Shipping methods, prices, free-shipping thresholds and delivery days of the country",
      tags: ["site"],
      response: s.loose("Shipping", { country: z.string(), methods: z.array(z.looseObject({})) }),
    },
    (ctx) => catalogue.shipping(ctx),
  );
  def(
    "get",
    "/api/get-location/",
    {
      summary:
        "The visitor's country (from the CDN's country header, else the site's) and its shop",
      tags: ["site"],
      // The visitor's own country: no shared cache may hand it to the next visitor.
      cache: "private, max-age=300",
      vary: ["CF-IPCountry", "X-Country"],
      response: s.loose("Location", {
        country: z.string(),
        siteCountry: z.string(),
        matchesSite: z.boolean(),
        locale: z.string(),
        suggestedUrl: z.string().nullable(),
      }),
    },
    (ctx, _input, c) => {
      const header = (
        c.req.header("cf-ipcountry") ??
        c.req.header("x-country") ??
        ""
      ).toUpperCase();
      const visitor: Country = isCountry(header) ? header : ctx.country;
      const origin =
        visitor === ctx.country
          ? null
          : services.hosts.originFor(
              { channel: ctx.channel, country: visitor },
              new URL(c.req.url),
            );
      return {
        country: visitor,
        siteCountry: ctx.country,
        matchesSite: visitor === ctx.country,
        locale: defaultLocaleFor(visitor),
        suggestedUrl: origin ? `${origin}/` : null,
      };
    },
  );

  // ------------------------------------------------------------ calculator and wall art
  def(
    "get",
    "/web-api/calculator/reference",
    {
      summary:
        "Calculator data: materials (or types) with their formats and prices; a SKU preselects",
      tags: ["calculator"],
      query: s.calculatorQuery,
      response: s.loose("Calculator", {
        product: z.string(),
        isCollage: z.boolean(),
        selectedValue: z.string().nullable(),
        options: z.array(
          z.looseObject({
            value: z.string(),
            labelTranslationKey: z.string(),
            initiallySelectedFormat: z.string().nullable(),
            formats: z.array(
              z.looseObject({
                value: z.string(),
                priceCurrent: z.number().nullable(),
                priceOriginal: z.number().nullable(),
              }),
            ),
          }),
        ),
      }),
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.calculator(ctx, q.product, q.sku);
    },
  );
  def(
    "get",
    "/web-api/aspect-ratio",
    {
      summary: "Print format ratios of the locale with their formats",
      tags: ["calculator"],
      response: s.loose("AspectRatios", { ratios: z.array(z.looseObject({ value: z.string() })) }),
    },
    (ctx) => catalogue.aspectRatios(ctx),
  );
  def(
    "get",
    "/price-api/prices/format-group-prices-images",
    {
      summary: "Formats of a format group with prices and preview images",
      tags: ["prices"],
      query: s.formatGroupQuery,
      response: s.loose("FormatGroupPrices", {
        formatGroup: z.string(),
        from: s.fromPriceSchema.nullable(),
        formats: z.array(article.extend({ image: z.string().nullable() })),
      }),
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.formatGroup(ctx, q.formatGroup, undefined, q.product);
    },
  );
  def(
    "get",
    "/price-api/prices/article",
    {
      summary: "The price of an article for a quantity",
      tags: ["prices"],
      query: s.articleQuery,
      response: article,
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.article(ctx, q.article, q.quantity);
    },
  );
  def(
    "get",
    "/price-api/prices/format-group",
    {
      summary: "Prices of every format of a format group, with its from-price",
      tags: ["prices"],
      query: s.formatGroupQuery,
      response: s.loose("FormatGroup", { formatGroup: z.string(), formats: z.array(article) }),
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.formatGroup(ctx, q.formatGroup, undefined, q.product);
    },
  );
  def(
    "get",
    "/price-api/prices/formats",
    {
      summary: "Prices of chosen formats (formats[]) of a format group",
      tags: ["prices"],
      query: s.formatsQuery,
      response: s.loose("Formats", { formatGroup: z.string(), formats: z.array(article) }),
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.formatGroup(ctx, q.formatGroup, q["formats[]"], q.product);
    },
  );
  def(
    "get",
    "/price-api/frame",
    {
      summary: "The price of a frame type in a format, with its finishes, mats, glass and back",
      tags: ["frames"],
      query: s.frameQuery,
      response: article.extend({
        finishes: z.array(z.string()),
        defaultFinish: z.string(),
        blackVariant: z.string(),
      }),
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.frame(ctx, q.frameType, q.format);
    },
  );
  def(
    "get",
    "/web-api/variants-for-frame-types",
    {
      summary: "Finishes, black variant, defaults, mats and formats per frame type (frameTypes[])",
      tags: ["frames"],
      query: s.frameTypesQuery,
      response: list("FrameVariants", "frameTypes", z.looseObject({ frameType: z.string() })),
    },
    (ctx, { query }) => catalogue.frameVariants(ctx, query["frameTypes[]"]),
  );
  def(
    "get",
    "/price-api/photo-options-groups",
    {
      summary: "Option groups (drilling, print process, edges …) per material",
      tags: ["calculator"],
      query: s.optionalMaterialQuery,
      response: list("OptionGroups", "materials", z.looseObject({ material: z.string() })),
    },
    (ctx, { query }) => catalogue.optionGroups(ctx, query.material),
  );
  const PSPF = "/web-api/product-selection-photo-frame";
  def(
    "get",
    `${PSPF}/data`,
    {
      summary:
        "Photo frame product selection: materials, variants, default frames, option groups, frame types",
      tags: ["frames"],
      response: s.loose("PhotoFrameSelection", {
        materials: z.array(z.looseObject({ material: z.string() })),
      }),
    },
    (ctx) => catalogue.photoFrameSelection(ctx),
  );
  def(
    "get",
    `${PSPF}/price-article`,
    {
      summary: "The price of one wall-art or frame article",
      tags: ["frames"],
      query: s.articleQuery,
      response: article,
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.article(ctx, q.article, q.quantity);
    },
  );
  def(
    "get",
    `${PSPF}/format-limits`,
    {
      summary: "Smallest and largest formats of a material (mm)",
      tags: ["frames"],
      query: s.materialQuery,
      response: s.loose("FormatLimits", {
        material: z.string(),
        minWidth: z.number(),
        maxWidth: z.number(),
      }),
    },
    (ctx, { query }) => catalogue.formatLimits(ctx, query.material),
  );
  def(
    "get",
    `${PSPF}/prices-format-group`,
    {
      summary: "Prices of every format of a material",
      tags: ["frames"],
      query: s.materialQuery,
      response: s.loose("MaterialPrices", { formats: z.array(article) }),
    },
    // The photo-frame selection lists wall art only, never the collage of the same material.
    (ctx, { query }) => catalogue.formatGroup(ctx, query.material, undefined, "wallart"),
  );
  def(
    "get",
    `${PSPF}/prices-formats`,
    {
      summary: "Prices of chosen formats (formats[]) of a material",
      tags: ["frames"],
      query: s.pricesFormatsQuery,
      response: s.loose("MaterialFormatPrices", { formats: z.array(article) }),
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.formatGroup(ctx, q.material, q["formats[]"], "wallart");
    },
  );
  def(
    "get",
    `${PSPF}/prices-from`,
    {
      summary: "From-prices of every format group",
      tags: ["frames"],
      response: list(
        "FromPrices",
        "from",
        z.looseObject({ formatGroup: z.string(), price: s.fromPriceSchema.nullable() }),
      ),
    },
    (ctx) => catalogue.pricesFrom(ctx),
  );

  // ------------------------------------------------------------ calendars, photo books, photoboxes
  def(
    "get",
    "/web-api/calendar-design-group",
    {
      summary: "Calendar design groups with formats, mountings, start months and from-prices",
      tags: ["calendar"],
      query: s.calendarGroupQuery,
      response: list("CalendarDesignGroups", "designGroups", z.looseObject({ id: z.number() })),
    },
    (ctx, { query }) => catalogue.calendarDesignGroups(ctx, query.calendarType),
  );
  def(
    "get",
    "/web-api/product-details",
    {
      summary:
        "A product detail container's state: offered options, the choice, its price and link",
      description:
        "Options are chosen in order (a value no variant has with the earlier choices falls back to the default); amounts are kept on their grid.",
      tags: ["details"],
      query: s.productDetailsQuery,
      response: s.productDetailsSchema,
    },
    async (ctx, { query }) => {
      const q = query;
      const details = await services.productDetails.details(ctx, q.kind, q, detailPreset(q));
      if (!details) throw new CatalogueError("not_found", `No ${q.kind} in this shop`);
      return details;
    },
  );
  def(
    "get",
    "/web-api/calendar-price",
    {
      summary: "The price of a calendar (type, format code, mounting, quantity)",
      tags: ["calendar"],
      query: s.calendarPriceQuery,
      response: article,
    },
    (ctx, { query }) => catalogue.calendarPrice(ctx, query),
  );
  for (const path of [
    "/web-api/photobook-design-group-set",
    "/web-api/photobook-design-group-set/{setId}",
  ]) {
    def(
      "get",
      path,
      {
        summary: path.endsWith("}")
          ? "One photo book design-group set"
          : "Photo book design-group sets of categories (categoryIds[]; licensed ones not in en-GB)",
        tags: ["photobook"],
        query: s.photobookSetQuery,
        ...(path.endsWith("}") ? { params: s.photobookSetParams } : {}),
        response: list(
          "PhotobookDesignGroupSets",
          "sets",
          z.looseObject({ id: z.number(), categoryId: z.number() }),
        ),
      },
      (ctx, { query, params }) =>
        catalogue.photobookDesignGroupSets(ctx, query["categoryIds[]"], params?.setId),
    );
  }
  def(
    "get",
    "/web-api/photobook-price",
    {
      summary: "The price of a photo book: type, cover, variant, format, pages, quantity",
      tags: ["photobook"],
      query: s.photobookPriceQuery,
      response: article.extend({
        pages: z.number(),
        quantity: z.number(),
        unitPrice: s.priceSchema.nullable(),
      }),
    },
    (ctx, { query }) => catalogue.photobookPrice(ctx, query),
  );
  def(
    "get",
    "/web-api/photobox-data",
    {
      summary: "Photobox types, formats, paper finishes, quantity steps and the default quantity",
      tags: ["photobox"],
      query: s.photoboxDataQuery,
      response: s.loose("PhotoboxData", {
        quantities: z.array(z.number()),
        defaultQuantity: z.number(),
        types: z.array(z.looseObject({ type: z.string() })),
      }),
    },
    (ctx, { query }) => catalogue.photoboxData(ctx, query.type),
  );
  def(
    "get",
    "/price-api/photoboxes",
    {
      summary: "The price of a photobox or prints for a quantity step",
      tags: ["photobox"],
      query: s.photoboxPriceQuery,
      response: article.extend({ quantity: z.number(), unitPrice: s.priceSchema.nullable() }),
    },
    (ctx, { query }) => catalogue.photoboxPrice(ctx, query),
  );

  // ------------------------------------------------------------ cards and accessories
  def(
    "get",
    "/web-api/card-price",
    {
      summary: "The price of cards for a quantity and refinement, with the quantity tiers",
      tags: ["cards"],
      query: s.cardPriceQuery,
      response: article.extend({
        quantity: z.number(),
        refinement: z.string(),
        unitPrice: s.priceSchema.nullable(),
      }),
    },
    (ctx, { query }) => catalogue.cardPrice(ctx, query),
  );
  def(
    "get",
    "/web-api/card-accessories",
    {
      summary:
        "Accessories that fit a card (envelopes and inlays of its size) and its format class",
      tags: ["cards"],
      query: s.cardAccessoriesQuery,
      response: s.loose("CardAccessories", {
        formatClass: z.string().nullable(),
        accessories: z.array(article),
      }),
    },
    (ctx, { query }) => catalogue.cardAccessories(ctx, query.article),
  );
  def(
    "get",
    "/web-api/card-accessory-price",
    {
      summary: "The accessory price label of a card format's class (standard, compact, large)",
      tags: ["cards"],
      query: s.cardAccessoryPriceQuery,
      response: s.loose("CardAccessoryPrice", {
        formatClass: z.enum(["standard", "compact", "large"]),
        label: z.string().nullable(),
        overlayValue: z.number().nullable(),
        price: s.priceSchema.nullable(),
      }),
    },
    (ctx, { query }) => catalogue.cardAccessoryPrice(ctx, query.format),
  );
  def(
    "post",
    "/web-api/card-accessory-order",
    {
      summary: "Prices a card order with accessories (lines and total)",
      tags: ["cards"],
      body: s.cardAccessoryOrderBody,
      response: s.loose("CardAccessoryOrder", {
        lines: z.array(z.looseObject({})),
        total: s.priceSchema.nullable(),
      }),
    },
    (ctx, { body }) => catalogue.cardAccessoryOrder(ctx, body),
  );
  def(
    "get",
    "/accessory",
    {
      summary: "Card accessories and refinements of the shop, optionally of one type",
      tags: ["cards"],
      query: s.accessoryListQuery,
      response: list("Accessories", "accessories", article),
    },
    (ctx, { query }) => catalogue.accessories(ctx, query.type),
  );
  def(
    "get",
    "/price-api/accessory",
    {
      summary: "The price of an accessory for a quantity",
      tags: ["cards"],
      query: s.articleQuery,
      response: article,
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.accessoryPrice(ctx, q.article, q.quantity);
    },
  );

  // ------------------------------------------------------------ collages, SKUs, express
  def(
    "get",
    "/web-api/collage-designer-design-groups",
    {
      summary: "Collage design groups, optionally by name (name[])",
      tags: ["collage"],
      query: s.collageGroupsQuery,
      response: s.loose("CollageDesignGroups", {
        defaultId: z.number(),
        designGroups: z.array(z.looseObject({ id: z.number() })),
      }),
    },
    (ctx, { query }) => catalogue.collageDesignGroups(ctx, query["name[]"]),
  );
  def(
    "get",
    "/web-api/collage-designer-design-group",
    {
      summary: "One collage design group",
      tags: ["collage"],
      query: s.collageGroupQuery,
      response: s.loose("CollageDesignGroup", { id: z.number(), name: z.string() }),
    },
    (ctx, { query }) => catalogue.collageDesignGroup(ctx, query.id),
  );
  def(
    "get",
    "/web-api/sku/container",
    {
      summary: "The articles of a SKU container with prices",
      tags: ["site"],
      query: s.skuQuery,
      response: s.loose("SkuContainer", { sku: z.string(), articles: z.array(article) }),
    },
    (ctx, { query }) => catalogue.skuContainer(ctx, query.sku),
  );
  def(
    "get",
    "/web-api/express-shop",
    {
      summary: "Express production add-ons with the articles they speed up",
      tags: ["site"],
      response: list("ExpressShop", "articles", article.extend({ product: article })),
    },
    (ctx) => catalogue.expressShop(ctx),
  );

  // ------------------------------------------------------------ vouchers
  def(
    "get",
    "/web-api/voucher",
    {
      summary: "Checks a voucher code for this shop, now and an order value (minor units)",
      tags: ["vouchers"],
      query: s.voucherQuery,
      response: s.loose("Voucher", {
        code: z.string(),
        valid: z.boolean(),
        reason: z.string().nullable(),
      }),
    },
    (ctx, { query }) => {
      const q = query;
      return catalogue.voucher(ctx, q.code, q.orderValue);
    },
  );
  def(
    "get",
    "/gift-voucher",
    {
      summary: "Gift vouchers for sale in this shop",
      tags: ["vouchers"],
      response: list("GiftVouchers", "articles", article),
    },
    (ctx) => catalogue.giftVouchers(ctx),
  );
  def(
    "get",
    "/gift-voucher/{code}",
    {
      summary: "The value and validity of a gift voucher code",
      tags: ["vouchers"],
      params: s.giftVoucherParams,
      response: s.loose("GiftVoucher", { code: z.string(), valid: z.boolean() }),
    },
    (ctx, { params }) => catalogue.voucher(ctx, params.code, undefined, "gift"),
  );

  // ------------------------------------------------------------ white label
  def(
    "post",
    "/whitelabel/switch",
    {
      summary: "Switches the white-label view on or off for this browser",
      tags: ["site"],
      body: s.whitelabelBody,
      response: z.object({ isWhitelabel: z.boolean() }),
    },
    (ctx, { body }, c) => {
      const on = body.whitelabel;
      setCookie(c, WHITELABEL_COOKIE, on ? "1" : "0", {
        path: "/",
        sameSite: "Lax",
        httpOnly: true,
        secure: isSecureRequest(c.req.raw),
      });
      return { isWhitelabel: on };
    },
  );
  app.openapi(
    createRoute({
      method: "get",
      path: "/whitelabel/switch",
      summary: "Leaves the white-label view (the banner's link) and returns to the home page",
      tags: ["site"],
      responses: { 302: { description: "Redirect to /" } },
    }),
    (c) => {
      if (getCookie(c, WHITELABEL_COOKIE) !== "0")
        setCookie(c, WHITELABEL_COOKIE, "0", {
          path: "/",
          sameSite: "Lax",
          httpOnly: true,
          secure: isSecureRequest(c.req.raw),
        });
      c.header("Cache-Control", "no-store");
      return c.redirect("/", 302);
    },
  );

  // The cart's routes describe themselves in the same reference.
  app.route("/", cartRoutes(services));
  app.route("/", wishlistRoutes(services));
  addApiReference(app);
  return app;
}
