/**
 * pdf.js for the proofs, loaded when the first proof is drawn rather than when the shop
 * starts, and without letting it change the platform for the rest of the process.
 *
 * Its Node build carries core-js polyfills, and some of them replace a function the
 * platform already has when a feature test fails: JSON.stringify among them, which every
 * page render calls (React Router's links key their memos with it), and the polyfill is
 * slower (a product page's render took about a sixth longer with it). The platform's own functions are put back after the import; what
 * the polyfills add where the platform has nothing stays, for pdf.js to use.
 */
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";

type PdfJs = typeof PdfJsModule;

/** The built-ins whose own functions the polyfills may replace. */
const GUARDED: readonly object[] = [
  JSON,
  Object,
  Array,
  Array.prototype,
  Promise,
  String,
  String.prototype,
  Map,
  Set.prototype,
  Uint8Array,
  Uint8Array.prototype,
  Math,
  Reflect,
  Symbol,
  globalThis,
];

type Snapshot = Map<object, Map<string | symbol, PropertyDescriptor>>;

/** The guarded built-ins' own properties as they are now. */
export function snapshot(): Snapshot {
  return new Map(
    GUARDED.map((target) => [
      target,
      new Map(
        Reflect.ownKeys(target).flatMap((key) => {
          const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
          return descriptor ? [[key, descriptor] as const] : [];
        }),
      ),
    ]),
  );
}

/** Puts back every function property that existed before and was replaced since; returns their names. */
export function restoreReplaced(before: Snapshot): string[] {
  const restored: string[] = [];
  for (const [target, properties] of before) {
    for (const [key, descriptor] of properties) {
      if (typeof descriptor.value !== "function") continue;
      const now = Reflect.getOwnPropertyDescriptor(target, key);
      if (now && now.value !== descriptor.value) {
        Reflect.defineProperty(target, key, descriptor);
        restored.push(String(key));
      }
    }
  }
  return restored;
}

let loading: Promise<PdfJs> | undefined;

/** pdf.js, imported once, with the platform's own functions kept. */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    const before = snapshot();
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    restoreReplaced(before);
    return pdfjs;
  })();
  return loading;
}
