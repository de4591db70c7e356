/**
 * The cart page on the server: whose cart a request means (the signed-in customer's, else
 * the visitor's by their visitor key), what the page shows, and what its forms do. Every
 * change answers with a redirect to the cart page, so a reload never repeats it.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { cartOptions, CART_PATHS } from "../../domain/cart";
import { isOptionGroup, isOptionValue, optionLabel } from "../../domain/wallArtOptions";
import {
  cartArticleInput,
  cartLineId,
  cartQuantityChange,
  voucherInput,
} from "../../domain/cartInput";
import { visitorKey, visitorKeyCookie } from "../../domain/cookies";
import { formatLabel } from "../../domain/formats";
import { finishWords } from "../../domain/frames";
import { productKindName } from "../../domain/productFamilies";
import { firstValues } from "../../domain/designerLinks";
import { localiseHref } from "../../domain/links";
import { localisedShopPath } from "../../domain/paths";
import {
  isStudioDesignId,
  STUDIO_DESIGN_PARAM,
  studioConfiguration,
  studioEditLink,
} from "../../domain/studio/studioLinks";
import type { CartLineView, CartOwner } from "../../server/cart/service";
import type { CartFailure, CartOutcome } from "../../server/cart/handlers";
import { shopContext } from "../context";
import { serverT } from "../i18n/messages.server";
import { localeContext } from "../lib/site";
import { requestForm } from "../lib/forms.server";
import { logWarning } from "../lib/log";

type Context = Readonly<RouterContextProvider>;
const PERSONAL = { "Cache-Control": CACHE_TIERS.never };

/** A voucher code as the shop checked it for the visitor's country, now. */
export interface VoucherCheck {
  code: string;
  valid: boolean;
  /** Why it cannot be used: not-valid-in-country, not-yet-valid, expired, unknown. */
  reason: string | null;
  percent: number | null;
  /** A fixed discount, formatted in the shop's currency. */
  value: string | null;
  minimumOrderValue: string | null;
  /** The last day it is valid (ISO date-time), or null. */
  validUntil: string | null;
}

/** What a cart form answers when it cannot do what it was asked. */
export interface CartActionData {
  message: string;
}

function shop(context: Context) {
  const { channel, country, locale, language } = context.get(localeContext);
  const { services } = context.get(shopContext);
  return { services, ctx: { channel, country, locale }, country, language };
}

/**
 * A voucher code as typed (the voucher block's `?voucher=`) checked for this shop now; null
 * when nothing usable was typed. A code the shop does not know is answered as unknown.
 */
export async function checkVoucher(
  context: Context,
  typed: string | null,
): Promise<VoucherCheck | null> {
  const read = voucherInput.safeParse({ code: typed ?? "" });
  if (!read.success) return null;
  const { services, ctx } = shop(context);
  const found = await services.catalogue
    .voucher(ctx, read.data.code, undefined, "voucher")
    .catch(() => null);
  if (!found) {
    return {
      code: read.data.code.toUpperCase(),
      valid: false,
      reason: "unknown",
      percent: null,
      value: null,
      minimumOrderValue: null,
      validUntil: null,
    };
  }
  return {
    code: found.code,
    valid: found.valid,
    reason: found.reason,
    percent: found.percent,
    value: found.value?.formatted.current ?? null,
    minimumOrderValue: found.minimumOrderValue?.formatted.current ?? null,
    validUntil: found.validUntil,
  };
}

/** The cart of this request's customer or visitor; null for a visitor without a key yet. */
export async function cartOwner(context: Context, request: Request): Promise<CartOwner | null> {
  const { services, ctx } = shop(context);
  const cookies = request.headers.get("cookie") ?? "";
  const customer = await services.customers.accounts.customerFor(
    services.customers.sessionToken(cookies),
    ctx.channel,
  );
  if (customer) return { customerId: customer.id };
  const key = visitorKey(cookies);
  return key ? { visitorKey: key } : null;
}

/** The cart page of the visitor's language, in the channel's trailing-slash form. */
export function cartPathFor(context: Context): string {
  const { country, language, ctx } = shop(context);
  return localisedShopPath(CART_PATHS[language], {
    country,
    language,
    trailingSlash: CHANNELS[ctx.channel].features.trailingSlash,
  });
}

