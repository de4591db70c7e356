/**
 * The theme overview's fields (content/BLOCKS.md): the most popular designs (of an
 * occasion) from the catalogue, and a link to browse all of them.
 */
import { z } from "zod";
import { OCCASIONS } from "../../../domain/catalogue";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { text, uid } from "../parts/schema.server";
import type { ThemeCardData } from "../types";

/** The most popular published designs (of an occasion), how many there are and where to browse them. */
export type ThemesSource = (
  occasion: string | null,
) => Promise<{ themes: ThemeCardData[]; total: number; browse: string }>;

const themeOverview = z.object({
  _uid: uid,
  component: z.literal("ThemeOverview"),
  headline: text,
  text,
  occasion: z.enum(OCCASIONS).nullable().catch(null).default(null),
  count: z.coerce.number().int().min(4).max(12).catch(8).default(8),
  linkText: text,
});

/**
 * Editors may write {{count}} in a link text ("Voir les {{count}} modèles"), as the
 * translated default does; the number is the catalogue's total, known only here. Any other
 * placeholder stays for the step that owns it.
 */
function fillCount(text: string, count: number): string {
  return text.replace(/\{\{\s*count\s*\}\}/g, String(count));
}

export const THEME_OVERVIEW = defineBlock(
  "ThemeOverview",
  themeOverview,
  (raw) => ({ ...raw, themes: null, total: 0, browse: "/products" }),
  async (block, themes: ThemesSource) => {
    const list = await themes(block.occasion).catch((error: unknown) => {
      logError("theme-overview-error", error, { uid: block._uid, occasion: block.occasion });
      return null;
    });
    return list
      ? {
          ...block,
          themes: list.themes.slice(0, block.count),
          total: list.total,
          browse: list.browse,
          linkText: fillCount(block.linkText, list.total),
        }
      : block;
  },
);
