/**
 * A studio design for a cart line in tests that are about the cart, not the studio: every
 * printed product (card, calendar, photo book, collage, wall art, prints, photo box) goes
 * into the cart only with a design of the shopper's that is the line's product and has no
 * empty photo frame, so such a test makes one here.
 */
import sharp from "sharp";
import { expect } from "vitest";
import {
  articleStudioConfiguration,
  studioConfigurationSchema,
} from "../../domain/studio/configuration";
import { needsDesign, STUDIO_DESIGN_PARAM } from "../../domain/studio/studioLinks";
import { cartOptions } from "../../domain/cart";
import { designerConfiguration } from "../../domain/designerConfiguration";
import { firstValues } from "../../domain/designerLinks";
import { autofill, emptyFrames, type DesignDocument } from "../../domain/studio/document";
import { localeSettings } from "../../domain/locales";
import type { CatalogueContext } from "../catalogue/service";
import type { CartOwner } from "../cart/service";
import type { CartArticleInput } from "../../domain/cartInput";
import type { ShopServices } from "../services";

/** A request as a browser sends it to the shop (the test shop's, or the API's). */
type Send = (url: string, init: RequestInit) => Response | Promise<Response>;

/** An article as the cart API takes it: a product and its designer link's options. */
export interface ArticleBody {
  kind?: "article";
  product: string;
  options: Readonly<Record<string, string>>;
  quantity: number;
}

/** A cart body as the cart API takes it: a configuration (with its kind) or an article. */
export type LineBody = ArticleBody | object;

function isArticle(body: LineBody): body is ArticleBody {
  const { kind, product } = body as { kind?: unknown; product?: unknown };
  return (kind === undefined || kind === "article") && typeof product === "string";
}

/**
 * A design of a cart body's product for the visitor of `cookie` (`visitor_key=…`), every
 * photo frame holding the same small photo (the cart asks that none is empty, not which
 * photos they show): its id, for the line's `studioDesign`. `origin` is the shop's, e.g.
 * `http://localhost`; the body is the cart's JSON body of a configuration (its fields the
 * studio does not read are left out) or of an article (product, options, quantity as a
 * designer link names them).
 */
export async function designForLine(
  request: Send,
  origin: string,
  cookie: string,
  body: LineBody,
): Promise<string> {
  const headers = { origin, cookie };
  const configuration = isArticle(body)
    ? articleStudioConfiguration(body.product, body.options, body.quantity)
    : studioConfigurationSchema.parse(body);
  expect(configuration, `the studio designs ${JSON.stringify(body)}`).not.toBeNull();
  const created = await request(`${origin}/web-api/studio/designs`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ configuration }),
  });
  expect(created.status, JSON.stringify(configuration)).toBe(201);
  const design = (await created.json()) as {
    id: string;
    version: number;
    document: DesignDocument;
  };
  const frames = emptyFrames(design.document).length;
  if (frames === 0) return design.id;
  const image = await linePhoto();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(image)], "line.jpg", { type: "image/jpeg" }));
  const uploaded = await request(`${origin}/web-api/studio/photos`, {
    method: "POST",
    headers,
    body: form,
  });
  // The same bytes handed in again by the same visitor are the photo they have (200).
  expect([200, 201]).toContain(uploaded.status);
  const photo = ((await uploaded.json()) as { id: string }).id;
  const saved = await request(`${origin}/web-api/studio/designs/${design.id}`, {
    method: "PUT",
    headers: { ...headers, "content-type": "application/json", "if-match": `"${design.version}"` },
    body: JSON.stringify({
      document: autofill(design.document, Array<string>(frames).fill(photo)),
    }),
  });
  expect(saved.status).toBe(200);
  return design.id;
}

/**
 * A cart body with a design of its product for the visitor of `cookie`: a configuration's
 * `studioDesign`, an article's `studioDesign` option. What the shop sells as it is (an
 * accessory, a gift voucher) comes back unchanged.
 */
export async function withDesign<B extends LineBody>(
  request: Send,
  origin: string,
  cookie: string,
  body: B,
): Promise<B> {
  const product = isArticle(body) ? body.product : String((body as { kind?: unknown }).kind);
  if (!needsDesign(product)) return body;
  const design = await designForLine(request, origin, cookie, body);
  return isArticle(body)
    ? { ...body, options: { ...body.options, [STUDIO_DESIGN_PARAM]: design } }
    : ({ ...body, studioDesign: design } as B);
}

