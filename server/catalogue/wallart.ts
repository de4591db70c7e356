/** Wall art, frames and collages: format-group price lists, frames, materials and their options. */
import { CHANNELS } from "../../config/channels";
import {
  DEFAULT_FRAME_FOR_MATERIAL,
  FRAME_FINISHES,
  FRAME_TYPES,
  MATERIAL_OPTION_GROUPS,
  MATERIALS,
  MAT_COLOURS,
  MAT_SIZES,
  MAT_TYPES,
  OPTION_GROUPS,
  stretcherFrameLabel,
  type FrameType,
  type Material,
  type OptionGroup,
} from "../../domain/catalogue";
import { optionSurcharge } from "../../domain/configurationPrice";
import { formatLabel, parseFormat } from "../../domain/formats";
import { frameGlass, frameTakesMat } from "../../domain/frames";
import { isExplained } from "../../domain/wallArtOptions";
import { localeSettings } from "../../domain/locales";
import {
  type CatalogueContext,
  type DesignGroupRow,
  type Snapshot,
  type CatalogueCore,
  notFound,
  invalid,
} from "./snapshot";
import { previewPath } from "./previews";

export function wallArtCalls(core: CatalogueCore) {
  const { snapshot, articleView, fromView, ofKind, groupBy } = core;
  function collageView(s: Snapshot, ctx: CatalogueContext, g: DesignGroupRow) {
    const formats = (g.attributes.formats as string[]) ?? [];
    const articles = ofKind(s, "collage").filter((a) => formats.includes(a.format!));
    return {
      id: g.id,
      name: g.name,
      images: g.attributes.images,
      ratio: g.attributes.ratio,
      formats: formats.map((f) => ({
        value: f,
        label: formatLabel(f, ctx.locale, { withUnit: true }),
      })),
      from: fromView(s, ctx, articles),
    };
  }
  return {
    /**
     * Prices of the articles of a format group (a material, a calendar type …), by format,
     * for one product: a material is sold as wall art and as a collage at other prices, and
     * one list of both named the same format twice. Without `product` the group's first
     * product in catalogue order answers.
     */
    async formatGroup(
      ctx: CatalogueContext,
      formatGroup: string,
      formats?: string[],
      product?: string,
    ) {
      const s = await snapshot(ctx.channel);
      const inGroup = s.articles.filter((a) => a.formatGroup === formatGroup && a.format);
      const kind = product ?? inGroup[0]?.kind;
      const list = inGroup.filter(
        (a) => a.kind === kind && (!formats || formats.includes(a.format!)),
      );
      if (list.length === 0)
        throw notFound(`No format group ${formatGroup}${product ? ` of ${product}` : ""}`);
      return {
        formatGroup,
        product: kind!,
        from: fromView(s, ctx, list),
        formats: list.map((a) => ({ ...articleView(s, ctx, a), image: previewPath(a) })),
      };
    },

    async frame(ctx: CatalogueContext, frameType: string, format: string) {
      const s = await snapshot(ctx.channel);
      const a = ofKind(s, "frame").find((x) => x.formatGroup === frameType && x.format === format);
      if (!a) throw notFound(`No frame ${frameType} in ${format}`);
      return { ...articleView(s, ctx, a), ...frameDetails(frameType as FrameType) };
    },

    async frameVariants(ctx: CatalogueContext, frameTypes: string[] | undefined) {
      const s = await snapshot(ctx.channel);
      const wanted = frameTypes?.length ? frameTypes : [...FRAME_TYPES];
      const frames = ofKind(s, "frame");
      const result = wanted.map((frameType) => {
        const articles = frames.filter((a) => a.formatGroup === frameType);
        if (articles.length === 0) throw notFound(`No frame type ${frameType} in this shop`);
        return {
          frameType,
          ...frameDetails(frameType as FrameType),
          materials: MATERIALS.filter((m) => DEFAULT_FRAME_FOR_MATERIAL[m] === frameType),
          formats: articles.map((a) => a.format!),
          from: fromView(s, ctx, articles),
        };
      });
      return { frameTypes: result };
    },

    async photoFrameSelection(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const wall = ofKind(s, "wallart");
      if (wall.length === 0) throw notFound("This shop sells no wall art");
      const materials = MATERIALS.filter((m) => wall.some((a) => a.formatGroup === m));
      return {
        materials: materials.map((m) => ({
          material: m,
          variants: wall.find((a) => a.formatGroup === m)!.attributes.variants,
          defaultFrame: DEFAULT_FRAME_FOR_MATERIAL[m] ?? null,
          optionGroups: optionGroupsView(core, s, ctx, m),
          from: fromView(
            s,
            ctx,
            wall.filter((a) => a.formatGroup === m),
          ),
        })),
        frameTypes: FRAME_TYPES.map((f) => ({ frameType: f, ...frameDetails(f) })),
      };
    },

    async formatLimits(ctx: CatalogueContext, material: string) {
      const s = await snapshot(ctx.channel);
      const list = ofKind(s, "wallart").filter((a) => a.formatGroup === material);
      if (list.length === 0) throw notFound(`No material ${material} in this shop`);
      const dims = list.map((a) => parseFormat(a.format));
      const sides = dims.flatMap((d) => [d.width, d.height]);
      return {
        material,
        unit: "mm",
        minWidth: Math.min(...dims.map((d) => d.width)),
        maxWidth: Math.max(...dims.map((d) => d.width)),
        minHeight: Math.min(...dims.map((d) => d.height)),
        maxHeight: Math.max(...dims.map((d) => d.height)),
        minSide: Math.min(...sides),
        maxSide: Math.max(...sides),
        lengthUnit: localeSettings(ctx.locale).lengthUnit,
      };
    },

    async pricesFrom(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const groups = groupBy(
        s.articles.filter((a) => a.formatGroup && a.format),
        (a) => `${a.kind}:${a.formatGroup}`,
      );
      return {
        from: [...groups].map(([key, list]) => ({
          kind: key.split(":")[0]!,
          formatGroup: key.split(":")[1]!,
          price: fromView(s, ctx, list),
        })),
      };
    },

    async optionGroups(ctx: CatalogueContext, material?: string) {
      if (material && !MATERIALS.includes(material as Material))
        throw invalid("material", `unknown material ${material}`);
      const s = await snapshot(ctx.channel);
      const materials = material ? [material as Material] : [...MATERIALS];
      return {
        materials: materials.map((m) => ({
          material: m,
          optionGroups: optionGroupsView(core, s, ctx, m),
        })),
      };
    },

    async collageDesignGroups(ctx: CatalogueContext, names?: string[]) {
      const s = await snapshot(ctx.channel);
      const groups = s.designGroups.filter(
        (g) => g.kind === "collage" && (!names?.length || names.includes(g.name)),
      );
      if (groups.length === 0) throw notFound("No collage design groups");
      return {
        defaultId: CHANNELS[ctx.channel].features.defaultCollageId,
        designGroups: groups.map((g) => collageView(s, ctx, g)),
      };
    },

    async collageDesignGroup(ctx: CatalogueContext, id: number) {
      const s = await snapshot(ctx.channel);
      const g = s.designGroups.find((x) => x.kind === "collage" && x.id === id);
      if (!g) throw notFound(`No collage design group ${id}`);
      return collageView(s, ctx, g);
    },
  };
}

