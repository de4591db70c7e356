/**
 * The data sources of the blocks that show catalogue, design or visitor data, for one
 * page request, by block type: the catalogue for the request's shop, the page URL's
 * choices (`?sku=`, `?voucher=`, `?colour=`, a detail container's or a design feed's query)
 * and the approved customer pictures. Each entry is the source its block's definition
 * names (registry.server.ts), so a source of the wrong shape is a type error here. The
 * content page hands them to prepareContent as they are.
 */
import type { RouterContextProvider } from "react-router";
import { shopContext } from "../context";
import { localeContext } from "../lib/site";
import { loadFamilies, loadThemes } from "../catalogue/browsing.server";
import { checkVoucher } from "../cart/cart.server";
import type { CalculatorDataSource } from "./Calculator/materials.server";
import type { DetailSource } from "./DetailContainer/detailContainer.server";
import { frameSource } from "./Frame/frames.server";
import { overviewSources, type OverviewSources } from "./TileOverview/overviews.server";
import type { ProductPriceSource } from "./parts/productPrice.server";
import type { BlockSources } from "./registry.server";
import { prepared } from "../ui/preparedPrice";

/** The card shop browses designs on its card page, the others on the product overview. */
const CARD_BROWSING_PAGE = "/vorkonfigurator-karten";

export function blockSources(context: Readonly<RouterContextProvider>, url: URL): BlockSources {
  const { services } = context.get(shopContext);
  const { channel, country, locale } = context.get(localeContext);
  const shop = { channel, country, locale };
  // What the catalogue answers depends on the shop and the question only: worked out once
  // per catalogue version and kept until an import (server/catalogue/memo.ts).
  const memo = <T>(make: () => Promise<T>, ...question: readonly unknown[]) =>
    services.catalogue.memo([shop, ...question], make);
  const frames = frameSource(context);
  const calculator: CalculatorDataSource = (product, sku) =>
    memo(
      () => services.catalogue.calculator(shop, product, sku ?? undefined),
      "calculator",
      product,
      sku,
    );
  const productPrice: ProductPriceSource = (reference) =>
    memo(
      async () => prepared(await services.catalogue.productFromPrice(shop, reference), true),
      "productPrice",
      reference,
    );
  const details: DetailSource = {
    // A calendar's choices follow today's (UTC) date: the day is part of the question.
    details: (kind, asked, preset) => {
      const today = new Date();
      return memo(
        () => services.productDetails.details(shop, kind, asked, preset, today),
        "productDetails",
        kind,
        asked,
        preset,
        today.toISOString().slice(0, 10),
      );
    },
    search: url.searchParams,
  };
  return {
    Calculator: { calculator, sku: url.searchParams.get("sku") },
    // The tables list the editor's materials, never a SKU's choice.
    FormatsAndPrices: calculator,
    Teaser: productPrice,
    SubTeasers: productPrice,
    Feed: productPrice,
    Frame: {
      // A block's frames depend on its material and frame types (its id only names it in logs).
      frames: (block) =>
        memo(() => frames(block), "frames", block.material ?? null, block.frameTypes),
      colour: url.searchParams.get("colour"),
    },
    Accessories: (types) =>
      memo(() => services.productDetails.accessoryList(shop, types), "accessories", types),
    GiftVouchers: () =>
      memo(
        async () =>
          (await services.catalogue.giftVouchers(shop)).articles.map((a) => ({
            article: a.article,
            price: a.price?.formatted.current ?? null,
          })),
        "giftVouchers",
      ),
    AccessoryDetailContainer: details,
    CalendarDetailContainer: details,
    CardDetailContainer: details,
    CollageDetailContainer: details,
    PhotobookDetailContainer: details,
    // An overview's tiles depend on the block and the shop only.
    ...memoisedOverviews(overviewSources(context), memo),
    CustomerPictures: (query) => services.customerPictures.list(channel, query),
    Voucher: () => checkVoucher(context, url.searchParams.get("voucher")),
    ThemeFeed: (product) => {
      // The feed's product is where browsing starts; the visitor's own choice wins.
      const query = new URLSearchParams(url.searchParams);
      if (product && !query.has("product") && !query.has("product[]"))
        query.set("product", product);
      return loadThemes(context, query);
    },
    ThemeOverview: async (occasion) => {
      const query = new URLSearchParams(occasion ? { occasion } : {});
      const [list, families] = await Promise.all([
        loadThemes(context, query),
        loadFamilies(context),
      ]);
      const page = families.some((f) => f.family === "card") ? CARD_BROWSING_PAGE : "/products";
      const search = query.toString();
      return {
        themes: list.themes,
        total: list.pagination.total,
        browse: `${page}${search ? `?${search}` : ""}`,
      };
    },
  };
}

/** Each overview source answered once per block and catalogue version (the memo's shop). */
function memoisedOverviews(
  sources: OverviewSources,
  memo: <T>(make: () => Promise<T>, ...question: readonly unknown[]) => Promise<T>,
): OverviewSources {
  const out: Record<string, (block: unknown) => Promise<unknown>> = {};
  for (const [type, source] of Object.entries(sources) as [
    string,
    (block: unknown) => Promise<unknown>,
  ][]) {
    out[type] = (block) => memo(() => source(block), "overview", type, block);
  }
  return out as unknown as OverviewSources;
}
