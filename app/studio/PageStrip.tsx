/**
 * The page strip: every surface of the design as a small picture, for moving between a
 * card's four panels, a calendar's thirteen pages or a book's hundred spreads. One stop in
 * the tab order (roving focus): the arrow keys go from page to page, Home and End to the
 * first and last, Enter or Space show the page. Where the product allows it (a photo
 * book's inner spreads) a page moves by dragging it or with Alt + an arrow key.
 */
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import type { Surface } from "../../domain/studio/document";
import { useT } from "../i18n/i18n";
import type { StudioPhoto } from "./api";
import { SurfaceThumb } from "./SurfaceThumb";

const PAGE_TYPE = "application/x-studio-page";
const THUMB_HEIGHT = 64;

export interface PageStripProps {
  surfaces: readonly Surface[];
  current: number;
  photos: ReadonlyMap<string, StudioPhoto>;
  /** A page's name as the shopper reads it ("Inside left", "March 2027", "Spread 4"). */
  nameOf(index: number): string;
  show(index: number): void;
  /** Whether the page at `index` may be put elsewhere (and be a place another goes to). */
  movable(index: number): boolean;
  /** Moves the page at `from` to `to` (one undo step). */
  move(from: number, to: number): void;
  announce(text: string): void;
}

export function PageStrip({
  surfaces,
  current,
  photos,
  nameOf,
  show,
  movable,
  move,
  announce,
}: PageStripProps) {
  const t = useT();
  const count = surfaces.length;
  const [focus, setFocus] = useState(current);
  const [dragging, setDragging] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const moveFocus = useRef(false);
  const anyMovable = surfaces.some((_, i) => movable(i));

  // The page on screen is the strip's stop in the tab order when the shopper comes back.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setFocus(current);
  }
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    buttons.current[focus]?.focus();
  }, [focus, surfaces]);

  const label = (i: number) => t("studio.pages.page", { n: i + 1, count, name: nameOf(i) });

  function go(index: number) {
    const next = Math.max(0, Math.min(count - 1, index));
    moveFocus.current = true;
    setFocus(next);
  }

  function shift(from: number, to: number) {
    if (to < 0 || to >= count || !movable(from) || !movable(to)) return;
    move(from, to);
    if (current === from) show(to);
    moveFocus.current = true;
    setFocus(to);
    announce(t("studio.pages.moved", { name: nameOf(from), n: to + 1, count }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const back = event.key === "ArrowLeft" || event.key === "ArrowUp";
    const ahead = event.key === "ArrowRight" || event.key === "ArrowDown";
    if (event.altKey && (back || ahead)) {
      event.preventDefault();
      event.stopPropagation();
      shift(index, index + (back ? -1 : 1));
      return;
    }
    const target = back
      ? index - 1
      : ahead
        ? index + 1
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? count - 1
            : null;
    if (target === null) return;
    event.preventDefault();
    event.stopPropagation();
    go(target);
  }

  function onDrop(event: DragEvent<HTMLLIElement>, index: number) {
    const from = Number(event.dataTransfer.getData(PAGE_TYPE));
    setDragging(null);
    if (!Number.isInteger(from) || event.dataTransfer.getData(PAGE_TYPE) === "") return;
    event.preventDefault();
    shift(from, index);
  }

  return (
    <nav className="studio-pages" aria-label={t("studio.pages.label")}>
      <ol className="studio-pages__list">
        {surfaces.map((surface, i) => {
          const canMove = movable(i);
          return (
            <li
              key={surface.id}
              data-surface={surface.id}
              className={`studio-pages__item${dragging === i ? " studio-pages__item--dragging" : ""}`}
              draggable={canMove}
              onDragStart={(event) => {
                if (!canMove) return;
                event.dataTransfer.setData(PAGE_TYPE, String(i));
                event.dataTransfer.effectAllowed = "move";
                setDragging(i);
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => {
                if (dragging !== null && canMove) event.preventDefault();
              }}
              onDrop={(event) => onDrop(event, i)}
            >
              <button
                ref={(node) => {
                  buttons.current[i] = node;
                }}
                type="button"
                className="studio-pages__page"
                tabIndex={i === focus ? 0 : -1}
                aria-current={i === current ? "page" : undefined}
                aria-describedby={canMove ? "studio-pages-hint" : undefined}
                onClick={() => {
                  setFocus(i);
                  show(i);
                }}
                onFocus={() => setFocus(i)}
                onKeyDown={(event) => onKeyDown(event, i)}
              >
                {/* The name is the sentence alone: the picture's own words (a cover's title)
                    and the number beside it are not read. */}
                <span className="visually-hidden">{label(i)}</span>
                <SurfaceThumb surface={surface} photos={photos} height={THUMB_HEIGHT} />
                <span className="studio-pages__number" aria-hidden="true">
                  {i + 1}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {anyMovable ? (
        <p id="studio-pages-hint" className="studio-pages__hint">
          {t("studio.pages.moveHint")}
        </p>
      ) : null}
    </nav>
  );
}