/**
 * A frame type's finishes, mats and glazing as the shop sells them (the rule the price
 * function and the studio follow too): mats and glazing only in the frames that hold paper
 * prints, no glazing in the standing photo frame.
 */
function frameDetails(frameType: FrameType) {
  const finishes = FRAME_FINISHES[frameType];
  const mat = frameTakesMat(frameType);
  return {
    finishes,
    defaultFinish: finishes[0]!,
    blackVariant: finishes.find((f) => f.includes("black"))!,
    matTypes: mat ? MAT_TYPES : MAT_TYPES.filter((m) => m === "mat-none"),
    matSizes: mat ? MAT_SIZES : MAT_SIZES.filter((m) => m === 0),
    matColours: mat ? MAT_COLOURS : MAT_COLOURS.filter((m) => m === "none"),
    glass: frameGlass(frameType),
    back: "normal",
  };
}

/**
 * A material's option groups: each value with its text resource, its measure where it has
 * one (a stretcher's depth in the shop's unit), the sentence explaining it where a shopper
 * needs one, and what it adds per piece (through the one price rule set; zero when free).
 */
export function optionGroupsView(
  core: Pick<CatalogueCore, "priceCatalogue" | "view">,
  s: Snapshot,
  ctx: CatalogueContext,
  material: Material,
) {
  const unit = localeSettings(ctx.locale).lengthUnit;
  const prices = core.priceCatalogue(s, ctx);
  return MATERIAL_OPTION_GROUPS[material].map((group: OptionGroup) => ({
    group,
    labelTranslationKey: `catalogue.optionGroups.${group}`,
    default: OPTION_GROUPS[group][0],
    values: OPTION_GROUPS[group].map((value) => ({
      value,
      labelTranslationKey: `catalogue.option.${group}.${value}`,
      ...(group === "canvasStretcherFrame"
        ? { label: stretcherFrameLabel(value as "25" | "38", unit) }
        : {}),
      explanationTranslationKey: isExplained(group, value)
        ? `catalogue.optionHelp.${group}.${value}`
        : null,
      surcharge: core.view(ctx, optionSurcharge(prices, group, value, 1))!,
    })),
  }));
}
