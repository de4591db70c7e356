/** Photo books: design group sets, templates by orientation, and prices by pages. */
import {
  PHOTOBOOK_CATEGORIES,
  PHOTOBOOK_FORMATS,
  photobookCategoryIdsFor,
  type PhotobookFormatKey,
} from "../../domain/catalogue";
import { pageLimits } from "../../domain/configurationPrice";
import { type CatalogueContext, type CatalogueCore, notFound, invalid } from "./snapshot";

export function photobookCalls(core: CatalogueCore) {
  const { snapshot, minorPrice, configured, view, articleView, ofKind, groupBy } = core;
  return {
    async photobookDesignGroupSets(
      ctx: CatalogueContext,
      categoryIds: number[] | undefined,
      setId?: number,
    ) {
      const s = await snapshot(ctx.channel);
      const allowed = photobookCategoryIdsFor(ctx.locale);
      const wanted = categoryIds?.length ? categoryIds : allowed;
      for (const id of wanted)
        if (!allowed.includes(id))
          throw invalid("categoryIds[]", `unknown category ${id} in ${ctx.locale}`);
      const groups = s.designGroups.filter(
        (g) =>
          g.kind === "photobook" &&
          wanted.includes(g.attributes.categoryId as number) &&
          (setId === undefined || g.setId === setId),
      );
      if (groups.length === 0)
        throw notFound(setId ? `No design group set ${setId}` : "No photo book design groups");
      const sets = groupBy(groups, (g) => String(g.setId));
      return {
        sets: [...sets].map(([id, list]) => ({
          id: Number(id),
          categoryId: list[0]!.attributes.categoryId as number,
          categoryName:
            PHOTOBOOK_CATEGORIES[
              list[0]!.attributes.categoryId as keyof typeof PHOTOBOOK_CATEGORIES
            ],
          designGroups: list.map((g) => ({
            id: g.id,
            name: g.name,
            orientation: g.attributes.orientation,
            templateId: g.attributes.templateId,
          })),
        })),
      };
    },

    async photobookPrice(
      ctx: CatalogueContext,
      q: {
        type: string;
        cover: string;
        variantKey: string;
        format: string;
        pages?: number;
        quantity: number;
      },
    ) {
      const s = await snapshot(ctx.channel);
      const a = ofKind(s, "photobook").find(
        (x) =>
          x.attributes.photobookType === q.type &&
          x.attributes.cover === q.cover &&
          x.attributes.variantKey === q.variantKey &&
          x.attributes.formatKey === q.format,
      );
      if (!a) throw notFound(`No photo book ${q.type} ${q.cover} ${q.variantKey} ${q.format}`);
      const pages = q.pages ?? pageLimits(a).min;
      const book = { product: "photobook" as const, article: a.article, pages };
      const unit = configured(s, ctx, { ...book, quantity: 1 });
      const total = configured(s, ctx, { ...book, quantity: q.quantity });
      const extra = minorPrice(s, ctx, `${a.article}-extra-pages`);
      const formatKey = q.format as PhotobookFormatKey;
      return {
        ...articleView(s, ctx, a),
        formatLabel:
          ctx.locale === "en-US" && PHOTOBOOK_FORMATS[formatKey].us
            ? PHOTOBOOK_FORMATS[formatKey].us
            : PHOTOBOOK_FORMATS[formatKey].label,
        pages,
        quantity: q.quantity,
        extraPagePrice: view(ctx, extra),
        unitPrice: view(ctx, unit),
        price: view(ctx, total),
      };
    },

    /**
     * The templates of a photo book design group by page orientation: `id` names a design
     * group set, or one group of a set (then its whole set counts).
     */
    async photobookTemplates(ctx: CatalogueContext, id: number) {
      const s = await snapshot(ctx.channel);
      const books = s.designGroups.filter((g) => g.kind === "photobook");
      const setId = books.find((g) => g.setId === id || g.id === id)?.setId;
      if (setId === undefined) return null;
      const templates: Partial<Record<"landscape" | "portrait" | "square", string>> = {};
      for (const g of books.filter((x) => x.setId === setId)) {
        const key = ORIENTATION_KEYS[g.attributes.orientation as string];
        if (key && templates[key] === undefined) templates[key] = String(g.attributes.templateId);
      }
      return templates;
    },
  };
}

/** The catalogue's page orientations as a design group names them. */
const ORIENTATION_KEYS: Record<string, "landscape" | "portrait" | "square"> = {
  "din-landscape": "landscape",
  "din-portrait": "portrait",
  square: "square",
};
