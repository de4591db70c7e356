/** Card themes (designs): browsing with filters and pages, one theme, its preview. */
import { type ChannelId } from "../../config/channels";
import { formatLabel } from "../../domain/formats";
import { type Language, type Locale } from "../../domain/locales";
import type { ThemesQuery } from "../../domain/themeBrowsing";
import {
  type CatalogueContext,
  type ThemeRow,
  type Snapshot,
  type CatalogueCore,
  notFound,
} from "./snapshot";
import { themeSvg } from "./previews";

export function themeCalls(core: CatalogueCore) {
  const { snapshot, fromView, requireArticle } = core;

  function themeName(t: ThemeRow, locale: Locale): string {
    return t.names[lang(locale)] ?? t.names.en ?? t.id;
  }
  function themeView(ctx: CatalogueContext, s: Snapshot, t: ThemeRow) {
    return {
      id: t.id,
      name: themeName(t, ctx.locale),
      productType: t.productType,
      occasion: t.occasion,
      category: t.category,
      color: t.color,
      style: t.style,
      aspectRatio: t.aspectRatio,
      label: t.label,
      product: t.product,
      punching: t.punching,
      format: t.format,
      formatLabel: formatLabel(t.format, ctx.locale, { withUnit: true }),
      popularity: t.popularity,
      status: t.status,
      createdAt: t.createdAt.toISOString(),
      previewImage: `/web-api/themes/${t.id}/preview.svg`,
      price: fromView(s, ctx, [requireArticle(s, t.article)]),
      article: t.article,
    };
  }
  return {
    async themes(ctx: CatalogueContext, q: ThemesQuery) {
      const s = await snapshot(ctx.channel);
      const filters: [keyof ThemeRow, string[] | undefined][] = [
        ["aspectRatio", q.aspectRatio],
        ["category", q.category],
        ["color", q.color],
        ["label", q.label],
        ["product", q.product],
        ["punching", q.punching],
        ["style", q.style],
        ["occasion", q.occasion],
      ];
      const published = s.themes.filter((t) => t.status === "published");
      const matching = published.filter((t) =>
        filters.every(([key, values]) => !values?.length || values.includes(String(t[key]))),
      );
      matching.sort((a, b) =>
        q.sort === "created"
          ? b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id)
          : b.popularity - a.popularity || a.id.localeCompare(b.id),
      );
      const total = matching.length;
      const pages = Math.max(1, Math.ceil(total / q.pageSize));
      const start = (q.page - 1) * q.pageSize;
      // The facets count what each further filter value would show among published themes.
      const facets = Object.fromEntries(
        filters.map(([key]) => {
          const counts: Record<string, number> = {};
          for (const t of published) {
            const v = t[key];
            if (v !== null) counts[String(v)] = (counts[String(v)] ?? 0) + 1;
          }
          return [key, counts];
        }),
      );
      return {
        themes: matching.slice(start, start + q.pageSize).map((t) => themeView(ctx, s, t)),
        pagination: { page: q.page, pageSize: q.pageSize, total, pages },
        sort: q.sort,
        facets,
      };
    },

    async theme(ctx: CatalogueContext, id: string) {
      const s = await snapshot(ctx.channel);
      const t = s.themes.find((x) => x.id === id && x.status === "published");
      if (!t) throw notFound(`No theme ${id}`);
      return themeView(ctx, s, t);
    },

    /** The ids of a channel's published themes (each has a theme page), in id order. */
    async publishedThemeIds(channel: ChannelId): Promise<string[]> {
      const s = await snapshot(channel);
      return s.themes
        .filter((t) => t.status === "published")
        .map((t) => t.id)
        .sort();
    },

    /** A small SVG preview of a theme, drawn from its palette and name. */
    async themePreview(ctx: CatalogueContext, id: string): Promise<string> {
      const s = await snapshot(ctx.channel);
      const t = s.themes.find((x) => x.id === id && x.status === "published");
      if (!t) throw notFound(`No theme ${id}`);
      return themeSvg(t, themeName(t, ctx.locale));
    },
  };
}

const lang = (locale: Locale) => locale.slice(0, 2) as Language;
