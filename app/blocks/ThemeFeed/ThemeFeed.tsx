/**
 * Design feed block: the shop's designs (of one product, or all) with the filters, sort,
 * page sizes and pages of theme browsing; the page's URL holds the state, so a filtered
 * feed can be shared and crawled and works without JavaScript.
 */
import { ThemeBrowser } from "../../catalogue/ThemeBrowser";
import { useT } from "../../i18n/i18n";
import type { BlockProps, ThemeFeedBlock } from "../types";

export function ThemeFeed({ block }: BlockProps<ThemeFeedBlock>) {
  const t = useT();
  if (!block.list) return null;
  return (
    <ThemeBrowser
      list={block.list}
      heading={block.headline || t("products.themesHeading")}
      intro={block.text || undefined}
    />
  );
}