/**
 * An accessory as the visitor reads it: "Umschlag C6 (16,2 x 11,4 cm)"; an express production by
 * its product ("Expressfertigung: Leinwand 60 x 40 cm"); a gift voucher by
 * its worth: "Geschenkgutschein über 25,00 €".
 */
async function accessoryName(
  article: string,
  context: Context,
): Promise<{ name: string; ownName: boolean }> {
  const { ctx, services } = shop(context);
  const a = await services.catalogue.article(ctx, article);
  const t = serverT(ctx.locale);
  if (a.kind === "gift-voucher") {
    const price = a.price?.formatted.current ?? "";
    return { name: t("blocks.giftVouchers.name", { price }), ownName: true };
  }
  if (a.kind === "express") {
    // The express production names the product it speeds up ("Leinwand 60 x 40 cm").
    const product = await services.catalogue.article(ctx, String(a.attributes.forArticle));
    const name = [t(productKindName(product.productType, product.attributes)), product.formatLabel]
      .filter(Boolean)
      .join(" ");
    return { name: t("cart.express", { product: name }), ownName: true };
  }
  const name = t(`blocks.details.accessoryTypes.${a.formatGroup}`);
  const envelope = typeof a.attributes.envelope === "string" ? ` ${a.attributes.envelope}` : "";
  return {
    name: a.formatLabel ? `${name}${envelope} (${a.formatLabel})` : name,
    ownName: false,
  };
}

/** A frame's colour, mat or glazing in the shopper's words (null for other options). */
function frameOptionWords(key: string, value: string, t: (key: string) => string): string | null {
  if (key === "frameColour")
    return (
      finishWords(value)
        .map((word) => t(`blocks.frame.finishWords.${word}`))
        .join(" ") || null
    );
  if (key === "matType" && (value === "mat-none" || value === "mat-weiss"))
    return t(value === "mat-none" ? "studio.frame.none" : "studio.frame.matColours.white");
  if (key === "matColour" && value !== "none") return t(`studio.frame.matColours.${value}`);
  if (key === "glass") return t(`blocks.frame.glassTypes.${value}`);
  return null;
}

/** The name of a line's theme (a card's design), or null without one the shop knows. */
async function themeName(options: Record<string, string>, context: Context) {
  const { ctx, services } = shop(context);
  if (!options.themeId) return null;
  const theme = await services.catalogue.theme(ctx, options.themeId).catch(() => null);
  return theme?.name ?? null;
}

/**
 * The designer link that starts a new studio design for a line kept without one: the
 * line's options and quantity as its edit link names them, with no design to open. Null
 * when the studio starts no design from them; then the line can only be removed.
 *
 * The catalogue need not be asked again whether the designer would open this link: a line
 * is kept without a design (`needsDesign`) only when the cart priced it now, a framed
 * picture, photo box or prints by the catalogue's offer for its options (the offer reads
 * only names the shop keeps for a line, all of which its link carries), so the designer
 * finds that offer too. A line whose material or box type the shop no longer sells is not
 * priced, shows as no longer for sale, and is only removed.
 */
function newDesignLink(line: CartLineView): string | null {
  const link = studioEditLink(line.product, line.options, line.quantity);
  const query = new URL(link, "http://shop.invalid").searchParams;
  return studioConfiguration(line.product, firstValues(query)) ? link : null;
}