/** The one small photo every frame of a test line's design holds. */
function linePhoto(): Promise<Buffer> {
  return sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 90, g: 120, b: 60 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * A card of the cards shop's theme "einschulung-001" as its product page sells it (folded,
 * 148 x 105, no refinement, no envelope: 2,06 € a card at the tier for ten in Germany), the
 * whole choice a card line's design is compared with.
 */
export const THEME_CARD = {
  themeId: "einschulung-001",
  cardType: "folded-card",
  size: "148x105",
  refinement: "none",
  envelope: "none",
} as const;

/**
 * A designed article as the designer link names it (a card with its whole choice), through
 * the services, for tests of the cart service without its API: a design of the owner's is
 * made for it, its frames filled, and the article carries it as its `studioDesign` option.
 * What the shop sells as it is comes back unchanged.
 */
export async function designedArticle<A extends ArticleBody>(
  services: Pick<ShopServices, "studioDesigns" | "studioPhotos">,
  ctx: CatalogueContext,
  owner: CartOwner,
  article: A,
): Promise<A> {
  if (!needsDesign(article.product)) return article;
  const { options } = article;
  const configuration = articleStudioConfiguration(article.product, options, article.quantity);
  expect(configuration, `the studio designs ${JSON.stringify(article)}`).not.toBeNull();
  const design = await services.studioDesigns.create({
    channel: ctx.channel,
    owner,
    configuration: configuration!,
    themeId: options.themeId,
    language: localeSettings(ctx.locale).language,
    locale: ctx.locale,
  });
  const frames = emptyFrames(design.document).length;
  if (frames > 0) {
    const photo = await services.studioPhotos.upload(owner, await linePhoto(), "image/jpeg");
    const filled = autofill(design.document, Array<string>(frames).fill(photo.id));
    await services.studioDesigns.save(owner, design.id, design.version, filled);
  }
  return { ...article, options: { ...options, [STUDIO_DESIGN_PARAM]: design.id } };
}

/** Puts an article into the owner's cart through the services, with a design of theirs. */
export async function addDesigned(
  services: Pick<ShopServices, "cart" | "studioDesigns" | "studioPhotos">,
  ctx: CatalogueContext,
  owner: CartOwner,
  article: CartArticleInput,
) {
  return services.cart.add(ctx, owner, await designedArticle(services, ctx, owner, article));
}

/**
 * What the studio puts into the cart from a designer link (`/designer/<product>?…`), for
 * tests about the way from a product page to the cart, not about the studio: the link's
 * configuration (a card named by its theme alone: the theme's own card, the one its theme
 * page prices, as the designer reads it) or its article, with a design of the visitor of
 * `cookie`, posted to the cart API of the link's shop. The API's answer (201 with the line).
 */
export async function designerLinkToCart(
  request: Send,
  link: URL,
  cookie: string,
): Promise<Response> {
  const origin = link.origin;
  const product = /\/designer\/([a-z]+)/.exec(link.pathname)?.[1] ?? "";
  const values = firstValues(link.searchParams);
  if (product === "card" && values.themeId && !values.cardType) {
    // The theme's own card, as its theme page's form names it (the designer takes the same).
    const page = await request(`${origin}/themes/${encodeURIComponent(values.themeId)}`, {
      headers: { cookie },
    });
    expect(page.status, link.href).toBe(200);
    const html = await page.text();
    const form = /<form[^>]*class="theme-page__order"[^>]*>([^]*?)<\/form>/.exec(html)?.[1] ?? "";
    for (const [, name, value] of form.matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
    ))
      values[name!] ??= value!;
  }
  const configuration = designerConfiguration(product, values);
  const body: LineBody = configuration ?? {
    kind: "article",
    product,
    options: cartOptions(link.searchParams),
    quantity: Number(values.quantity ?? values.amount ?? "1"),
  };
  return request(`${origin}/web-api/cart/items`, {
    method: "POST",
    headers: { origin, cookie, "content-type": "application/json" },
    body: JSON.stringify(await withDesign(request, origin, cookie, body)),
  });
}
