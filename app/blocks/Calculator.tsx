/**
 * Calculator block: choose a material (grouped under the editor's headings, if any) and a
 * format, see the price and go on to the configurator with the choice. The formats beyond
 * the listed ones are in the more-formats dialog; one chosen there joins the list as an
 * extra option until the format changes. Without JavaScript it is a GET form: the server
 * renders the URL's choice, and "format not included?" lists every format in the page.
 */
import { useState, type MouseEvent } from "react";
import { useSearchParams } from "react-router";
import { calculatorChoice, calculatorLink, listedFormats } from "../../domain/calculator";
import { useT } from "../i18n/i18n";
import { Dialog } from "../ui/Dialog";
import { closeDialog, openDialog } from "../ui/dialogState";
import { LocaleLink } from "../ui/LocaleLink";
import { LabelBadge } from "../ui/LabelBadge";
import { PriceTag } from "../ui/PriceTag";
import type { BlockProps, CalculatorBlock, CalculatorFormat, CalculatorMaterial } from "./types";
import { BlockHeading } from "./parts/BlockHeading";

export function Calculator({ block }: BlockProps<CalculatorBlock>) {
  const t = useT();
  const [params] = useSearchParams();
  const [asked, setAsked] = useState({
    material: params.get("material"),
    format: params.get("format"),
  });
  const materials = block.data?.materials ?? [];
  const allListed = params.get("formats") === "all";
  const choice = calculatorChoice(
    materials,
    block.data?.selected ?? "",
    asked,
    allListed ? Number.MAX_SAFE_INTEGER : block.listedFormats,
  );
  if (!choice) return null;
  const material = materials.find((m) => m.value === choice.material)!;
  const listed = allListed ? material.formats : listedFormats(material, block.listedFormats);
  const extra = material.formats.find((f) => f.value === choice.extra);
  const format = material.formats.find((f) => f.value === choice.format) ?? null;
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
      <form method="get" className="calculator__form" onSubmit={(e) => e.preventDefault()}>
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
          {!allListed && material.formats.length > listed.length ? (
            <a className="calculator__more" href={allFormatsHref} onClick={openMoreFormats}>
              {t("blocks.calculator.moreFormats")}
            </a>
          ) : null}
        </fieldset>
        <noscript>
          <button type="submit" className="button button--ghost">
            {t("blocks.calculator.update")}
          </button>
        </noscript>
      </form>
      <div className="calculator__result" aria-live="polite">
        <p className="calculator__price">
          {format?.price ? (
            <PriceTag price={format.price} />
          ) : (
            <span>{t("blocks.calculator.notAvailable")}</span>
          )}
        </p>
        {format?.price ? (
          <LocaleLink
            className="button calculator__cta"
            to={calculatorLink(block.product, material.value, format.value, format.choice)}
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
