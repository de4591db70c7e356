/**
 * Card theme browsing: filters, sort and page size in a GET form (the URL holds the whole
 * state, so a list can be shared, crawled and used without JavaScript), the themes of the
 * page, and a pager. With JavaScript a changed choice applies at once and keeps the
 * scroll position; a new page moves focus to the list.
 */
import { useEffect, useRef, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { THEME_PAGE_SIZES, THEME_SORTS } from "../../domain/catalogue";
import {
  hasThemeFilters,
  pagerPages,
  THEME_FILTER_KEYS,
  THEME_FILTERS,
  themesSearch,
  themesSearchFromForm,
} from "../../domain/themeBrowsing";
import { useT } from "../i18n/i18n";
import { changedSinceServer } from "../ui/earlyInput";
import type { ThemeList } from "./browsing.server";
import { CatalogueStyles } from "./CatalogueStyles";
import { ThemeCard } from "./ThemeCard";

/** The form's choices as the list's query, without defaults or empty "all" values. */
const chosen = (form: HTMLFormElement) => themesSearchFromForm(new FormData(form));

export function ThemeBrowser({
  list,
  heading,
  intro,
}: {
  list: ThemeList;
  heading: string;
  /** A sentence under the heading. */
  intro?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { state, pagination, facets, themes } = list;
  const results = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(pagination.page);

  // A new page of the same list: the visitor reads on from its top.
  useEffect(() => {
    if (shownPage.current !== pagination.page) results.current?.focus();
    shownPage.current = pagination.page;
  }, [pagination.page]);

  const apply = (form: HTMLFormElement, replace = false) =>
    navigate(`${pathname}${chosen(form)}`, { preventScrollReset: true, replace });
  const onChange = (event: FormEvent<HTMLFormElement>) => apply(event.currentTarget);

  // A choice made before this code was here (a phone still loading it) found no listener,
  // and the list would stay as it was under the new choice. Once the form is live, a
  // choice that differs from the one the page was drawn with is applied, in place of the
  // address it was drawn for (the form keeps the browser from restoring old choices into
  // it, so a difference is the visitor's own).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const current = form.current;
    if (current && changedSinceServer(current).length > 0) void apply(current, true);
    // Only when the form is first drawn (it is drawn anew for every list).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(event);
  };
  const pageHref = (page: number) => `${pathname}${themesSearch({ ...state, page })}`;

  return (
    <section className="theme-browser" aria-labelledby="theme-browser-title">
      <CatalogueStyles />
      <h2 id="theme-browser-title" className="block-title">
        {heading}
      </h2>
      {intro ? <p className="block-intro">{intro}</p> : null}
      {/* Remounted when the URL changes, so back and forward show the URL's choices. */}
      {/* The path alone: a GET form sends its fields as the query, and an action echoing
          the visitor's query would put their tracking parameters into a shared page. */}
      <Form
        key={search}
        ref={form}
        method="get"
        autoComplete="off"
        action={pathname}
        className="theme-filters"
        aria-label={t("themes.filters")}
        onChange={onChange}
        onSubmit={onSubmit}
        preventScrollReset
      >
        {/* An occasion comes from the page's link (a category page), not from a menu. */}
        {(state.occasion ?? []).map((occasion) => (
          <input key={occasion} type="hidden" name="occasion" value={occasion} />
        ))}
        {THEME_FILTER_KEYS.map((key) => (
          <label key={key} className="theme-filters__field">
            <span>{t(`themes.filterNames.${key}`)}</span>
            <select name={key} defaultValue={state[key]?.[0] ?? ""}>
              <option value="">{t("themes.any")}</option>
              {THEME_FILTERS[key]
                .filter((value) => (facets[key]?.[value] ?? 0) > 0)
                .map((value) => (
                  <option key={value} value={value}>
                    {t(`themes.values.${value}`)}
                  </option>
                ))}
            </select>
          </label>
        ))}
        <label className="theme-filters__field">
          <span>{t("themes.sort")}</span>
          <select name="sort" defaultValue={state.sort}>
            {THEME_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`themes.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="theme-filters__field">
          <span>{t("themes.pageSize")}</span>
          <select name="pageSize" defaultValue={String(state.pageSize)}>
            {THEME_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--ghost theme-filters__apply">
          {t("themes.apply")}
        </button>
      </Form>

      <h3 ref={results} tabIndex={-1} className="theme-browser__count" aria-live="polite">
        {t("themes.count", { count: pagination.total })}
        {pagination.pages > 1 ? ` · ${t("themes.page", { page: pagination.page })}` : ""}
      </h3>

      {themes.length === 0 ? (
        <div className="theme-browser__empty">
          <p>{t("themes.empty")}</p>
          {hasThemeFilters(state) ? (
            <Link className="button" to={pathname} preventScrollReset>
              {t("themes.reset")}
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="theme-list" role="list">
          {themes.map((theme) => (
            <li key={theme.id}>
              <ThemeCard theme={theme} />
            </li>
          ))}
        </ul>
      )}

      {pagination.pages > 1 ? (
        <nav className="pager" aria-label={t("themes.pages")}>
          <ul role="list">
            {pagination.page > 1 ? (
              <li>
                <Link to={pageHref(pagination.page - 1)} rel="prev" preventScrollReset>
                  <span aria-hidden="true">‹</span>
                  <span className="visually-hidden">{t("themes.previous")}</span>
                </Link>
              </li>
            ) : null}
            {pagerPages(pagination.page, pagination.pages).map((page, i) =>
              page === null ? (
                <li key={`gap-${i}`} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={page}>
                  <Link
                    to={pageHref(page)}
                    aria-current={page === pagination.page ? "page" : undefined}
                    aria-label={t("themes.page", { page })}
                    preventScrollReset
                  >
                    {page}
                  </Link>
                </li>
              ),
            )}
            {pagination.page < pagination.pages ? (
              <li>
                <Link to={pageHref(pagination.page + 1)} rel="next" preventScrollReset>
                  <span aria-hidden="true">›</span>
                  <span className="visually-hidden">{t("themes.next")}</span>
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
