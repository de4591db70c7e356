/**
 * The open design behind the studio: it opens the design a link names (or starts one from
 * the link's configuration and theme), keeps every change in an undo history, saves it to
 * the server shortly after each change (and to IndexedDB at once, so a crashed tab loses
 * nothing), offers back a newer local copy, and lets the shopper settle a save conflict.
 * Every change of the document, whoever makes it (the canvas, the panels, a family's own
 * panel, the page strip), goes through `change`: one undo step, autosaved.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { DesignDocument } from "../../domain/studio/document";
import {
  createHistory,
  record,
  redo,
  replacePresent,
  undo,
  type History,
} from "../../domain/studio/history";
import { STUDIO_DESIGN_PARAM, type StudioConfiguration } from "../../domain/studio/studioLinks";
import {
  ApiError,
  createDesign,
  listPhotos,
  loadDesign,
  saveDesign,
  type StudioPhoto,
} from "./api";
import { Autosaver, type SaveState } from "./autosave";
import { offerable, readLocalCopy, writeLocalCopy, type LocalCopy } from "./localCopy";

export type Loaded = { id: string; version: number };

/** A change: the next document from the present one (the same document when nothing changes). */
export type Edit = (doc: DesignDocument) => DesignDocument;

export interface OpenDesign {
  design: Loaded | null;
  failure: "notFound" | "loadFailed" | null;
  history: History<DesignDocument> | null;
  photos: StudioPhoto[];
  addPhoto(photo: StudioPhoto): void;
  saveState: SaveState;
  /** A newer copy of this design kept in this browser, offered back. */
  offer: LocalCopy | null;
  dismissOffer(): void;
  /**
   * Applies an edit as one undo step; edits of the same `group` in a row (one drag, a run
   * of arrow keys, typing in a field) are one step together.
   */
  change(edit: Edit, group?: string | null): void;
  step(direction: "undo" | "redo"): void;
  /** Saves what is unsaved now; answers how that went. */
  flush(): Promise<SaveState | undefined>;
  /** The version of the design last saved on the server. */
  savedVersion(): number;
  /** After a conflict: keep this tab's document (over the saved version) or take the saved one. */
  settleConflict(keep: "mine" | "saved"): Promise<void>;
}

export function useDesign(
  configuration: StudioConfiguration,
  themeId: string | null,
  designId: string | null,
): OpenDesign {
  const [design, setDesign] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<OpenDesign["failure"]>(null);
  const [history, setHistory] = useState<History<DesignDocument> | null>(null);
  const [photos, setPhotos] = useState<StudioPhoto[]>([]);
  const [saveState, setSaveState] = useState<SaveState>("saved");
  const [offer, setOffer] = useState<LocalCopy | null>(null);
  const saver = useRef<Autosaver<DesignDocument> | null>(null);
  const designRef = useRef<Loaded | null>(null);
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
        designRef.current = { id: opened.id, version: opened.version };
        setDesign(designRef.current);
        setHistory(createHistory(opened.document));
        const local = await readLocalCopy(opened.id);
        if (!stopped && offerable(local, opened.version)) setOffer(local);
        const mine = await listPhotos().catch(() => []);
        if (!stopped) setPhotos(mine);
      } catch (error) {
        if (!stopped)
          setFailure(error instanceof ApiError && error.status === 404 ? "notFound" : "loadFailed");
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

  /** A changed document goes to the autosave and, at once, to this browser's copy. */
  const afterChange = useCallback((next: DesignDocument) => {
    const open = designRef.current;
    if (!open) return;
    saver.current?.change(next);
    void writeLocalCopy({
      designId: open.id,
      baseVersion: saver.current?.currentVersion ?? versionRef.current,
      document: next,
      unsaved: true,
      savedAt: Date.now(),
    });
  }, []);

  const change = useCallback(
    (edit: Edit, group: string | null = null) => {
      setHistory((h) => {
        if (!h) return h;
        const next = edit(h.present);
        if (next === h.present) return h;
        afterChange(next);
        return record(h, next, { group });
      });
    },
    [afterChange],
  );

  const step = useCallback(
    (direction: "undo" | "redo") => {
      setHistory((h) => {
        if (!h) return h;
        const next = direction === "undo" ? undo(h) : redo(h);
        if (next !== h) afterChange(next.present);
        return next;
      });
    },
    [afterChange],
  );

  const addPhoto = useCallback(
    (photo: StudioPhoto) =>
      setPhotos((list) => (list.some((p) => p.id === photo.id) ? list : [...list, photo])),
    [],
  );

  async function settleConflict(keep: "mine" | "saved") {
    if (!design) return;
    const latest = await loadDesign(design.id);
    if (keep === "mine") saver.current?.resolve(latest.version, history?.present ?? null);
    else {
      saver.current?.resolve(latest.version, null);
      setHistory((h) => (h ? replacePresent(h, latest.document) : h));
    }
  }

  return {
    design,
    failure,
    history,
    photos,
    addPhoto,
    saveState,
    offer,
    dismissOffer: () => setOffer(null),
    change,
    step,
    flush: async () => saver.current?.flush(),
    savedVersion: () => saver.current?.currentVersion ?? versionRef.current,
    settleConflict,
  };
}
