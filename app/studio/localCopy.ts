/**
 * A copy of the design in the browser's IndexedDB, written on every change and marked
 * clean once the server has it. When the studio opens a design whose local copy holds a
 * change the server never got (the tab crashed or was closed before autosave ran), it
 * offers that copy back. Without IndexedDB (private modes of some browsers) nothing is
 * kept and nothing offered.
 */
import type { DesignDocument } from "../../domain/studio/document";

const DB_NAME = "studio";
const STORE = "designs";

export interface LocalCopy {
  designId: string;
  /** The server version the copy's changes were made over. */
  baseVersion: number;
  document: DesignDocument;
  /** False once the server holds this document. */
  unsaved: boolean;
  savedAt: number;
}

let opened: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opened ??= new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve(null);
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () =>
        request.result.createObjectStore(STORE, { keyPath: "designId" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest,
): Promise<T | null> {
  return database().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const request = act(db.transaction(STORE, mode).objectStore(STORE));
          request.onsuccess = () => resolve((request.result as T | undefined) ?? null);
          request.onerror = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

export function readLocalCopy(designId: string): Promise<LocalCopy | null> {
  return run<LocalCopy>("readonly", (store) => store.get(designId));
}

export function writeLocalCopy(copy: LocalCopy): Promise<unknown> {
  return run("readwrite", (store) => store.put(copy));
}

export function dropLocalCopy(designId: string): Promise<unknown> {
  return run("readwrite", (store) => store.delete(designId));
}

/**
 * Whether a local copy should be offered over the server's document: it holds a change
 * the server never got, made over the version the server still has (a copy made over an
 * older version was overtaken by a save elsewhere and is not offered).
 */
export function offerable(copy: LocalCopy | null, serverVersion: number): copy is LocalCopy {
  return copy !== null && copy.unsaved && copy.baseVersion === serverVersion;
}
