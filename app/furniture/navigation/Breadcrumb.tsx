import { useMatches } from "react-router";
import { isHomePath } from "../../../domain/paths";
import { useT } from "~/i18n/i18n";
import { LocaleLink } from "~/ui/LocaleLink";
import type { BreadcrumbItem } from "../types";

function isBreadcrumb(value: unknown): value is BreadcrumbItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === "object" &&
        item !== null &&
        typeof (item as BreadcrumbItem).text === "string" &&
        typeof (item as BreadcrumbItem).link?.url === "string",
    )
  );
}

/** The current page's breadcrumb items (from the page route's loader data), home excluded. */
export function useBreadcrumb(): BreadcrumbItem[] {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { breadcrumb?: unknown } | undefined;
    if (data && isBreadcrumb(data.breadcrumb)) {
      return data.breadcrumb.filter((item) => !isHomePath(item.link.url));
    }
  }
  return [];
}

/**
 * The breadcrumb: the home link to '/', then the items; the last item is not a
 * link and is marked as the current page. Shown when the page has items below home.
 */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumb" aria-label={t("furniture.breadcrumb")}>
      <ol>
        <li>
          <LocaleLink to="/">{t("common.home")}</LocaleLink>
        </li>
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li
              key={`${item.link.url}-${index}`}
              className="breadcrumb__active"
              aria-current="page"
            >
              {item.text}
            </li>
          ) : (
            <li key={`${item.link.url}-${index}`}>
              <LocaleLink to={item.link.url}>{item.text}</LocaleLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
