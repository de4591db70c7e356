/**
 * The design studio a shopper uses at /designer/{product}: it opens the design a link names
 * (or starts one from the link's configuration and theme), keeps every change in an undo
 * history, saves it to the server shortly after each change (and to IndexedDB at once, so a
 * crashed tab loses nothing), and puts the finished design into the cart once the preflight
 * found nothing blocking and the shopper confirmed each warning.
 *
 * Loaded only on this route (the designer route imports it lazily): react-konva stays out
 * of every other page's scripts.
 *
 * Keyboard: the element list selects; arrow keys move the selection 1 mm (Shift: 10 mm),
 * + and - resize it (Shift: 10 mm); in "adjust photo" mode they pan and zoom the photo in
 * its frame; Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo; Escape clears the selection.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { useNavigate, useSubmit } from "react-router";
import {
  autofill,
  effectivePpi,
  emptyFrames,
  fitCrop,
  qualityOf,
  type DesignDocument,
  type Element,
  type Quality,
} from "../../domain/studio/document";
import {
  clearPhoto,
  findElement,
  moveBy,
  moveTo,
  patchElement,
  placePhoto,
  resizeBy,
  setBackground,
  setCrop,
  swapPhotos,
} from "../../domain/studio/edits";
import {
  canRedo,
  canUndo,
  createHistory,
  historyKey,
  record,
  redo,
  replacePresent,
  undo,
  type History,
} from "../../domain/studio/history";
import { printProfile } from "../../domain/studio/profiles";
import { STUDIO_DESIGN_PARAM, type StudioConfiguration } from "../../domain/studio/studioLinks";
import { useT } from "../i18n/i18n";
import {
  addToCart,
  ApiError,
  createDesign,
  listPhotos,
  loadDesign,
  preflight,
  saveDesign,
  type PreflightProblem,
  type StudioPhoto,
} from "./api";
import { Autosaver, type SaveState } from "./autosave";
import {
  dropLocalCopy,
  offerable,
  readLocalCopy,
  writeLocalCopy,
  type LocalCopy,
} from "./localCopy";
import { PhotoTray } from "./PhotoTray";
import type { CanvasActions } from "./StudioCanvas";
import "./studio.css";

const StudioCanvas = lazy(() => import("./StudioCanvas"));

/** How the design goes into the cart: the cart API (a configuration) or the cart's form. */
export type StudioCart =
  | { via: "api"; body: Record<string, string | number | boolean>; cartPath: string }
  | { via: "form"; action: string; fields: [string, string][] };

export interface StudioProps {
  configuration: StudioConfiguration;
  themeId: string | null;
  designId: string | null;
  cart: StudioCart | null;
}

const STEP_MM = 1;
const BIG_STEP_MM = 10;

type Loaded = { id: string; version: number };

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