/** The options of a line as the visitor reads them: "Format: 14,8 x 10,5 cm". */
async function describe(options: Record<string, string>, context: Context, theme: string | null) {
  const { ctx } = shop(context);
  const t = serverT(ctx.locale);
  const accessory = options.article
    ? await accessoryName(options.article, context).catch(() => null)
    : null;
  const size = options.width && options.height ? `${options.width}x${options.height}` : undefined;
  // The studio design shows as its proof beside the line, not as an id.
  const shown = Object.entries(options).filter(
    ([key]) => key !== "width" && key !== "height" && key !== STUDIO_DESIGN_PARAM,
  );
  const parts = shown.map(([key, value]) => {
    // A wall-art option reads as the product page named it ("Edge: Mirrored edge").
    if (isOptionGroup(key) && isOptionValue(key, value))
      return `${t(`catalogue.optionGroups.${key}`)}: ${optionLabel(key, value, ctx.locale, t)}`;
    const label = t(`designer.options.${key}`);
    const readable =
      key === "format" || key === "formatType"
        ? formatLabel(value, ctx.locale, { withUnit: true }) || value
        : key === "sample"
          ? t(value === "true" ? "designer.yes" : "designer.no")
          : key === "themeId" && theme
            ? theme
            : key === "article" && accessory
              ? accessory.name
              : (frameOptionWords(key, value, t) ?? value);
    // A gift voucher's or an express production's name says what it is: no "Accessory:" before it.
    return key === "article" && accessory?.ownName ? readable : `${label}: ${readable}`;
  });
  if (size) {
    parts.unshift(
      `${t("designer.options.size")}: ${formatLabel(size, ctx.locale, { withUnit: true })}`,
    );
  }
  return parts;
}

/**
 * The cart page's query after "order again": how many of the order's lines the cart could
 * not take (products no longer sold as they were ordered), for the page to say so.
 */
export const NOT_ORDERED_AGAIN = "notOrderedAgain";

export async function cartLoader({ context, request }: { context: Context; request: Request }) {
  const { services, ctx } = shop(context);
  const cart = await services.cart.view(ctx, await cartOwner(context, request));
  const t = serverT(ctx.locale);
  const left = new URL(request.url).searchParams.get(NOT_ORDERED_AGAIN) ?? "";
  return data(
    {
      notOrderedAgain: /^[1-9]\d{0,2}$/.test(left)
        ? t("cart.notOrderedAgain", { count: Number(left) })
        : null,
      empty: cart.lines.length === 0,
      articles: cart.articles,
      lines: await Promise.all(
        cart.lines.map(async (line) => {
          // A design reads by its theme's name, not its id.
          const theme = await themeName(line.options, context);
          return {
            line: line.line,
            name: t(`designer.products.${line.product}`),
            theme,
            // A printed product kept from before the cart asked for its design: the way into the
            // studio to design it (the line makes way for the designed one), null when there is none.
            needsDesign: line.needsDesign ? { studio: newDesignLink(line) !== null } : null,
            // A studio design: its first surface's proof, drawn from its print file, and the way back to edit it.
            design: isStudioDesignId(line.options[STUDIO_DESIGN_PARAM])
              ? {
                  proof: `/web-api/studio/designs/${line.options[STUDIO_DESIGN_PARAM]}/proof/1.jpg?width=240`,
                  edit: studioEditLink(
                    line.product,
                    line.options,
                    line.quantity,
                    line.options[STUDIO_DESIGN_PARAM],
                  ),
                }
              : null,
            // A configuration reads as its product page named its options, after its theme
            // and whether it is a sample.
            details: line.choices
              ? [
                  ...(theme ? [`${t("designer.options.themeId")}: ${theme}`] : []),
                  ...line.choices.map(
                    (c) => `${t(`blocks.details.options.${c.name}`)}: ${c.label ?? t(c.labelKey)}`,
                  ),
                  ...(line.options.sample === "true"
                    ? [`${t("designer.options.sample")}: ${t("designer.yes")}`]
                    : []),
                ]
              : await describe(line.options, context, theme),
            quantity: line.quantity,
            price: line.price?.formatted.current ?? null,
          };
        }),
      ),
      voucher: cart.voucher,
      subtotal: cart.subtotal.formatted.current,
      discount: cart.discount?.formatted.current ?? null,
      shipping: cart.shipping.priceCurrentMinor === 0 ? null : cart.shipping.formatted.current,
      freeShippingFrom: cart.freeShippingFrom?.formatted.current ?? null,
      total: cart.total.formatted.current,
    },
    { headers: PERSONAL },
  );
}
export type CartLoaderData = Awaited<ReturnType<typeof cartLoader>>["data"];

/** Reads a form's text fields. */
function fields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
}

/**
 * The cart page's forms. Each change goes through the cart API's own handlers with the
 * API's own input schemas (server/cart/handlers.ts): the same checks, the same refusals.
 * Where the API answers a problem document, the page shows the refusal's message with
 * the same status; a change that worked answers 303 back to the cart page.
 */
