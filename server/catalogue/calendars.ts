/** Calendars: design groups with their formats and mountings, and prices. */
import { formatLabel } from "../../domain/formats";
import { type CatalogueContext, type CatalogueCore, notFound } from "./snapshot";

export function calendarCalls(core: CatalogueCore) {
  const { snapshot, articleView, fromView, ofKind } = core;
  return {
    async calendarDesignGroups(ctx: CatalogueContext, calendarType?: string) {
      const s = await snapshot(ctx.channel);
      const groups = s.designGroups.filter(
        (g) =>
          g.kind === "calendar" && (!calendarType || g.attributes.calendarType === calendarType),
      );
      if (groups.length === 0)
        throw notFound(`No calendar design groups${calendarType ? ` for ${calendarType}` : ""}`);
      return {
        designGroups: groups.map((g) => {
          const articles = ofKind(s, "calendar").filter(
            (a) => a.attributes.calendarType === g.attributes.calendarType,
          );
          return {
            id: g.id,
            name: g.name,
            calendarType: g.attributes.calendarType,
            startMonths: g.attributes.startMonths,
            formats: [...new Set(articles.map((a) => a.attributes.formatCode as string))].map(
              (code) => ({
                code,
                format: articles.find((a) => a.attributes.formatCode === code)!.format,
                label: formatLabel(
                  articles.find((a) => a.attributes.formatCode === code)!.format!,
                  ctx.locale,
                  { withUnit: true },
                ),
                mountings: articles
                  .filter((a) => a.attributes.formatCode === code)
                  .map((a) => a.attributes.mounting),
              }),
            ),
            from: fromView(s, ctx, articles),
          };
        }),
      };
    },

    async calendarPrice(
      ctx: CatalogueContext,
      q: { calendarType: string; format: string; mounting: string; quantity: number },
    ) {
      const s = await snapshot(ctx.channel);
      const a = ofKind(s, "calendar").find(
        (x) =>
          x.attributes.calendarType === q.calendarType &&
          x.attributes.formatCode === q.format &&
          x.attributes.mounting === q.mounting,
      );
      if (!a) throw notFound(`No calendar ${q.calendarType} ${q.format} with ${q.mounting}`);
      return articleView(s, ctx, a, q.quantity);
    },
  };
}