export default function Studio({ configuration, themeId, designId, cart }: StudioProps) {
  const t = useT();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [design, setDesign] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [history, setHistory] = useState<History<DesignDocument> | null>(null);
  const [surfaceIndex, setSurfaceIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [mode, setMode] = useState<"arrange" | "photo">("arrange");
  const [guides, setGuides] = useState(true);
  const [swapFrom, setSwapFrom] = useState<{ surface: string; element: string } | null>(null);
  const [photos, setPhotos] = useState<StudioPhoto[]>([]);
  const [saveState, setSaveState] = useState<SaveState>("saved");
  const [offer, setOffer] = useState<LocalCopy | null>(null);
  const [check, setCheck] = useState<{
    problems: PreflightProblem[];
    confirmed: Set<number>;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const saver = useRef<Autosaver<DesignDocument> | null>(null);
  const versionRef = useRef(0);

  // Open the design: the one the link names, else a new one from the link's configuration.
  useEffect(() => {
    let stopped = false;
    (async () => {
      try {
        const opened = designId
          ? await loadDesign(designId)
          : await createDesign(configuration, themeId ?? undefined);
        if (stopped) return;
        if (!designId) {
          // The tab's address names the design from now on: a reload finds it again.
          const url = new URL(window.location.href);
          url.searchParams.set(STUDIO_DESIGN_PARAM, opened.id);
          window.history.replaceState(window.history.state, "", url);
        }
        versionRef.current = opened.version;
        setDesign({ id: opened.id, version: opened.version });
        setHistory(createHistory(opened.document));
        const local = await readLocalCopy(opened.id);
        if (!stopped && offerable(local, opened.version)) setOffer(local);
        const mine = await listPhotos().catch(() => []);
        if (!stopped) setPhotos(mine);
      } catch (error) {
        if (!stopped)
          setFailure(
            error instanceof ApiError && error.status === 404
              ? t("studio.notFound")
              : t("studio.loadFailed"),
          );
      }
    })();
    return () => {
      stopped = true;
    };
    // Opened once per design link; a new link is a new route visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [designId]);

  // One autosaver per opened design.
  useEffect(() => {
    if (!design) return;
    const autosaver = new Autosaver<DesignDocument>(design.version, {
      save: async (doc, version) => {
        const saved = await saveDesign(design.id, version, doc);
        versionRef.current = saved.version;
        void writeLocalCopy({
          designId: design.id,
          baseVersion: saved.version,
          document: doc,
          unsaved: false,
          savedAt: Date.now(),
        });
        return saved.version;
      },
      isConflict: (error) => error instanceof ApiError && error.status === 409,
      onState: (state) => setSaveState(state),
    });
    saver.current = autosaver;
    const leave = (event: BeforeUnloadEvent) => {
      if (autosaver.dirty) event.preventDefault();
    };
    window.addEventListener("beforeunload", leave);
    return () => {
      window.removeEventListener("beforeunload", leave);
      void autosaver.flush().finally(() => autosaver.dispose());
    };
  }, [design]);

  const doc = history?.present ?? null;
  const surface = doc?.surfaces[Math.min(surfaceIndex, doc.surfaces.length - 1)] ?? null;
  const profile = useMemo(() => (doc ? printProfile(doc.product) : null), [doc]);
  const photoMap = useMemo(() => new Map(photos.map((p) => [p.id, p])), [photos]);

  /** Every change goes through here: into the history, the local copy and the autosave. */
  const change = useCallback(
    (edit: (doc: DesignDocument) => DesignDocument, group: string | null = null) => {
      setHistory((h) => {
        if (!h) return h;
        const next = edit(h.present);
        if (next === h.present) return h;
        afterChange(next);
        return record(h, next, { group });
      });
    },
    // afterChange reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [design],
  );

  function afterChange(next: DesignDocument) {
    if (!design) return;
    saver.current?.change(next);
    void writeLocalCopy({
      designId: design.id,
      baseVersion: saver.current?.currentVersion ?? versionRef.current,
      document: next,
      unsaved: true,
      savedAt: Date.now(),
    });
  }

  function step(direction: "undo" | "redo") {
    setHistory((h) => {
      if (!h) return h;
      const next = direction === "undo" ? undo(h) : redo(h);
      if (next !== h) afterChange(next.present);
      return next;
    });
    setAnnouncement(t(direction === "undo" ? "studio.undone" : "studio.redone"));
  }

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

  if (failure) {
    return (
      <p className="notice" role="alert">
        {failure}
      </p>
    );
  }
  if (!doc || !surface || !design || !history) {
    return <p className="studio__loading">{t("studio.loading")}</p>;
  }

  const sid = surface.id;
  const current = selected ? findElement(doc, sid, selected) : undefined;
  const frameLabel = (e: Element, i: number) =>
    e.kind === "photo"
      ? t("studio.elements.photo", { n: i + 1 })
      : e.kind === "text"
        ? t("studio.elements.text", { text: e.lines.join(" ").slice(0, 30) || "…" })
        : t("studio.elements.shape", { n: i + 1 });

  const actions: CanvasActions = {
    select: (id) => {
      if (swapFrom && id && swapFrom.element !== id) {
        change((d) => swapPhotos(d, swapFrom, { surface: sid, element: id }));
        setSwapFrom(null);
      }
      setSelected(id);
    },
    moveTo: (id, x, y) => change((d) => moveTo(d, sid, id, x, y)),
    pan: (id, dx, dy) =>
      change((d) =>
        setCrop(d, sid, id, (c) => ({ ...c, offsetX: c.offsetX + dx, offsetY: c.offsetY + dy })),
      ),
    zoom: (id, factor, gesture) =>
      change((d) => setCrop(d, sid, id, (c) => ({ ...c, scale: c.scale * factor })), gesture),
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
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-d, 0],
      ArrowRight: [d, 0],
      ArrowUp: [0, -d],
      ArrowDown: [0, d],
    };
    const move = arrows[event.key];
    const id = current.id;
    const panning = mode === "photo" && current.kind === "photo" && current.photo;
    if (move) {
      event.preventDefault();
      if (panning)
        change(
          (x) =>
            setCrop(x, sid, id, (c) => ({
              ...c,
              offsetX: c.offsetX + move[0],
              offsetY: c.offsetY + move[1],
            })),
          `keys-${id}`,
        );
      else change((x) => moveBy(x, sid, id, move[0], move[1]), `keys-${id}`);
      return;
    }
    const grow = event.key === "+" || event.key === "=" ? 1 : event.key === "-" ? -1 : 0;
    if (grow !== 0) {
      event.preventDefault();
      if (panning) actions.zoom(id, grow > 0 ? 1.05 : 1 / 1.05, `keys-zoom-${id}`);
      else change((x) => resizeBy(x, sid, id, grow * d), `keys-size-${id}`);
    }
  }

  async function startCheckout() {
    setBusy(true);
    try {
      const state = await saver.current?.flush();
      if (state === "conflict" || state === "error") {
        setAnnouncement(t("studio.save.error"));
        return;
      }
      const { problems } = await preflight(design!.id);
      setCheck({ problems, confirmed: new Set() });
      if (problems.length === 0) await putIntoCart();
    } catch {
      setAnnouncement(t("studio.cartFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function putIntoCart() {
    if (!cart || !design) return;
    setBusy(true);
    try {
      if (cart.via === "api") {
        await addToCart({ ...cart.body, kind: String(cart.body.kind) }, design.id);
        await dropLocalCopy(design.id);
        navigate(cart.cartPath);
      } else {
        const fields = new FormData();
        for (const [name, value] of cart.fields) {
          if (name === "options") {
            const options = new URLSearchParams(value);
            options.set(STUDIO_DESIGN_PARAM, design.id);
            fields.set(name, options.toString());
          } else fields.set(name, value);
        }
        await dropLocalCopy(design.id);
        await submit(fields, { method: "post", action: cart.action });
      }
    } catch {
      setAnnouncement(t("studio.cartFailed"));
    } finally {
      setBusy(false);
    }
  }

  const surfaceName = (name: string, i: number) =>
    doc.surfaces.length > 1 && doc.surfaces.filter((s) => s.name === name).length > 1
      ? t(`studio.surfaces.${name}`) + ` ${i + 1}`
      : t(`studio.surfaces.${name}`);
  const empty = emptyFrames(doc);
  const blocking = check?.problems.some((p) => p.severity === "error") ?? false;
  const warnings =
    check?.problems.map((p, i) => ({ p, i })).filter(({ p }) => p.severity === "warning") ?? [];
  const allConfirmed = warnings.every(({ i }) => check?.confirmed.has(i));
  const frameName = (surfaceId: string, elementId?: string) => {
    const s = doc.surfaces.findIndex((x) => x.id === surfaceId);
    const sf = doc.surfaces[s];
    const ei = sf?.elements.findIndex((e) => e.id === elementId) ?? -1;
    const e = sf?.elements[ei];
    return `${sf ? surfaceName(sf.name, s) : surfaceId}${e ? `: ${frameLabel(e, ei)}` : ""}`;
  };

  return (
    <div className="studio" onKeyDown={onKeyDown}>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {offer ? (
        <div className="studio__offer notice" role="status">
          <p>{t("studio.restore.text")}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              change(() => offer.document);
              setOffer(null);
            }}
          >
            {t("studio.restore.yes")}
          </button>
          <button
            type="button"
            className="studio-link"
            onClick={() => {
              void dropLocalCopy(design.id);
              setOffer(null);
            }}
          >
            {t("studio.restore.no")}
          </button>
        </div>
      ) : null}
      {saveState === "conflict" ? (
        <div className="studio__offer notice" role="alert">
          <p>{t("studio.conflict.text")}</p>
          <button
            type="button"
            className="button"
            onClick={async () => {
              const latest = await loadDesign(design.id);
              saver.current?.resolve(latest.version, history.present);
            }}
          >
            {t("studio.conflict.keepMine")}
          </button>
          <button
            type="button"
            className="studio-link"
            onClick={async () => {
              const latest = await loadDesign(design.id);
              saver.current?.resolve(latest.version, null);
              setHistory((h) => (h ? replacePresent(h, latest.document) : h));
            }}
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
            onClick={() => {
              const used = new Set(
                doc.surfaces.flatMap((s) =>
                  s.elements.flatMap((e) =>
                    e.kind === "photo" && e.photo ? [e.photo.photoId] : [],
                  ),
                ),
              );
              change((d) =>
                autofill(
                  d,
                  photos.map((p) => p.id).filter((id) => !used.has(id)),
                ),
              );
            }}
          >
            {t("studio.autofill")}
          </button>
        ) : null}
        <span className="studio__save" role="status">
          {t(`studio.save.${saveState}`)}
        </span>
      </div>

      {doc.surfaces.length > 1 ? (
        <nav className="studio__surfaces" aria-label={t("studio.surfacesLabel")}>
          {doc.surfaces.map((s, i) => (
            <button
              key={s.id}
              type="button"
              className="studio-tool"
              aria-current={i === surfaceIndex ? "true" : undefined}
              onClick={() => {
                setSurfaceIndex(i);
                setSelected(null);
                setMode("arrange");
              }}
            >
              {surfaceName(s.name, i)}
            </button>
          ))}
        </nav>
      ) : null}

      <div className="studio__main">
        <PhotoTray
          photos={photos}
          onUploaded={(photo) =>
            setPhotos((list) => (list.some((p) => p.id === photo.id) ? list : [...list, photo]))
          }
          onPlace={placeFromTray}
        />
        <div className="studio__stage">
          <Suspense fallback={<p className="studio__loading">{t("studio.loading")}</p>}>
            <StudioCanvas
              surface={surface}
              photos={photoMap}
              quality={new Map([...quality].map(([id, q]) => [id, q.quality]))}
              selected={selected}
              mode={mode}
              guides={guides}
              actions={actions}
              labels={{
                emptyFrame: t("studio.emptyFrame"),
                quality: {
                  good: t("studio.quality.good"),
                  acceptable: t("studio.quality.acceptable"),
                  poor: t("studio.quality.poor"),
                },
                wrap: surface.wrap ? t(`studio.edge.${surface.wrap.edge}`) : "",
                canvas: t("studio.canvasLabel", {
                  surface: surfaceName(surface.name, surfaceIndex),
                }),
                editText: t("studio.text.label"),
              }}
            />
          </Suspense>
          {swapFrom ? <p className="notice">{t("studio.swapHint")}</p> : null}
        </div>
        <aside className="studio__side">
          <section aria-labelledby="studio-elements-title">
            <h2 id="studio-elements-title" className="studio-panel__title">
              {t("studio.elements.title")}
            </h2>
            <ul className="studio__elements">
              {surface.elements.map((e, i) => {
                const q = quality.get(e.id);
                return (
                  <li key={e.id}>
                    <button
                      type="button"
                      className="studio-element"
                      aria-pressed={selected === e.id}
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
          </section>
          {current ? (
            <section className="studio-panel" aria-labelledby="studio-selection-title">
              <h2 id="studio-selection-title" className="studio-panel__title">
                {frameLabel(current, surface.elements.indexOf(current))}
              </h2>
              <div className="studio-panel__row" role="group" aria-label={t("studio.move.label")}>
                <button
                  type="button"
                  className="studio-tool"
                  onClick={() =>
                    change((d) => moveBy(d, sid, current.id, -STEP_MM, 0), `keys-${current.id}`)
                  }
                >
                  {t("studio.move.left")}
                </button>
                <button
                  type="button"
                  className="studio-tool"
                  onClick={() =>
                    change((d) => moveBy(d, sid, current.id, STEP_MM, 0), `keys-${current.id}`)
                  }
                >
                  {t("studio.move.right")}
                </button>
                <button
                  type="button"
                  className="studio-tool"
                  onClick={() =>
                    change((d) => moveBy(d, sid, current.id, 0, -STEP_MM), `keys-${current.id}`)
                  }
                >
                  {t("studio.move.up")}
                </button>
                <button
                  type="button"
                  className="studio-tool"
                  onClick={() =>
                    change((d) => moveBy(d, sid, current.id, 0, STEP_MM), `keys-${current.id}`)
                  }
                >
                  {t("studio.move.down")}
                </button>
                <button
                  type="button"
                  className="studio-tool"
                  onClick={() => change((d) => resizeBy(d, sid, current.id, BIG_STEP_MM / 2))}
                >
                  {t("studio.resize.larger")}
                </button>
                <button
                  type="button"
                  className="studio-tool"
                  onClick={() => change((d) => resizeBy(d, sid, current.id, -BIG_STEP_MM / 2))}
                >
                  {t("studio.resize.smaller")}
                </button>
              </div>
              {current.kind === "photo" && current.photo ? (
                <div
                  className="studio-panel__row"
                  role="group"
                  aria-label={t("studio.photo.label")}
                >
                  <button
                    type="button"
                    className="studio-tool"
                    aria-pressed={mode === "photo"}
                    onClick={() => setMode(mode === "photo" ? "arrange" : "photo")}
                  >
                    {t("studio.photo.adjust")}
                  </button>
                  <button
                    type="button"
                    className="studio-tool"
                    onClick={() => actions.zoom(current.id, 1.1, `zoom-${current.id}`)}
                  >
                    {t("studio.photo.zoomIn")}
                  </button>
                  <button
                    type="button"
                    className="studio-tool"
                    onClick={() => actions.zoom(current.id, 1 / 1.1, `zoom-${current.id}`)}
                  >
                    {t("studio.photo.zoomOut")}
                  </button>
                  <button
                    type="button"
                    className="studio-tool"
                    onClick={() =>
                      change((d) =>
                        setCrop(d, sid, current.id, (c) => ({ ...c, rotation: c.rotation - 90 })),
                      )
                    }
                  >
                    {t("studio.photo.rotateLeft")}
                  </button>
                  <button
                    type="button"
                    className="studio-tool"
                    onClick={() =>
                      change((d) =>
                        setCrop(d, sid, current.id, (c) => ({ ...c, rotation: c.rotation + 90 })),
                      )
                    }
                  >
                    {t("studio.photo.rotateRight")}
                  </button>
                  <button
                    type="button"
                    className="studio-tool"
                    onClick={() =>
                      change((d) =>
                        setCrop(d, sid, current.id, () => ({
                          offsetX: 0,
                          offsetY: 0,
                          scale: 1,
                          rotation: 0,
                        })),
                      )
                    }
                  >
                    {t("studio.photo.fill")}
                  </button>
                  <button
                    type="button"
                    className="studio-tool"
                    onClick={() => {
                      const photo = current.photo && photoMap.get(current.photo.photoId);
                      if (photo)
                        change((d) => setCrop(d, sid, current.id, () => fitCrop(photo, current)));
                    }}
                  >
                    {t("studio.photo.fit")}
                  </button>
                  <button
                    type="button"
                    className="studio-tool"
                    aria-pressed={swapFrom !== null}
                    onClick={() =>
                      setSwapFrom(swapFrom ? null : { surface: sid, element: current.id })
                    }
                  >
                    {t("studio.photo.swap")}
                  </button>
                  <button
                    type="button"
                    className="studio-tool"
                    onClick={() => change((d) => clearPhoto(d, sid, current.id))}
                  >
                    {t("studio.photo.remove")}
                  </button>
                </div>
              ) : null}
              {current.kind === "text" ? (
                <div className="studio-panel__fields">
                  <label className="studio-field">
                    <span>{t("studio.text.label")}</span>
                    <textarea
                      value={current.lines.join("\n")}
                      rows={Math.max(2, current.lines.length)}
                      onChange={(event) =>
                        change(
                          (d) =>
                            patchElement(d, sid, current.id, {
                              lines: event.target.value.split("\n"),
                            }),
                          `text-${current.id}`,
                        )
                      }
                    />
                  </label>
                  <label className="studio-field">
                    <span>{t("studio.text.font")}</span>
                    <select
                      value={current.fontFamily}
                      onChange={(event) =>
                        change((d) =>
                          patchElement(d, sid, current.id, {
                            fontFamily: event.target.value as "Inter" | "Lora",
                          }),
                        )
                      }
                    >
                      <option value="Inter">Inter</option>
                      <option value="Lora">Lora</option>
                    </select>
                  </label>
                  <label className="studio-field">
                    <span>{t("studio.text.size")}</span>
                    <input
                      type="number"
                      min={6}
                      max={200}
                      value={current.fontSize}
                      onChange={(event) => {
                        const size = Number(event.target.value);
                        if (size >= 1 && size <= 500)
                          change(
                            (d) => patchElement(d, sid, current.id, { fontSize: size }),
                            `size-${current.id}`,
                          );
                      }}
                    />
                  </label>
                  <label className="studio-field">
                    <span>{t("studio.text.colour")}</span>
                    <input
                      type="color"
                      value={current.colour}
                      onChange={(event) =>
                        change(
                          (d) => patchElement(d, sid, current.id, { colour: event.target.value }),
                          `colour-${current.id}`,
                        )
                      }
                    />
                  </label>
                  <div
                    className="studio-panel__row"
                    role="group"
                    aria-label={t("studio.text.align")}
                  >
                    {(["left", "center", "right"] as const).map((align) => (
                      <button
                        key={align}
                        type="button"
                        className="studio-tool"
                        aria-pressed={current.align === align}
                        onClick={() => change((d) => patchElement(d, sid, current.id, { align }))}
                      >
                        {t(`studio.text.${align}`)}
                      </button>
                    ))}
                    <button
                      type="button"
                      className="studio-tool"
                      aria-pressed={current.fontWeight === "bold"}
                      onClick={() =>
                        change((d) =>
                          patchElement(d, sid, current.id, {
                            fontWeight: current.fontWeight === "bold" ? "normal" : "bold",
                          }),
                        )
                      }
                    >
                      {t("studio.text.bold")}
                    </button>
                  </div>
                </div>
              ) : null}
            </section>
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

      <section className="studio__checkout" aria-labelledby="studio-checkout-title">
        <h2 id="studio-checkout-title" className="studio-panel__title">
          {t("studio.checkout.title")}
        </h2>
        {check && check.problems.length > 0 ? (
          <div className="studio__preflight">
            <p>{blocking ? t("studio.checkout.blocked") : t("studio.checkout.confirm")}</p>
            <ul>
              {check.problems.map((p, i) => (
                <li key={i} className={`studio-problem studio-problem--${p.severity}`}>
                  {p.severity === "warning" ? (
                    <label>
                      <input
                        type="checkbox"
                        checked={check.confirmed.has(i)}
                        onChange={(event) => {
                          const confirmed = new Set(check.confirmed);
                          if (event.target.checked) confirmed.add(i);
                          else confirmed.delete(i);
                          setCheck({ ...check, confirmed });
                        }}
                      />{" "}
                      {t(`studio.problems.${p.code}`, {
                        where: frameName(p.surface, p.element),
                        ppi: Math.round(p.ppi ?? 0),
                      })}
                    </label>
                  ) : (
                    <>
                      {t(`studio.problems.${p.code}`, {
                        where: frameName(p.surface, p.element),
                        ppi: Math.round(p.ppi ?? 0),
                      })}{" "}
                      <button
                        type="button"
                        className="studio-link"
                        onClick={() => {
                          setSurfaceIndex(
                            Math.max(
                              0,
                              doc.surfaces.findIndex((s) => s.id === p.surface),
                            ),
                          );
                          setSelected(p.element ?? null);
                        }}
                      >
                        {t("studio.checkout.show")}
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
            {!blocking ? (
              <button
                type="button"
                className="button"
                disabled={!allConfirmed || busy || !cart}
                onClick={() => void putIntoCart()}
              >
                {t("studio.checkout.confirmed")}
              </button>
            ) : null}
          </div>
        ) : null}
        {cart ? (
          <button
            type="button"
            className="button studio__add"
            disabled={busy}
            onClick={() => void startCheckout()}
          >
            {check && check.problems.length > 0 ? t("studio.checkout.again") : t("cart.add")}
          </button>
        ) : (
          <p className="notice">{t("studio.checkout.notForSale")}</p>
        )}
      </section>
    </div>
  );
}
