/**
 * The design feed's fields (content/BLOCKS.md): the product whose designs it starts with;
 * the page's first feed lists one page of them for the URL's browsing state.
 */
import { z } from "zod";
import { THEME_FILTERS } from "../../../domain/themeBrowsing";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { text, uid } from "../parts/schema.server";

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
  async (block, ctx, first) => {
    // The URL holds one browsing state: the page's first feed answers it.
    if (!first || !ctx.themeFeed) return block;
    const list = await ctx.themeFeed(block.product).catch((error: unknown) => {
      logError("theme-overview-error", error, { uid: block._uid, product: block.product });
      return null;
    });
    return list ? { ...block, list } : block;
  },
);
