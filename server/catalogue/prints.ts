/** Photo prints and photo boxes: the calculator, print ratios, photo box data and prices. */
import {
  DEFAULT_FRAME_FOR_MATERIAL,
  MATERIALS,
  PAPER_FINISHES,
  photobookSizeLabel,
  printRatiosFor,
  type Material,
} from "../../domain/catalogue";
import { CHANNELS } from "../../config/channels";
import { configurationPrice, type Configuration } from "../../domain/configurationPrice";
import { formatLabel } from "../../domain/formats";
import { FRAME_MATERIALS, isFrameType } from "../../domain/frames";
import { DEFAULT_PHOTOBOX_QUANTITY, PHOTOBOX_QUANTITIES } from "../../domain/photobox";
import {
  type ArticleRow,
  type CatalogueContext,
  type CatalogueCore,
  type Snapshot,
  notFound,
  invalid,
} from "./snapshot";
import { optionGroupsView } from "./wallart";

export function printCalls(core: CatalogueCore) {
  const { snapshot, priceCatalogue, configured, view, articleView, fromView, ofKind, groupBy } =
    core;

  /**
   * What a calculator's format stands for: the configuration its price is for and the
   * designer link parameters that name the same (a print's paper finish and number, a
   * frame's picture). A frame is shown holding the first picture it takes in its size.
   */
  function calculatorOffer(
    s: Snapshot,
    a: ArticleRow,
    defaultCollage: number,
  ): { config: Configuration | null; choice: Record<string, string> } {
    if (a.kind === "photobox" || a.kind === "photoprint") {
      const quantity = DEFAULT_PHOTOBOX_QUANTITY;
      return {
        config: { product: "photobox", article: a.article, quantity },
        choice: { finish: String(a.attributes.paperFinish), quantity: String(quantity) },
      };
    }
    if (a.kind === "frame") {
      const frameType = a.formatGroup ?? "";
      const materials = isFrameType(frameType) ? FRAME_MATERIALS[frameType] : [];
      const pictures = ofKind(s, "wallart").filter((p) => p.format === a.format);
      const picture = materials
        .map((m) => pictures.find((p) => p.attributes.material === m))
        .find((p) => p !== undefined);
      if (!picture) return { config: null, choice: {} };
      return {
        config: { product: "wallart", article: picture.article, frame: a.article, quantity: 1 },
        choice: { materialType: String(picture.attributes.material), frameType },
      };
    }
    // A collage is designed in a design group's layouts: the link names the shop's usual
    // group (a page about one group names its own, see the calculator block) and one piece,
    // as the studio starts a collage only with its design, material, format and number.
    if (a.kind === "collage") {
      return {
        config: { product: "article", article: a.article, quantity: 1 },
        choice: { designId: String(defaultCollage), quantity: "1" },
      };
    }
    // A picture without a frame, a photo book: the article itself.
    return { config: { product: "article", article: a.article, quantity: 1 }, choice: {} };
  }

  return {
    async aspectRatios(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const allowed = printRatiosFor(ctx.locale);
      const byRatio = groupBy(
        s.articles.filter((a) => typeof a.attributes.ratio === "string" && a.format),
        (a) => String(a.attributes.ratio),
      );
      const ratios = allowed
        .filter((r) => byRatio.has(r))
        .map((ratio) => ({
          value: ratio,
          labelTranslationKey: `catalogue.ratio.${ratio}`,
          formats: [...new Set(byRatio.get(ratio)!.map((a) => a.format!))].map((f) => ({
            value: f,
            label: formatLabel(f, ctx.locale, { withUnit: true }),
          })),
        }));
      const themeRatios = [...new Set(s.themes.map((t) => t.aspectRatio))].sort();
      return { ratios, themeAspectRatios: themeRatios };
    },

    async calculator(ctx: CatalogueContext, product: string | undefined, sku: string | undefined) {
      const s = await snapshot(ctx.channel);
      const kindFor: Record<string, string> = {
        wallart: "wallart",
        photoframe: "frame",
        collage: "collage",
        photobox: "photobox",
        photoprint: "photoprint",
        photobook: "photobook",
        calendar: "calendar",
      };
      const preselected = sku ? s.skuContainers.find((c) => c.sku === sku) : undefined;
      if (sku && !preselected) throw notFound(`No SKU container ${sku}`);
      const skuArticle = preselected ? s.byArticle.get(preselected.articles[0]!) : undefined;
      const chosen =
        product ??
        (skuArticle
          ? Object.keys(kindFor).find((k) => kindFor[k] === skuArticle.kind)
          : undefined) ??
        (ctx.channel === "wallart" ? "wallart" : "photobox");
      const list = ofKind(s, kindFor[chosen]!);
      if (list.length === 0) throw notFound(`No ${chosen} articles in this shop`);
      const groups = groupBy(list, (a) => a.formatGroup ?? a.kind);
      const options = [...groups].map(([value, articles]) => {
        const withFormat = articles.filter((a) => a.format);
        const seen = new Set<string>();
        const formats = withFormat
          .filter((a) => !seen.has(a.format!) && seen.add(a.format!))
          .map((a) => {
            const { config, choice } = calculatorOffer(
              s,
              a,
              CHANNELS[ctx.channel].features.defaultCollageId,
            );
            const priced =
              config && configurationPrice(priceCatalogue(s, ctx), ctx.country, config);
            const p = view(ctx, priced?.ok ? priced.price : null);
            return {
              value: a.format!,
              label:
                a.kind === "photobook"
                  ? photobookSizeLabel(String(a.attributes.formatKey ?? ""), a.format, ctx.locale)
                  : formatLabel(a.format!, ctx.locale, { withUnit: true }),
              article: a.article,
              priceCurrent: p?.priceCurrent ?? null,
              priceOriginal: p?.priceOriginal ?? null,
              price: p,
              // A picture's shape (3:2, square …), so a page can list one family of formats.
              ratio: typeof a.attributes.ratio === "string" ? a.attributes.ratio : null,
              // A photo box's price per quantity: its tiers, for the page's quantity chooser.
              // and the most prints its type holds (a small box 250), the chooser's last step.
              ...(a.kind === "photobox" || a.kind === "photoprint"
                ? {
                    tiers: priceCatalogue(s, ctx).tiers(a.article),
                    ...(typeof a.attributes.maxQuantity === "number"
                      ? { maxQuantity: a.attributes.maxQuantity }
                      : {}),
                  }
                : {}),
              choice,
              context: {
                formatType:
                  (a.attributes.ratio as string | undefined) ??
                  a.attributes.formatCode ??
                  a.attributes.formatKey ??
                  null,
                materialType: (a.attributes.material as string | undefined) ?? null,
                photoboxType: (a.attributes.photoboxType as string | undefined) ?? null,
                frameType: (a.attributes.frameType as string | undefined) ?? null,
              },
            };
          });
        const middle = formats[Math.floor(formats.length / 2)]?.value ?? null;
        return {
          value,
          labelTranslationKey: `catalogue.${chosen}.${value}`,
          initiallySelectedFormat:
            skuArticle && skuArticle.formatGroup === value ? skuArticle.format : middle,
          context: {
            materialType: MATERIALS.includes(value as Material) ? value : null,
            frameType: DEFAULT_FRAME_FOR_MATERIAL[value as Material] ?? null,
          },
          from: fromView(s, ctx, articles),
          // A wall-art material's options with what each adds (edge, stretcher depth …).
          optionGroups:
            chosen === "wallart" && MATERIALS.includes(value as Material)
              ? optionGroupsView(core, s, ctx, value as Material)
              : [],
          formats,
        };
      });
      return {
        product: chosen,
        isCollage: chosen === "collage",
        // A collage's design groups by name, so a page about one (its address ending in the
        // group's name, "…/heart") links its calculator to that group.
        ...(chosen === "collage"
          ? {
              collageDesigns: s.designGroups
                .filter((g) => g.kind === "collage")
                .map((g) => ({ id: g.id, name: g.name })),
            }
          : {}),
        selectedValue:
          skuArticle && groups.has(skuArticle.formatGroup ?? "")
            ? skuArticle.formatGroup
            : options[0]!.value,
        options,
        // A discounted option carries a sale label with its discount.
        labels: options.flatMap((option, index) =>
          option.from?.hasDiscount
            ? [
                {
                  index,
                  text: `-${option.from.discountPercent}\u00a0%`,
                  backgroundColor: "#b3262f",
                  textColor: "#ffffff",
                },
              ]
            : [],
        ),
      };
    },

    async photoboxData(ctx: CatalogueContext, type?: string) {
      const s = await snapshot(ctx.channel);
      const list = ofKind(s, "photobox", "photoprint").filter(
        (a) => !type || a.formatGroup === type,
      );
      if (list.length === 0)
        throw notFound(`No photobox${type ? ` of type ${type}` : ""} in this shop`);
      const types = groupBy(list, (a) => a.formatGroup!);
      return {
        quantities: PHOTOBOX_QUANTITIES,
        defaultQuantity: DEFAULT_PHOTOBOX_QUANTITY,
        paperFinishes: PAPER_FINISHES,
        types: [...types].map(([photoboxType, articles]) => ({
          type: photoboxType,
          labelTranslationKey:
            photoboxType === "large"
              ? "catalogue.photobox.max"
              : `catalogue.photobox.${photoboxType}`,
          maxQuantity: articles[0]!.attributes.maxQuantity,
          formats: [...new Set(articles.map((a) => a.format!))].map((f) => ({
            value: f,
            label: formatLabel(f, ctx.locale, { withUnit: true }),
            finishes: articles.filter((a) => a.format === f).map((a) => a.attributes.paperFinish),
          })),
          from: fromView(s, ctx, articles),
        })),
      };
    },

    async photoboxPrice(
      ctx: CatalogueContext,
      q: { type: string; format: string; finish: string; quantity: number },
    ) {
      const s = await snapshot(ctx.channel);
      const a = ofKind(s, "photobox", "photoprint").find(
        (x) =>
          x.formatGroup === q.type &&
          x.format === q.format &&
          x.attributes.paperFinish === q.finish,
      );
      if (!a) throw notFound(`No photobox ${q.type} ${q.format} ${q.finish}`);
      const max = a.attributes.maxQuantity as number;
      if (q.quantity > max) throw invalid("quantity", `at most ${max} prints in this photobox`);
      const total = configured(s, ctx, {
        product: "photobox",
        article: a.article,
        quantity: q.quantity,
      });
      return {
        ...articleView(s, ctx, a),
        quantity: q.quantity,
        unitPrice: view(ctx, {
          current: total.current / q.quantity,
          original: total.original === null ? null : total.original / q.quantity,
        }),
        price: view(ctx, total),
      };
    },
  };
}
