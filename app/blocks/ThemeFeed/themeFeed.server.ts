/**
 * The design feed's fields (content/BLOCKS.md): the product whose designs it starts with;
 * the page's first feed lists one page of them for the URL's browsing state.
 */
import { z } from "zod";
import { THEME_FILTERS, type ThemeProduct } from "../../../domain/themeBrowsing";
import type { ThemeList } from "../../catalogue/browsing.server";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { text, uid } from "../parts/schema.server";

/** One page of the designs (of a product) for the page URL's browsing state. */
export type ThemeFeedSource = (product: ThemeProduct | null) => Promise<ThemeList>;

const themeFeed = z.object({
  _uid: uid,
  component: z.literal("ThemeFeed"),
  headline: text,
  text,
  product: z.enum(THEME_FILTERS.product).nullable().catch(null).default(null),
});

export const THEME_FEED = defineBlock(
  "ThemeFeed",
  themeFeed,
  (raw) => ({ ...raw, list: null }),
  async (block, themeFeed: ThemeFeedSource, { first }) => {
    // The URL holds one browsing state: the page's first feed answers it.
    if (!first) return block;
    const list = await themeFeed(block.product).catch((error: unknown) => {
      logError("theme-overview-error", error, { uid: block._uid, product: block.product });
      return null;
    });
    return list ? { ...block, list } : block;
  },
);
