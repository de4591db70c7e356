/**
 * The tiles of the overview blocks (calendar, collage and photo book overviews, the express
 * shop), read in-process from the catalogue service for the request's shop: each design
 * group or product with its picture, name, a detail line, price (a from-price where the shop
 * shows prices in overviews) and the configurator link it starts.
 */
import type { RouterContextProvider } from "react-router";
import { photobookCategoryIdsFor } from "../../../domain/catalogue";
import {
  CALENDAR_TYPE_PICTURES,
  articleEntry,
  FAMILY_PICTURES,
  COLLAGE_DESIGN_PICTURE,
  COLLAGE_DESIGN_PICTURES,
  collageDesignEntry,
  familyEntry,
  PHOTOBOOK_CATEGORY_PICTURE,
  PHOTOBOOK_CATEGORY_PICTURES,
  photobookDesignEntry,
  productKindName,
  type ProductFamily,
} from "../../../domain/productFamilies";
import type { PreparedBlocks, PreparedPrice, TileOverviewBlock } from "../types";
import type { TileSource } from "./tileOverview.server";
import { serverT } from "../../i18n/messages.server";
import { catalogueOf } from "../../catalogue/browsing.server";
import { prepared } from "../../ui/preparedPrice";

type Context = Readonly<RouterContextProvider>;

/** Each design overview's tiles, by block type. */
export type OverviewSources = {
  [K in TileOverviewBlock["component"]]: TileSource<PreparedBlocks[K]>;
};

export function overviewSources(context: Context): OverviewSources {
  const { catalogue, ctx, picture, showPrices } = catalogueOf(context);
  const t = serverT(ctx.locale);
  const price = (from: Parameters<typeof prepared>[0]) =>
    showPrices ? prepared(from, true) : null;
  // Prints are priced one by one: the price says so.
  const perPrint = (productType: string, tag: PreparedPrice | null): PreparedPrice | null =>
    tag && (productType === "photobox" || productType === "photoprint")
      ? { ...tag, current: t("blocks.overview.perPrint", { price: tag.current }) }
      : tag;
  return {
    async CalendarOverview(block) {
      const { designGroups } = await catalogue.calendarDesignGroups(
        ctx,
        block.calendarType ?? undefined,
      );
      return designGroups.map((group) => ({
        key: `calendar-${group.id}`,
        name: t(`products.calendarTypes.${group.calendarType}`),
        href: familyEntry("calendar", String(group.calendarType)),
        picture: picture(CALENDAR_TYPE_PICTURES[String(group.calendarType)]),
        details: t("blocks.overview.formats", { count: group.formats.length }),
        price: price(group.from),
      }));
    },
    async CollageOverview(block) {
      const { designGroups } = await catalogue.collageDesignGroups(ctx, block.designs);
      return designGroups.map((group) => ({
        key: `collage-${group.id}`,
        name: t(`catalogue.collageDesigns.${group.name}`),
        href: collageDesignEntry(group.id),
        picture: picture(COLLAGE_DESIGN_PICTURES[group.name] ?? COLLAGE_DESIGN_PICTURE),
        details: [
          t("blocks.overview.photos", { count: Number(group.images) }),
          t("blocks.overview.formats", { count: group.formats.length }),
        ].join(" · "),
        price: price(group.from),
      }));
    },
    async PhotobookOverview(block) {
      // Categories the locale does not list (licensed ones in Britain) are left out.
      const listed = photobookCategoryIdsFor(ctx.locale);
      const wanted = block.categories.filter((id) => listed.includes(id));
      if (block.categories.length > 0 && wanted.length === 0) return [];
      const [{ sets }, families] = await Promise.all([
        catalogue.photobookDesignGroupSets(ctx, wanted.length > 0 ? wanted : undefined),
        catalogue.productFamilies(ctx),
      ]);
      // The from-price of the photo book the designs start, not of the cheapest booklet.
      const family = families.find((f) => f.family === "photobook");
      const from = family?.types?.find((t) => t.type === block.printing)?.from ?? null;
      return sets.map((set) => ({
        key: `photobook-${set.id}`,
        name: t(`catalogue.photobookCategories.${set.categoryId}`),
        href: photobookDesignEntry(
          block.printing,
          set.id,
          String(set.designGroups[0]?.orientation ?? "din-landscape"),
        ),
        picture: picture(PHOTOBOOK_CATEGORY_PICTURES[set.categoryId] ?? PHOTOBOOK_CATEGORY_PICTURE),
        details: set.designGroups
          .map((group) => t(`catalogue.orientations.${String(group.orientation)}`))
          .join(" · "),
        price: price(from),
      }));
    },
    async Shop() {
      const { articles } = await catalogue.expressShop(ctx);
      return articles.flatMap((express) => {
        const { product } = express;
        const href = articleEntry(product.productType, product.attributes, product.format);
        if (!href) return [];
        const kind = productKindName(product.productType, product.attributes);
        const name = [t(kind), product.formatLabel].filter(Boolean).join(" ");
        return [
          {
            key: express.article,
            name,
            href,
            picture: picture(FAMILY_PICTURES[product.productType as ProductFamily]),
            details: t("blocks.overview.express", {
              hours: express.attributes.productionHours,
              cutOff: express.attributes.cutOff,
              price: express.price?.formatted.current ?? "",
            }),
            // The express shop always shows what the product costs: that is its offer.
            price: perPrint(product.productType, prepared(product.price, false)),
            // The express production is bought here, on its own, at its catalogue price.
            cart: express.price
              ? {
                  product: "express",
                  article: express.article,
                  name: t("cart.express", { product: name }),
                }
              : null,
          },
        ];
      });
    },
    async SkuContainer(block) {
      const container = await catalogue.skuContainer(ctx, block.sku);
      return container.articles.flatMap((article) => {
        const href = articleEntry(
          article.productType,
          article.attributes,
          article.format,
          container.sku,
        );
        if (!href) return [];
        return [
          {
            key: article.article,
            name: t(productKindName(article.productType, article.attributes)),
            href,
            picture: picture(
              article.productType === "calendar"
                ? CALENDAR_TYPE_PICTURES[String(article.attributes.calendarType)]
                : FAMILY_PICTURES[article.productType as ProductFamily],
            ),
            details: article.formatLabel,
            price: perPrint(article.productType, prepared(article.price, false)),
          },
        ];
      });
    },
  };
}
