/**
 * Theme overview block: the most popular designs of an occasion (or of all), each leading
 * to its page, and a link to browse them all with filters.
 */
import { ThemeCard } from "../../catalogue/ThemeCard";
import { useT } from "../../i18n/i18n";
import { LocaleLink } from "../../ui/LocaleLink";
import type { BlockProps, ThemeOverviewBlock } from "../types";
import { BlockHeading } from "../parts/BlockHeading";

export function ThemeOverview({ block }: BlockProps<ThemeOverviewBlock>) {
  const t = useT();
  if (!block.themes || block.themes.length === 0) return null;
  const id = `themes-${block._uid}`;
  return (
    <section className="theme-overview" aria-labelledby={block.headline ? id : undefined}>
      <BlockHeading id={id} headline={block.headline} text={block.text} />
      <ul className="theme-list" role="list">
        {block.themes.map((theme) => (
          <li key={theme.id}>
            <ThemeCard theme={theme} />
          </li>
        ))}
      </ul>
      {block.total > block.themes.length ? (
        <p className="theme-overview__more">
          <LocaleLink className="button button--ghost" to={block.browse}>
            {block.linkText || t("themes.showAll", { count: block.total })}
          </LocaleLink>
        </p>
      ) : null}
    </section>
  );
}
