/**
 * Calculator block: choose a material (grouped under the editor's headings, if any) and a
 * format, see the price and go on to the configurator with the choice. The formats beyond
 * the listed ones are in the more-formats dialog; one chosen there joins the list as an
 * extra option until the format changes. Without JavaScript it is a GET form: the server
 * renders the URL's choice, and "format not included?" lists every format in the page.
 * Wall art adds its shape families (the formats of one ratio) and the material's options
 * (edge, stretcher depth, drilling …): each shows what it adds, the price adds it through
 * the price rules' own addition, and the designer link carries the choice. A framed print
 * adds the frame's colour, mat and glazing (at the frame's one price), carried the same way.
 */
import { useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import { useSearchParams } from "react-router";
import { calculatorChoice, calculatorLink, listedFormats } from "../../../domain/calculator";
import { toMajor } from "../../../domain/cataloguePrices";
import { addPrices, tierPrice } from "../../../domain/configurationPrice";
import {
  DEFAULT_PHOTOBOX_QUANTITY,
  isPhotoboxQuantity,
  MAX_PHOTOBOX_QUANTITY,
  photoboxQuantitiesOf,
} from "../../../domain/photobox";
import type { Locale } from "../../../domain/locales";
import { formatCount, formatPrice } from "../../../domain/money";
import { isFrameType } from "../../../domain/frames";
import { frameOptionsChosen } from "../../../domain/studio/frame";
import { useT } from "../../i18n/i18n";
import { Dialog } from "../../ui/Dialog";
import { closeDialog, openDialog } from "../../ui/dialogState";
import { changedSinceServer } from "../../ui/earlyInput";
import { LocaleLink } from "../../ui/LocaleLink";
import { LabelBadge } from "../../ui/LabelBadge";
import { PriceTag } from "../../ui/PriceTag";
import type {
  BlockProps,
  CalculatorBlock,
  CalculatorFormat,
  CalculatorMaterial,
  CalculatorOptionGroup,
  PreparedPrice,
} from "../types";
import { BlockHeading } from "../parts/BlockHeading";
import { unpackCalculatorMaterials } from "./calculatorData";
import { FrameChoices } from "../Frame/FrameChoices";

export function Calculator({ block }: BlockProps<CalculatorBlock>) {
  const t = useT();
  const [params] = useSearchParams();
  const [asked, setAsked] = useState({
    material: params.get("material"),
    format: params.get("format"),
  });
  // The options asked per group (the URL's, without JavaScript); a material keeps its own.
  // A sub-navigation tile's ?edge=mirrored names the canvas edge.
  const [chosen, setChosen] = useState<Record<string, string>>(() => ({
    ...(params.get("edge") ? { canvasEdge: params.get("edge")! } : {}),
    ...Object.fromEntries([...params].filter(([name]) => name !== "material" && name !== "format")),
  }));
  // A shape: a ratio family, or (from a tile's ?format=portrait) an orientation.
  const [ratio, setRatio] = useState<string>(
    params.get("ratio") ??
      (SHAPE_WORDS.includes(params.get("format") ?? "") ? params.get("format")! : ""),
  );
  const askedQuantity = Number(params.get("quantity"));
  const [quantity, setQuantity] = useState(
    isPhotoboxQuantity(askedQuantity) ? askedQuantity : DEFAULT_PHOTOBOX_QUANTITY,
  );
  const form = useRef<HTMLFormElement>(null);
  // The block's code loads after the page has hydrated: what the shopper chose in the
  // server's form before then is their choice. Taken before the first paint, before a
  // render could put the server's choice back into the fields.
  useLayoutEffect(() => {
    if (!form.current) return;
    const early = changedSinceServer(form.current);
    const material = early.find(([name]) => name === "material");
    // Another material starts from its own format; the rest of the form was the other's.
    if (material) {
      setAsked({ material: material[1], format: null });
      return;
    }
    for (const [name, value] of early) {
      if (name === "format") setAsked((now) => ({ ...now, format: value }));
      else if (name === "ratio") setRatio(value);
      else if (name === "quantity") setQuantity(Number(value));
      else setChosen((now) => ({ ...now, [name]: value }));
    }
  }, []);
  const materials = block.data ? unpackCalculatorMaterials(block.data) : [];
  const allListed = params.get("formats") === "all";
  const choice = calculatorChoice(
    materials,
    block.data?.selected ?? "",
    asked,
    allListed ? Number.MAX_SAFE_INTEGER : block.listedFormats,
  );
  if (!choice) return null;
  const material = materials.find((m) => m.value === choice.material)!;
  const ratios = [...new Set(material.formats.flatMap((f) => (f.ratio ? [f.ratio] : [])))];
  const shapes = ratios.length > 1 ? [...ORIENTATIONS, ...ratios] : [];
  const family = shapes.includes(ratio) ? ratio : "";
  // A shape lists all its formats; otherwise the first ones and the chosen one.
  const listed = family
    ? material.formats.filter((f) => isOfShape(f, family))
    : allListed
      ? material.formats
      : listedFormats(material, block.listedFormats);
  const extra = family ? undefined : material.formats.find((f) => f.value === choice.extra);
  // A shape's first priced format, when the chosen one is not of it.
  const format =
    (family && !listed.some((f) => f.value === choice.format)
      ? listed.find((f) => f.price)
      : material.formats.find((f) => f.value === choice.format)) ?? null;
  const optionGroups = material.options ?? [];
  // A framed print's material is its frame type.
  const frameType =
    block.product === "photoframe" && isFrameType(material.value) ? material.value : null;
  const options = chosenOptions(optionGroups, chosen);
  // A photo box is priced for the chosen number of photos by its tiers.
  // A box type holds at most its own number of prints (a small box 250): the chooser ends
  // there, and a number chosen for a bigger box comes down to it.
  const mostPhotos = format?.maxQuantity ?? MAX_PHOTOBOX_QUANTITY;
  const photos = Math.min(quantity, mostPhotos);
  const boxed = format?.tiers?.length ? boxPrice(format.tiers, photos, block.data?.locale) : null;
  const shown = format?.price
    ? (boxed ?? totalPrice(format, optionGroups, options, block.data?.locale) ?? format.price)
    : null;
  const groups = materialGroups(materials, block.groups);
  const id = `calc-${block._uid}`;
  const allFormatsHref = `?${new URLSearchParams({ material: material.value, ...(format ? { format: format.value } : {}), formats: "all" })}`;

  const chooseFormat = (value: string) => setAsked({ material: material.value, format: value });
  const openMoreFormats = (event: MouseEvent) => {
    if (openDialog("CalculatorMoreFormats")) event.preventDefault();
  };

  return (
    <section className="calculator" aria-labelledby={block.headline ? `${id}-title` : undefined}>
      <BlockHeading id={`${id}-title`} headline={block.headline} text={block.text} />
      <form
        ref={form}
        method="get"
        className="calculator__form"
        onSubmit={(e) => e.preventDefault()}
      >
        {groups.map((group, index) => (
          <fieldset key={group.name ?? index} className="calculator__group">
            <legend>{group.name ?? t("blocks.calculator.material")}</legend>
            <div className="calculator__options">
              {group.materials.map((m) => (
                <label key={m.value} className="calculator__option">
                  <input
                    type="radio"
                    name="material"
                    value={m.value}
                    checked={m.value === material.value}
                    // A new material starts from its own initial format.
                    onChange={() => setAsked({ material: m.value, format: null })}
                  />
                  <span className="calculator__option-text">
                    {m.label}
                    {m.badge ? <LabelBadge label={m.badge} /> : null}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset className="calculator__group">
          <legend>{t("blocks.calculator.format")}</legend>
          {ratios.length > 1 ? (
            <label className="calculator__ratio">
              <span>{t("blocks.calculator.ratio")}</span>
              <select
                name="ratio"
                value={family}
                onChange={(event) => {
                  const next = event.target.value;
                  setRatio(next);
                  // The first format of the family, unless the chosen one is of it.
                  const first = material.formats.find((f) => isOfShape(f, next) && f.price);
                  if (next && format && !isOfShape(format, next) && first)
                    setAsked({ material: material.value, format: first.value });
                }}
              >
                <option value="">{t("blocks.calculator.allRatios")}</option>
                {shapes.map((r) => (
                  <option key={r} value={r}>
                    {ratioLabel(r, t)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className="calculator__options calculator__options--formats">
            {[...listed, ...(extra ? [extra] : [])].map((f) => (
              <FormatOption
                key={f.value}
                format={f}
                checked={f.value === format?.value}
                onChoose={chooseFormat}
              />
            ))}
          </div>
          {!family && !allListed && material.formats.length > listed.length ? (
            <a className="calculator__more" href={allFormatsHref} onClick={openMoreFormats}>
              {t("blocks.calculator.moreFormats")}
            </a>
          ) : null}
        </fieldset>
        {format?.tiers?.length ? (
          <div className="calculator__ratio calculator__quantity">
            <label htmlFor={`${id}-quantity`}>{t("blocks.calculator.quantity")}</label>
            <select
              id={`${id}-quantity`}
              name="quantity"
              value={photos}
              aria-describedby={`${id}-count`}
              onChange={(event) => setQuantity(Number(event.target.value))}
            >
              {photoboxQuantitiesOf(mostPhotos).map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </select>
            {/* The chosen number against the most photos a box takes ("100 of 5,000"). */}
            <span className="calculator__count" id={`${id}-count`}>
              {t("blocks.calculator.countOfTotal", {
                shown: formatCount(photos, block.data?.locale),
                total: formatCount(mostPhotos, block.data?.locale),
              })}
            </span>
          </div>
        ) : null}
        {optionGroups.map((group) => (
          <OptionGroupChoice
            key={`${material.value}-${group.group}`}
            id={`${id}-${group.group}`}
            group={group}
            value={options[group.group]!}
            onChoose={(value) => setChosen((now) => ({ ...now, [group.group]: value }))}
          />
        ))}
        {frameType ? (
          <FrameChoices
            id={id}
            frameType={frameType}
            asked={chosen}
            onChoose={(name, value) => setChosen((now) => ({ ...now, [name]: value }))}
          />
        ) : null}
        <noscript>
          <button type="submit" className="button button--ghost">
            {t("blocks.calculator.update")}
          </button>
        </noscript>
      </form>
      <div className="calculator__result" aria-live="polite">
        {boxed && format ? (
          <p className="calculator__summary">
            {t("blocks.calculator.photosInFormat", { count: photos, format: format.label })}
          </p>
        ) : null}
        <p className="calculator__price">
          {shown ? <PriceTag price={shown} /> : <span>{t("blocks.calculator.notAvailable")}</span>}
        </p>
        {format?.price ? (
          <LocaleLink
            className="button calculator__cta"
            to={calculatorLink(block.product, material.value, format.value, {
              ...format.choice,
              ...options,
              ...(frameType ? frameOptionsChosen(frameType, chosen) : {}),
              ...(boxed ? { quantity: String(photos) } : {}),
            })}
            style={
              block.ctaColors
                ? { backgroundColor: block.ctaColors.background, color: block.ctaColors.text }
                : undefined
            }
          >
            {block.ctaText || t("blocks.calculator.cta")}
          </LocaleLink>
        ) : null}
      </div>
      <Dialog type="CalculatorMoreFormats" title={t("blocks.calculator.moreFormatsTitle")}>
        <ul className="calculator__all" role="list">
          {material.formats.map((f) => (
            <li key={f.value}>
              <button
                type="button"
                className="calculator__all-format"
                aria-pressed={f.value === format?.value}
                disabled={!f.price}
                onClick={() => {
                  chooseFormat(f.value);
                  closeDialog("CalculatorMoreFormats");
                }}
              >
                <span>{f.label}</span>
                {f.price ? (
                  <PriceTag price={f.price} />
                ) : (
                  <span>{t("blocks.calculator.notAvailable")}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </section>
  );
}

function FormatOption({
  format,
  checked,
  onChoose,
}: {
  format: CalculatorFormat;
  checked: boolean;
  onChoose: (value: string) => void;
}) {
  const t = useT();
  return (
    <label className="calculator__option calculator__option--format">
      <input
        type="radio"
        name="format"
        value={format.value}
        checked={checked}
        disabled={!format.price}
        onChange={() => onChoose(format.value)}
      />
      <span className="calculator__option-text">
        <span>{format.label}</span>
        {format.price ? (
          <PriceTag className="calculator__option-price" price={format.price} />
        ) : (
          <span className="calculator__na">{t("blocks.calculator.notAvailable")}</span>
        )}
      </span>
    </label>
  );
}

/** The materials under the editor's headings; those no heading names come last, untitled. */
function materialGroups(
  materials: CalculatorMaterial[],
  groups: CalculatorBlock["groups"],
): { name: string | null; materials: CalculatorMaterial[] }[] {
  const named = groups
    .map((g) => ({
      name: g.name as string | null,
      materials: materials.filter((m) => g.materials.includes(m.value)),
    }))
    .filter((g) => g.materials.length > 0);
  const placed = new Set(named.flatMap((g) => g.materials.map((m) => m.value)));
  const rest = materials.filter((m) => !placed.has(m.value));
  return rest.length > 0 ? [...named, { name: null, materials: rest }] : named;
}

/** The orientations a shape filter offers before the ratio families. */
const ORIENTATIONS = ["landscape", "portrait"];
/** The shapes a link may name as its format (the sub-navigation's tiles do). */
const SHAPE_WORDS = [...ORIENTATIONS, "square"];

/** Whether a format is of a shape: an orientation by its sides, else its ratio family. */
function isOfShape(format: CalculatorFormat, shape: string): boolean {
  const [width = 0, height = 0] = format.value.split("x").map(Number);
  if (shape === "landscape") return width > height;
  if (shape === "portrait") return width < height;
  return format.ratio === shape;
}

/** A shape as the shop names it: its words where it has them, else the ratio (3:2). */
function ratioLabel(ratio: string, t: ReturnType<typeof useT>): string {
  if (ratio === "landscape") return t("catalogue.orientations.din-landscape");
  if (ratio === "portrait") return t("catalogue.orientations.din-portrait");
  return /^\d+:\d+$/.test(ratio) ? ratio : t(`catalogue.ratio.${ratio}`);
}

/** Each group's chosen value: the asked one if the group has it, else its default. */
function chosenOptions(
  groups: readonly CalculatorOptionGroup[],
  asked: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    groups.map((g) => [
      g.group,
      g.values.some((v) => v.value === asked[g.group]) ? asked[g.group]! : g.default,
    ]),
  );
}

/**
 * The format's price with the chosen options' surcharges, added as the price rules add
 * them (a surcharge is never discounted); null without the minor units to add to.
 */
function totalPrice(
  format: CalculatorFormat,
  groups: readonly CalculatorOptionGroup[],
  options: Readonly<Record<string, string>>,
  locale: Locale | undefined,
): PreparedPrice | null {
  if (!format.minor || !locale || !format.price) return null;
  let total = format.minor;
  for (const g of groups) {
    const value = g.values.find((v) => v.value === options[g.group]);
    if (value && value.surchargeMinor > 0)
      total = addPrices(total, { current: value.surchargeMinor, original: null });
  }
  if (total === format.minor) return format.price;
  return {
    current: formatPrice(toMajor(total.current), locale),
    original: total.original === null ? null : formatPrice(toMajor(total.original), locale),
    from: false,
  };
}

/** One option group as radio buttons with what each adds, and the chosen value explained. */
function OptionGroupChoice({
  id,
  group,
  value,
  onChoose,
}: {
  id: string;
  group: CalculatorOptionGroup;
  value: string;
  onChoose: (value: string) => void;
}) {
  const chosen = group.values.find((v) => v.value === value);
  const explained = chosen?.explanation ? `${id}-explained` : undefined;
  return (
    <fieldset className="calculator__group" aria-describedby={explained}>
      <legend>{group.label}</legend>
      <div className="calculator__options">
        {group.values.map((v) => (
          <label key={v.value} className="calculator__option">
            <input
              type="radio"
              name={group.group}
              value={v.value}
              checked={v.value === value}
              onChange={() => onChoose(v.value)}
            />
            <span className="calculator__option-text">
              <span>{v.label}</span>
              <span className="calculator__option-price">{v.surcharge}</span>
            </span>
          </label>
        ))}
      </div>
      {explained ? (
        <p id={explained} className="calculator__explained">
          {chosen!.explanation}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A photo box's price for `quantity` photos by its tiers, as the price rules take a tier. */
function boxPrice(
  tiers: NonNullable<CalculatorFormat["tiers"]>,
  quantity: number,
  locale: Locale | undefined,
): PreparedPrice | null {
  const price = locale ? tierPrice(tiers, quantity) : null;
  if (!price || !locale) return null;
  return {
    current: formatPrice(toMajor(price.current), locale),
    original: price.original === null ? null : formatPrice(toMajor(price.original), locale),
    from: false,
  };
}
