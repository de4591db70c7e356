/**
 * The proof before the cart: every page of the design as the printer will print it (the
 * pictures are drawn from the print file itself), one page at a time or as spreads, two
 * facing pages side by side as the opened product shows them. A modal dialog: the arrow
 * keys (and the buttons) page through, Escape closes and focus goes back where it was. The
 * buttons at either end stay focusable (aria-disabled), so focus never falls out of the
 * dialog when the last page is reached.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../i18n/i18n";
import { proofUrl } from "./api";

/** Proof pictures this wide (px): sharp on a large screen, small enough to come quickly. */
const PROOF_WIDTH = 900;

export interface ProofViewerProps {
  designId: string;
  /** The saved version the pictures show (a new version is a new picture, never a cached one). */
  version: number;
  count: number;
  /** The pages' indices as spreads (domain/studio/pages.ts spreadsOf). */
  spreads: number[][];
  nameOf(index: number): string;
  /** The page the viewer opens at. */
  start: number;
  onClose(): void;
}

export function ProofViewer({
  designId,
  version,
  count,
  spreads,
  nameOf,
  start,
  onClose,
}: ProofViewerProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<"pages" | "spreads">("pages");
  const [page, setPage] = useState(start);

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (!node.open) node.showModal();
    return () => node.close();
  }, []);

  const groups = view === "pages" ? Array.from({ length: count }, (_, i) => [i]) : spreads;
  const at = Math.max(
    0,
    groups.findIndex((g) => g.includes(page)),
  );
  const shown = groups[at] ?? [0];
  const position =
    view === "pages"
      ? t("studio.pages.page", { n: page + 1, count, name: nameOf(page) })
      : t("studio.proof.spread", { n: at + 1, count: groups.length });

  function go(delta: number) {
    const next = groups[Math.max(0, Math.min(groups.length - 1, at + delta))];
    if (next) setPage(next[0]!);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // The studio behind the dialog does not see its keys (an arrow would move an element).
    event.stopPropagation();
    if (event.key === "ArrowLeft" || event.key === "PageUp") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight" || event.key === "PageDown") {
      event.preventDefault();
      go(1);
    } else if (event.key === "Home") {
      event.preventDefault();
      setPage(0);
    } else if (event.key === "End") {
      event.preventDefault();
      setPage(groups.at(-1)![0]!);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="studio-proof"
      aria-labelledby="studio-proof-title"
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <div className="studio-proof__head">
        <h2 id="studio-proof-title" className="studio-panel__title">
          {t("studio.proof.title")}
        </h2>
        <div className="studio-panel__row" role="group" aria-label={t("studio.proof.view")}>
          <button
            type="button"
            className="studio-tool"
            aria-pressed={view === "pages"}
            onClick={() => setView("pages")}
          >
            {t("studio.proof.pages")}
          </button>
          <button
            type="button"
            className="studio-tool"
            aria-pressed={view === "spreads"}
            onClick={() => setView("spreads")}
          >
            {t("studio.proof.spreads")}
          </button>
        </div>
        <button type="button" className="studio-tool" onClick={() => dialog.current?.close()}>
          {t("studio.proof.close")}
        </button>
      </div>
      <p className="studio-proof__note">{t("studio.proof.note")}</p>
      <figure className={`studio-proof__sheet studio-proof__sheet--${shown.length}`}>
        {shown.map((i) => (
          <img
            key={`${i}-${version}`}
            src={`${proofUrl(designId, i + 1, PROOF_WIDTH)}&v=${version}`}
            alt={t("studio.proof.alt", { n: i + 1, count, name: nameOf(i) })}
            decoding="async"
          />
        ))}
        <figcaption aria-live="polite">{position}</figcaption>
      </figure>
      <div className="studio-proof__nav">
        <button
          type="button"
          className="studio-tool"
          aria-disabled={at === 0}
          onClick={() => go(-1)}
        >
          {t("studio.proof.previous")}
        </button>
        <button
          type="button"
          className="studio-tool"
          aria-disabled={at === groups.length - 1}
          onClick={() => go(1)}
        >
          {t("studio.proof.next")}
        </button>
      </div>
    </dialog>
  );
}
