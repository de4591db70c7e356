/** The USP teaser's fields (content/BLOCKS.md): up to eight promises, each with an icon. */
import { z } from "zod";
import { optionField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { items, requiredText, text, uid } from "../parts/schema.server";
import { USP_ICONS, type UspIcon } from "../types";

/**
 * Each icon's SVG path in a 24×24 box. Kept here, on the server: a prepared promise carries
 * its own icon's path, so the browser's code has no table of every icon.
 */
export const USP_ICON_PATHS: Record<UspIcon, string> = {
  truck:
    "M2 6h11v9H2zM13 9h4l3 3v3h-7zM6.5 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm10 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z",
  star: "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z",
  leaf: "M5 19c0-8 5-14 15-14 0 10-6 15-14 15M5 19l7-7",
  heart: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z",
  gift: "M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7s-1.5-4-4-4a2 2 0 0 0 0 4M12 7s1.5-4 4-4a2 2 0 0 1 0 4",
  shield: "M12 3 4 6v6c0 4.4 3.4 8.2 8 9 4.6-.8 8-4.6 8-9V6Zm-3 9 2 2 4-4",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2",
  sparkle: "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18",
  frame: "M4 4h16v16H4zM7 7h10v10H7zM7 14l3-3 2 2 2-2 3 3",
  phone:
    "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2Z",
};

const usp = z.object({
  _uid: uid,
  component: z.literal("Usp").optional(),
  icon: optionField(USP_ICONS, "star"),
  title: requiredText.max(80),
  text,
});

const uspTeaser = z.object({
  _uid: uid,
  component: z.literal("UspTeaser"),
  headline: text,
  items: items(usp, 8),
});

export const USP_TEASER = defineBlock("UspTeaser", uspTeaser, (raw) => ({
  _uid: raw._uid,
  component: "UspTeaser",
  headline: raw.headline,
  items: raw.items.map(({ _uid, icon, title, text: body }) => ({
    _uid,
    icon,
    iconPath: USP_ICON_PATHS[icon],
    title,
    text: body,
  })),
}));
