/**
 * The stand-in for each brand's web font while it loads (see domain/fonts.ts): a system
 * font with the web font's measures, under the family name the brand's font stack names
 * second ("Lora Fallback", "Inter Fallback"). Each stand-in lists the system fonts that
 * share one set of metrics: Times New Roman, Liberation Serif and Tinos; Arial,
 * Liberation Sans and Arimo.
 */
import arial from "@capsizecss/metrics/arial";
import inter from "@capsizecss/metrics/inter";
import lora from "@capsizecss/metrics/lora";
import timesNewRoman from "@capsizecss/metrics/timesNewRoman";
import interBold from "../styles/fonts/inter-latin-700-normal.woff2?url";
import interRegular from "../styles/fonts/inter-latin-400-normal.woff2?url";
import loraBold from "../styles/fonts/lora-latin-700-normal.woff2?url";
import loraRegular from "../styles/fonts/lora-latin-400-normal.woff2?url";
import type { ChannelId } from "../../config/channels";
import { fallbackFontFace, fallbackOverrides } from "../../domain/fonts";

export const BRAND_FONT_FALLBACKS: Readonly<Record<ChannelId, string>> = {
  cards: fallbackFontFace(
    "Lora Fallback",
    ["Times New Roman", "Liberation Serif", "Tinos"],
    fallbackOverrides(lora, timesNewRoman),
  ),
  wallart: fallbackFontFace(
    "Inter Fallback",
    ["Arial", "Liberation Sans", "Arimo"],
    fallbackOverrides(inter, arial),
  ),
};

/**
 * The Link header that has the browser fetch the brand's two font files with the page's
 * first bytes, so they are usually there before the first paint and nothing swaps.
 */
const preload = (...files: string[]) =>
  files.map((file) => `<${file}>; rel=preload; as=font; type="font/woff2"; crossorigin`).join(", ");

export const BRAND_FONT_PRELOADS: Readonly<Record<ChannelId, string>> = {
  cards: preload(loraRegular, loraBold),
  wallart: preload(interRegular, interBold),
};