export async function cartAction({ context, request }: { context: Context; request: Request }) {
  const { services, ctx } = shop(context);
  const { handlers } = services.cart;
  const t = serverT(ctx.locale);
  const form = fields(await requestForm(request));
  const problem = (message: string, status: number) =>
    data<CartActionData>({ message }, { status, headers: PERSONAL });
  const invalid = (key = "invalid") => problem(t(`cart.problems.${key}`), 400);
  /** A refusal of the handlers as the page says it. */
  const refused = (failure: CartFailure) =>
    problem(
      failure.voucher && failure.voucher !== "unknown"
        ? `${t("cart.voucherApplied", { code: form.code ?? "" })} ${t(`cart.voucherReasons.${failure.voucher}`)}`
        : t(`cart.problems.${failure.reason}`),
      failure.status,
    );
  const headers = new Headers(PERSONAL);
  let owner = await cartOwner(context, request);
  if (owner === null) {
    // The first article: the visitor gets their key with this answer.
    const key = crypto.randomUUID();
    owner = { visitorKey: key };
    headers.append("Set-Cookie", visitorKeyCookie(key, new URL(request.url).protocol === "https:"));
  }
  let result: CartOutcome<unknown>;
  switch (form.intent) {
    case "add": {
      // A card accessory, a gift voucher or an express service (a printed product only
      // with its studio design, which the cart checks).
      const parsed = cartArticleInput.safeParse({
        product: form.product,
        options: cartOptions(new URLSearchParams(form.options ?? "")),
        quantity: form.quantity ?? "1",
      });
      const accessory = form.product === "accessory";
      if (!parsed.success) {
        if (accessory)
          logWarning("error-add-accessory", { reason: "invalid", options: form.options });
        return invalid();
      }
      result = await handlers.add(ctx, owner, { kind: "article", ...parsed.data });
      if (!result.ok && accessory)
        logWarning("error-add-accessory", { reason: result.reason, options: form.options });
      break;
    }
    case "quantity": {
      const line = cartLineId.safeParse(form.line);
      const change = cartQuantityChange.safeParse(form);
      if (!line.success || !change.success) return invalid("quantity");
      result = await handlers.changeQuantity(ctx, owner, line.data, change.data.quantity);
      break;
    }
    case "remove": {
      const line = cartLineId.safeParse(form.line);
      if (!line.success) return invalid();
      result = await handlers.remove(ctx, owner, line.data);
      break;
    }
    case "voucher": {
      const parsed = voucherInput.safeParse(form);
      if (!parsed.success) return invalid("unknown-voucher");
      result = await handlers.applyVoucher(ctx, owner, parsed.data.code);
      if (!result.ok)
        logWarning("error-add-voucher", { code: parsed.data.code, reason: result.reason });
      break;
    }
    case "voucher-remove":
      result = await handlers.removeVoucher(ctx, owner);
      break;
    case "design": {
      // A line kept without its design goes to the studio with its choice: the line is
      // taken out, and the design the studio puts into the cart takes its place.
      const line = cartLineId.safeParse(form.line);
      if (!line.success) return invalid();
      const kept = (await services.cart.view(ctx, owner)).lines.find(
        (l) => l.line === line.data && l.needsDesign,
      );
      const link = kept ? newDesignLink(kept) : null;
      if (!link) return invalid("unknown-line");
      result = await handlers.remove(ctx, owner, line.data);
      if (!result.ok) return refused(result);
      const { country, language } = shop(context);
      const target = localiseHref(link, {
        country,
        language,
        locale: ctx.locale,
        trailingSlash: CHANNELS[ctx.channel].features.trailingSlash,
      });
      throw redirect(target?.href ?? link, { status: 303, headers });
    }
    default:
      return invalid();
  }
  if (!result.ok) return refused(result);
  throw redirect(cartPathFor(context), { status: 303, headers });
}

/** After a log-in the visitor's cart becomes the customer's. */
export async function adoptVisitorCart(context: Context, request: Request, customerId: number) {
  const key = visitorKey(request.headers.get("cookie") ?? "");
  if (!key) return;
  const { services, ctx } = shop(context);
  await services.cart.adopt(ctx.channel, key, customerId);
}
