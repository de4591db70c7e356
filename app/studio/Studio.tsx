/**
 * The design studio a shopper uses at /designer/{product}: the open design (useDesign:
 * undo history, autosave, local copy), the photo tray, the canvas of one surface, the page
 * strip for moving between many pages, the selected element's panel, the product family's
 * own panel (a calendar's settings, a book's pages …), and the way to the cart through the
 * proof of every page and the preflight.
 *
 * Loaded only on this route (the designer route imports it lazily): react-konva stays out
 * of every other page's scripts, and a family's panel is loaded only for its family.
 *
 * Keyboard: the element list selects; arrow keys move the selection 1 mm (Shift: 10 mm),
 * + and - resize it (Shift: 10 mm); in "adjust photo" mode they pan and zoom the photo in
 * its frame; Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo; Escape clears the selection.
 * In the page strip the arrow keys, Home and End go from page to page and Alt + an arrow
 * key moves a page where the product allows it.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type KeyboardEvent,
} from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import {
  effectivePpi,
  emptyFrames,
  isListedElement,
  printMargin,
  qualityOf,
  type DesignDocument,
  type Element,
  type Quality,
} from "../../domain/studio/document";
import {
  findElement,
  moveTo,
  patchElement,
  placePhoto,
  setBackground,
  swapPhotos,
} from "../../domain/studio/edits";
import { bindingBands } from "../../domain/studio/binding";
import { bookSafeAreas } from "../../domain/studio/photobook";
import { canRedo, canUndo, historyKey } from "../../domain/studio/history";
import { cartArticleOptionsOf, cartConfigurationOf } from "../../domain/studio/configuration";
import { isReorderable, movePage, spreadsOf } from "../../domain/studio/pages";
import { printProfile } from "../../domain/studio/profiles";
import type { StudioConfiguration } from "../../domain/studio/studioLinks";
import { useT } from "../i18n/i18n";
import {
  addArticleToCart,
  addToCart,
  ApiError,
  preflight,
  type CartArticle,
  type PreflightProblem,
} from "./api";
import { CheckoutPanel, type Check, type Refusal } from "./CheckoutPanel";
import { dropLocalCopy } from "./localCopy";
import { PageStrip } from "./PageStrip";
import { FAMILY_PANELS } from "./panels";
import { PhotoTray } from "./PhotoTray";
import { ProofViewer } from "./ProofViewer";
import { SelectionPanel } from "./SelectionPanel";
import type { CanvasActions } from "./StudioCanvas";
import type * as CanvasModule from "./StudioCanvas";
import {
  arrowOf,
  BIG_STEP_MM,
  nudge,
  resize,
  sizeKeyOf,
  STEP_MM,
  ZOOM_STEP,
  zoomPhoto,
} from "./tools";
import { useAutofill } from "./useAutofill";
import { useBookPrice, type DesignPrice } from "./useBookPrice";
import { useDesign } from "./useDesign";
import "./studio.css";

let canvasCode: Promise<typeof CanvasModule> | undefined;

/**
 * The canvas's code, loaded once: the drawing library first, then (in a later task) the
 * rest, so that running it is two shorter tasks rather than one long one on a slow phone.
 */
function loadCanvas() {
  canvasCode ??= import("./konva")
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => import("./StudioCanvas"));
  return canvasCode;
}

const StudioCanvas = lazy(loadCanvas);

/**
 * How the design goes into the cart, always through the cart API: as a configuration
 * (product-details' fields), or as an article with its designer link's options.
 */
export type StudioCart =
  | { via: "api"; body: Record<string, string | number | boolean>; cartPath: string }
  | { via: "article"; article: CartArticle; cartPath: string };

