/**
 * A photo book's own panel in the studio: the number of pages (in the catalogue's steps,
 * between its minimum and maximum, with the price of the book as the product page gives
 * it for that number), the layout of the spread on screen, auto-fill from the tray's
 * photos in the order they were taken, and the cover's title on the front and along the
 * spine (whose width follows from the pages and paper). Every change is one step of the
 * undo history. Auto-fill lays the photos out off the main thread (useAutofill), so a
 * book of hundreds of photos fills without the page freezing.
 */
import { useEffect, useId, useState } from "react";
import type { Element } from "../../../domain/studio/document";
import {
  applySpreadLayout,
  PAGE_LAYOUTS,
  parseSpreadLayout,
  withPageCount,
  type PageLayout,
  type SpreadLayout,
} from "../../../domain/studio/layouts";
import {
  bookGeometry,
  pageCountProblem,
  pageLimitsOf,
  SPINE_TITLE_ID,
} from "../../../domain/studio/photobook";
import { useT } from "../../i18n/i18n";
import type { FamilyPanelProps } from "../familyPanel";
import { prewarmAutofill } from "../autofillClient";
import { useAutofill } from "../useAutofill";

const LAYOUT_CHOICES: readonly PageLayout[] = PAGE_LAYOUTS;

export default function BookPanel({
  document: doc,
  change,
  photos,
  surfaceIndex,
  showSurface,
  locale,
  price,
}: FamilyPanelProps) {
  const t = useT();
  const ids = useId();
  const [filled, setFilled] = useState<{ placed: number; leftOver: number } | null>(null);
  const autofill = useAutofill(doc, (answer) => {
    change(answer.document);
    setFilled({ placed: answer.placed, leftOver: answer.leftOver.length });
  });
  // The worker starts while the shopper looks at the panel, not when they click auto-fill.
  useEffect(prewarmAutofill, []);
  const book = bookGeometry(doc.product);
  const limits = pageLimitsOf(doc.product);
  if (!book) return null;
  const pages = book.pages;
  const step = limits?.step ?? 2;
  const spineWidth = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(book.spine);

  function setPages(next: number) {
    if (!limits || pageCountProblem(next, limits) !== null) return;
    const geometry = bookGeometry({ ...doc.product, pages: next });
    if (!geometry) return;
    change(withPageCount(doc, geometry, next));
    // Removing pages may take away the spread on screen.
    const spreads = next / 2;
    if (surfaceIndex > spreads) showSurface(spreads);
  }

  const surface = doc.surfaces[surfaceIndex];
  const spread = surface?.name === "spread" ? surface : null;
  const layout = parseSpreadLayout(spread?.layout);
  const spreadNumber = doc.surfaces
    .slice(0, surfaceIndex + 1)
    .filter((s) => s.name === "spread").length;

  function setLayout(next: SpreadLayout) {
    if (!spread || !book) return;
    change({
      ...doc,
      surfaces: doc.surfaces.map((s, i) =>
        i === surfaceIndex ? applySpreadLayout(s, book, next) : s,
      ),
    });
  }

  const coverIndex = doc.surfaces.findIndex((s) => s.name === "book-cover");
  const cover = doc.surfaces[coverIndex];
  const texts = cover?.elements.filter(
    (e): e is Extract<Element, { kind: "text" }> => e.kind === "text",
  );
  // The front's title is the cover's first words; the spine's title has its own id.
  const title = texts?.find((e) => e.id !== SPINE_TITLE_ID);
  const spineTitle = texts?.find((e) => e.id === SPINE_TITLE_ID);

  function setText(id: string, lines: string[]) {
    if (!cover) return;
    change({
      ...doc,
      surfaces: doc.surfaces.map((s, i) =>
        i === coverIndex
          ? {
              ...s,
              elements: s.elements.map((e) =>
                e.id === id && e.kind === "text" ? { ...e, lines } : e,
              ),
            }
          : s,
      ),
    });
  }

  const layoutName = (l: PageLayout) => t(`studio.book.layouts.${l}`);
  const pageSelect = (side: "left" | "right") => (
    <label className="studio-field">
      <span>{t(`studio.book.${side}Page`)}</span>
      <select
        value={layout.kind === "full" ? "full" : layout[side]}
        onChange={(event) => {
          const value = event.target.value;
          if (value === "full") return setLayout({ kind: "full" });
          const other: PageLayout =
            layout.kind === "full" ? "blank" : layout[side === "left" ? "right" : "left"];
          setLayout(
            side === "left"
              ? { kind: "pages", left: value as PageLayout, right: other }
              : { kind: "pages", left: other, right: value as PageLayout },
          );
        }}
      >
        {LAYOUT_CHOICES.map((l) => (
          <option key={l} value={l}>
            {layoutName(l)}
          </option>
        ))}
        <option value="full">{t("studio.book.layouts.full")}</option>
      </select>
    </label>
  );

  return (
    <section className="studio-panel book-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="studio-panel__title">
        {t("studio.book.title")}
      </h2>
      <div className="studio-panel__row" role="group" aria-labelledby={`${ids}-pages`}>
        <span id={`${ids}-pages`}>{t("studio.book.pages")}</span>
        <button
          type="button"
          className="studio-tool"
          aria-label={t("studio.book.fewer", { count: step })}
          disabled={!limits || pages - step < limits.min}
          onClick={() => setPages(pages - step)}
        >
          −
        </button>
        <output aria-live="polite" data-testid="book-pages">
          {pages}
        </output>
        <button
          type="button"
          className="studio-tool"
          aria-label={t("studio.book.more", { count: step })}
          disabled={!limits || pages + step > limits.max}
          onClick={() => setPages(pages + step)}
        >
          +
        </button>
      </div>
      {limits ? (
        <p className="studio-panel__hint">
          {t("studio.book.limits", { min: limits.min, max: limits.max, step: limits.step })}
        </p>
      ) : null}
      <p aria-live="polite">
        {t("studio.book.price")}{" "}
        <strong data-testid="book-price">
          {price === null ? "…" : price === "failed" ? t("studio.book.noPrice") : price}
        </strong>
      </p>

      <button
        type="button"
        className="studio-tool"
        disabled={photos.length === 0}
        // Pressed again while it fills, it waits (and keeps the focus, unlike a disabled button).
        aria-disabled={autofill.filling || undefined}
        onClick={() => {
          // The tray lists the newest first: photos without a date go in the order handed in.
          if (!autofill.filling) void autofill.fill([...photos].reverse(), 0);
        }}
      >
        {t("studio.book.autofill", { count: photos.length })}
      </button>
      {filled ? (
        <p role="status">
          {t("studio.book.filled", { count: filled.placed })}
          {filled.leftOver > 0 ? ` ${t("studio.book.leftOver", { count: filled.leftOver })}` : ""}
        </p>
      ) : null}

      {spread ? (
        <fieldset className="book-panel__layout">
          <legend>{t("studio.book.layout", { spread: spreadNumber })}</legend>
          {pageSelect("left")}
          {layout.kind === "full" ? null : pageSelect("right")}
        </fieldset>
      ) : null}

      {title ? (
        <CoverTitle
          key={title.lines.join("\n")}
          label={t("studio.book.coverTitle")}
          lines={title.lines}
          set={(text) => setText(title.id, text.split("\n"))}
        />
      ) : null}
      {spineTitle ? (
        <CoverTitle
          key={`spine-${spineTitle.lines.join("\n")}`}
          label={t("studio.book.spineTitle", { width: spineWidth })}
          lines={spineTitle.lines}
          oneLine
          set={(text) => setText(spineTitle.id, [text])}
        />
      ) : (
        <p className="studio-panel__hint">{t("studio.book.noSpineTitle", { width: spineWidth })}</p>
      )}
    </section>
  );
}

/**
 * A cover's words as typed (the front's title, or the spine's one line); they go into the
 * design (one undo step) when the field is left.
 */
function CoverTitle({
  label,
  lines,
  oneLine = false,
  set,
}: {
  label: string;
  lines: readonly string[];
  oneLine?: boolean;
  set(text: string): void;
}) {
  const [draft, setDraft] = useState(lines.join("\n"));
  const leave = () => {
    if (draft !== lines.join("\n")) set(draft);
  };
  return (
    <label className="studio-field">
      <span>{label}</span>
      {oneLine ? (
        <input
          type="text"
          maxLength={120}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={leave}
        />
      ) : (
        <textarea
          rows={2}
          maxLength={200}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={leave}
        />
      )}
    </label>
  );
}