export interface StudioProps {
  configuration: StudioConfiguration;
  themeId: string | null;
  designId: string | null;
  cart: StudioCart | null;
  /**
   * Told the design's own price where it follows the design rather than the link (a photo
   * book's pages): the page's price line shows it in place of the link's.
   */
  onPrice?: (price: DesignPrice) => void;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/**
 * The pages' names as a shopper reads them: a calendar's month pages by their month and
 * year in the calendar's language, several surfaces of one kind numbered among themselves
 * ("Print 3", "Spread 12"), a single one by its kind alone ("Front").
 */
function pageNamesOf(
  doc: DesignDocument,
  locale: string,
  t: (key: string, values?: Record<string, unknown>) => string,
): string[] {
  // Made only for a calendar: the first date format of a page costs tens of milliseconds
  // on a slow phone (its locale's data is loaded then), on the studio's first screen.
  const calendar = doc.calendar;
  const monthName =
    calendar && doc.surfaces.some((s) => s.name === "month")
      ? new Intl.DateTimeFormat(calendar.locale ?? locale, {
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        })
      : null;
  const counts = new Map<string, number>();
  for (const s of doc.surfaces) counts.set(s.name, (counts.get(s.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return doc.surfaces.map((surface) => {
    const ordinal = (seen.get(surface.name) ?? 0) + 1;
    seen.set(surface.name, ordinal);
    if (surface.name === "month" && calendar && monthName) {
      const month = calendar.startMonth - 1 + ordinal - 1;
      return monthName.format(Date.UTC(calendar.year + Math.floor(month / 12), month % 12, 1));
    }
    const kind = t(`studio.surfaces.${surface.name}`);
    return (counts.get(surface.name) ?? 0) > 1 ? `${kind} ${ordinal}` : kind;
  });
}

export default function Studio({ configuration, themeId, designId, cart, onPrice }: StudioProps) {
  const t = useT();
  const navigate = useNavigate();
  const open = useDesign(configuration, themeId, designId);
  // The canvas's code loads while the design does; a failure comes out where the canvas
  // is drawn, as it would without this.
  useEffect(() => {
    loadCanvas().catch(() => undefined);
  }, []);
  const { design, history, photos, change } = open;
  const [surfaceIndex, setSurfaceIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [mode, setMode] = useState<"arrange" | "photo">("arrange");
  const [guides, setGuides] = useState(true);
  const [swapFrom, setSwapFrom] = useState<{ surface: string; element: string } | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [announcement, setAnnouncement] = useState("");
  /** The saved version the proof viewer shows, while it is open. */
  const [proofOf, setProofOf] = useState<number | null>(null);

  const doc = history?.present ?? null;
  // The family's own rule, as the server has it (in order, shuffled or by date).
  const autofill = useAutofill(doc, (answer) => change(() => answer.document));
  const index = doc ? Math.min(surfaceIndex, doc.surfaces.length - 1) : 0;
  const surface = doc?.surfaces[index] ?? null;
  const profile = useMemo(() => (doc ? printProfile(doc.product) : null), [doc]);
  const photoMap = useMemo(() => new Map(photos.map((p) => [p.id, p])), [photos]);
  // The storefront's locale ("fr-CH"), as the root route names it.
  const locale = (useRouteLoaderData("root") as { locale?: string } | undefined)?.locale ?? "de-DE";
  // A photo book costs what its pages make it: the price line follows the design.
  const bookPrice = useBookPrice(doc, locale);
  const pricedByDesign = doc?.product.family === "photobook";
  useEffect(() => {
    if (pricedByDesign) onPrice?.(bookPrice);
  }, [pricedByDesign, bookPrice, onPrice]);
  // Named again when the design changes, not on each render between (a selection, a mode).
  const names = useMemo(() => (doc ? pageNamesOf(doc, locale, t) : []), [doc, locale, t]);
  const nameOf = (i: number) => names[i] ?? "";

  const show = useCallback((i: number) => {
    setSurfaceIndex(i);
    setSelected(null);
    setMode("arrange");
  }, []);

  const quality = useMemo(() => {
    const map = new Map<string, { quality: Quality; ppi: number }>();
    if (!surface || !profile) return map;
    for (const e of surface.elements) {
      if (e.kind !== "photo" || !e.photo) continue;
      const photo = photoMap.get(e.photo.photoId);
      if (!photo?.width) continue;
      const ppi = effectivePpi(photo, e, e.photo.crop);
      map.set(e.id, { ppi, quality: qualityOf(ppi, profile.ppi) });
    }
    return map;
  }, [surface, profile, photoMap]);

  if (open.failure) {
    return (
      <p className="notice" role="alert">
        {t(`studio.${open.failure}`)}
      </p>
    );
  }
  if (!doc || !surface || !design || !history) {
    return <p className="studio__loading">{t("studio.loading")}</p>;
  }

  const sid = surface.id;
  const sheetWidth = surface.trim.width + 2 * printMargin(surface);
  const sheetHeight = surface.trim.height + 2 * printMargin(surface);
  const current = selected ? findElement(doc, sid, selected) : undefined;
  const frameLabel = (e: Element, i: number) =>
    e.kind === "photo"
      ? t("studio.elements.photo", { n: i + 1 })
      : e.kind === "text"
        ? t("studio.elements.text", { text: e.lines.join(" ").slice(0, 30) || "…" })
        : t("studio.elements.shape", { n: i + 1 });

  function step(direction: "undo" | "redo") {
    open.step(direction);
    setAnnouncement(t(direction === "undo" ? "studio.undone" : "studio.redone"));
  }

  const actions: CanvasActions = {
    select: (id) => {
      if (swapFrom && id && swapFrom.element !== id) {
        change((d) => swapPhotos(d, swapFrom, { surface: sid, element: id }));
        setSwapFrom(null);
      }
      setSelected(id);
    },
    moveTo: (id, x, y) => change((d) => moveTo(d, sid, id, x, y)),
    pan: (id, dx, dy) => change(nudge(sid, id, dx, dy, true)),
    zoom: (id, factor, gesture) => change(zoomPhoto(sid, id, factor), gesture),
    place: (id, photoId) => {
      change((d) => placePhoto(d, sid, id, photoId));
      setSelected(id);
    },
    swap: (from, to) =>
      change((d) => swapPhotos(d, { surface: sid, element: from }, { surface: sid, element: to })),
    editText: (id, lines) => change((d) => patchElement(d, sid, id, { lines })),
  };

  /** A tray photo placed by its button: into the selected frame, else the first empty one. */
  function placeFromTray(photoId: string) {
    const target =
      current?.kind === "photo"
        ? current.id
        : surface!.elements.find((e) => e.kind === "photo" && !e.photo && !e.locked)?.id;
    if (target) actions.place(target, photoId);
    else setAnnouncement(t("studio.noEmptyFrame"));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const wanted = historyKey(event);
    if (wanted && !isTyping(event.target)) {
      event.preventDefault();
      step(wanted);
      return;
    }
    if (isTyping(event.target) || !current) return;
    if (event.key === "Escape") {
      setSelected(null);
      setMode("arrange");
      return;
    }
    const d = event.shiftKey ? BIG_STEP_MM : STEP_MM;
    const id = current.id;
    const panning = mode === "photo" && current.kind === "photo" && !!current.photo;
    const arrow = arrowOf(event.key);
    // Alt + arrow resizes, as + and - do; an arrow alone moves.
    const grow = sizeKeyOf(event.key, event.altKey);
    if (arrow && grow === 0) {
      event.preventDefault();
      change(nudge(sid, id, arrow[0] * d, arrow[1] * d, panning), `keys-${id}`);
      return;
    }
    if (grow !== 0) {
      event.preventDefault();
      if (panning)
        change(zoomPhoto(sid, id, grow > 0 ? ZOOM_STEP : 1 / ZOOM_STEP), `keys-zoom-${id}`);
      else change(resize(sid, id, grow * d), `keys-size-${id}`);
    }
  }

  /** Saves what is unsaved; false (and says so) when the server did not take it. */
  async function saved(): Promise<boolean> {
    const state = await open.flush();
    if (state === "conflict" || state === "error") {
      setAnnouncement(t("studio.save.error"));
      return false;
    }
    return true;
  }

  async function openProof() {
    setBusy(true);
    try {
      if (await saved()) setProofOf(open.savedVersion());
    } finally {
      setBusy(false);
    }
  }

  /**
   * A failed way into the cart: a refusal the shop explains (a 4xx problem document) is
   * shown with its reason; anything else (the network, a server error) asks to try again.
   */
  function failed(error: unknown) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      setRefusal({ detail: error.message, errors: error.errors });
      setAnnouncement(
        [t("studio.checkout.refused"), ...Object.entries(error.errors).map((e) => e.join(" "))]
          .slice(0, 6)
          .join(" "),
      );
    } else setAnnouncement(t("studio.cartFailed"));
  }

  async function startCheckout() {
    setBusy(true);
    setRefusal(null);
    try {
      if (!(await saved())) return;
      const { problems } = await preflight(design!.id);
      setCheck({ problems, confirmed: new Set() });
      if (problems.length === 0) await putIntoCart();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  async function putIntoCart() {
    if (!cart || !design || !doc) return;
    setBusy(true);
    setRefusal(null);
    try {
      if (cart.via === "api") {
        const body = cartConfigurationOf(cart.body, doc);
        await addToCart({ ...body, kind: String(body.kind) }, design.id);
      } else
        await addArticleToCart(
          { ...cart.article, options: cartArticleOptionsOf(cart.article.options, doc) },
          design.id,
        );
      await dropLocalCopy(design.id);
      navigate(cart.cartPath);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  const empty = emptyFrames(doc);
  const whereOf = (p: PreflightProblem) => {
    const s = doc.surfaces.findIndex((x) => x.id === p.surface);
    const sf = doc.surfaces[s];
    const ei = sf?.elements.findIndex((e) => e.id === p.element) ?? -1;
    const e = sf?.elements[ei];
    return `${sf ? nameOf(s) : p.surface}${e ? `: ${frameLabel(e, ei)}` : ""}`;
  };
  const FamilyPanel = FAMILY_PANELS[doc.product.family];

  return (
    <div className="studio" onKeyDown={onKeyDown}>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {open.offer ? (
        <div className="studio__offer notice" role="status">
          <p>{t("studio.restore.text")}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              const copy = open.offer!.document;
              change(() => copy);
              open.dismissOffer();
            }}
          >
            {t("studio.restore.yes")}
          </button>
          <button
            type="button"
            className="studio-link"
            onClick={() => {
              void dropLocalCopy(design.id);
              open.dismissOffer();
            }}
          >
            {t("studio.restore.no")}
          </button>
        </div>
      ) : null}
      {open.saveState === "conflict" ? (
        <div className="studio__offer notice" role="alert">
          <p>{t("studio.conflict.text")}</p>
          <button type="button" className="button" onClick={() => void open.settleConflict("mine")}>
            {t("studio.conflict.keepMine")}
          </button>
          <button
            type="button"
            className="studio-link"
            onClick={() => void open.settleConflict("saved")}
          >
            {t("studio.conflict.takeSaved")}
          </button>
        </div>
      ) : null}

      <div className="studio__toolbar" role="toolbar" aria-label={t("studio.toolbar")}>
        <button
          type="button"
          className="studio-tool"
          disabled={!canUndo(history)}
          onClick={() => step("undo")}
        >
          {t("studio.undo")}
        </button>
        <button
          type="button"
          className="studio-tool"
          disabled={!canRedo(history)}
          onClick={() => step("redo")}
        >
          {t("studio.redo")}
        </button>
        <button
          type="button"
          className="studio-tool"
          aria-pressed={guides}
          onClick={() => setGuides(!guides)}
        >
          {t("studio.guides")}
        </button>
        {empty.length > 0 && photos.length > 0 ? (
          <button
            type="button"
            className="studio-tool"
            aria-disabled={autofill.filling || undefined}
            onClick={() => {
              if (!autofill.filling) void autofill.fill(photos, Date.now() >>> 0);
            }}
          >
            {t("studio.autofill")}
          </button>
        ) : null}
        <span className="studio__save" role="status">
          {t(`studio.save.${open.saveState}`)}
        </span>
      </div>

      {doc.surfaces.length > 1 ? (
        <PageStrip
          surfaces={doc.surfaces}
          current={index}
          photos={photoMap}
          nameOf={nameOf}
          show={show}
          movable={(i) => isReorderable(doc, i)}
          move={(from, to) => change((d) => movePage(d, from, to))}
          announce={setAnnouncement}
        />
      ) : null}

      <div className="studio__main">
        <PhotoTray photos={photos} onUploaded={open.addPhoto} onPlace={placeFromTray} />
        <div className="studio__stage">
          <Suspense
            fallback={
              // The page's place as the canvas will draw it, so nothing below moves.
              <div className="studio-canvas">
                <p
                  className="studio-canvas__placeholder"
                  style={{ aspectRatio: `${sheetWidth} / ${sheetHeight}` }}
                >
                  {t("studio.loading")}
                </p>
              </div>
            }
          >
            <StudioCanvas
              surface={surface}
              photos={photoMap}
              quality={new Map([...quality].map(([id, q]) => [id, q.quality]))}
              selected={selected}
              mode={mode}
              guides={guides}
              bands={bindingBands(surface, profile)}
              safeAreas={
                profile?.book && surface.name === "book-cover"
                  ? bookSafeAreas(surface, profile.book)
                  : null
              }
              actions={actions}
              labels={{
                emptyFrame: t("studio.emptyFrame"),
                quality: {
                  good: t("studio.quality.good"),
                  acceptable: t("studio.quality.acceptable"),
                  poor: t("studio.quality.poor"),
                },
                wrap: surface.wrap ? t(`studio.edge.${surface.wrap.edge}`) : "",
                canvas: t("studio.canvasLabel", { surface: nameOf(index) }),
                editText: t("studio.text.label"),
              }}
            />
          </Suspense>
          {swapFrom ? <p className="notice">{t("studio.swapHint")}</p> : null}
        </div>
        <aside className="studio__side">
          {FamilyPanel ? (
            <Suspense fallback={<p className="studio__loading">{t("studio.loading")}</p>}>
              <FamilyPanel
                document={doc}
                change={(next) => change(() => next)}
                photos={photos}
                surfaceIndex={index}
                showSurface={show}
                locale={locale}
                price={bookPrice}
              />
            </Suspense>
          ) : null}
          <section aria-labelledby="studio-elements-title">
            <h2 id="studio-elements-title" className="studio-panel__title">
              {t("studio.elements.title")}
            </h2>
            <ul className="studio__elements">
              {surface.elements.map((e, i) => {
                // Numbered among all the page's elements, as the preflight names them.
                if (!isListedElement(e)) return null;
                const q = quality.get(e.id);
                return (
                  <li key={e.id}>
                    <button
                      type="button"
                      className="studio-element"
                      aria-pressed={selected === e.id}
                      aria-describedby="studio-elements-keys"
                      onClick={() => actions.select(e.id)}
                    >
                      {frameLabel(e, i)}
                      {e.kind === "photo" ? (
                        <span className={`studio-quality studio-quality--${q?.quality ?? "none"}`}>
                          {q
                            ? t(`studio.quality.${q.quality}`) + ` (${Math.round(q.ppi)} ppi)`
                            : e.photo
                              ? ""
                              : t("studio.emptyFrame")}
                        </span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
            <p id="studio-elements-keys" className="studio-pages__hint">
              {t("studio.elements.keys")}
            </p>
          </section>
          {current ? (
            <SelectionPanel
              element={current}
              title={frameLabel(current, surface.elements.indexOf(current))}
              surfaceId={sid}
              photos={photoMap}
              mode={mode}
              setMode={setMode}
              swapping={swapFrom !== null}
              toggleSwap={() =>
                setSwapFrom(swapFrom ? null : { surface: sid, element: current.id })
              }
              change={change}
            />
          ) : null}
          <label className="studio-field">
            <span>{t("studio.background")}</span>
            <input
              type="color"
              value={surface.background}
              onChange={(event) =>
                change((d) => setBackground(d, sid, event.target.value), `background-${sid}`)
              }
            />
          </label>
        </aside>
      </div>

      <CheckoutPanel
        check={check}
        setCheck={setCheck}
        busy={busy}
        refusal={refusal}
        forSale={cart !== null}
        whereOf={whereOf}
        showProblem={(p) => {
          setSurfaceIndex(
            Math.max(
              0,
              doc.surfaces.findIndex((s) => s.id === p.surface),
            ),
          );
          setSelected(p.element ?? null);
        }}
        openProof={() => void openProof()}
        start={() => void startCheckout()}
        confirm={() => void putIntoCart()}
      />
      {proofOf !== null ? (
        <ProofViewer
          designId={design.id}
          version={proofOf}
          count={doc.surfaces.length}
          spreads={spreadsOf(doc.surfaces)}
          nameOf={nameOf}
          start={index}
          onClose={() => setProofOf(null)}
        />
      ) : null}
    </div>
  );
}
