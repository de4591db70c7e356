import { afterEach, describe, expect, it } from "vitest";
import { loadPdfJs, restoreReplaced, snapshot } from "./pdfjs";

const nativeStringify = JSON.stringify;

afterEach(() => {
  JSON.stringify = nativeStringify;
});

describe("pdf.js without changing the platform", () => {
  it("puts back a platform function a polyfill replaced, and names it", () => {
    const before = snapshot();
    JSON.stringify = ((value: unknown) => `polyfilled ${String(value)}`) as typeof JSON.stringify;
    expect(restoreReplaced(before)).toEqual(["stringify"]);
    expect(JSON.stringify).toBe(nativeStringify);
    expect(JSON.stringify({ a: 1 })).toBe('{"a":1}');
  });

  it("keeps what a polyfill adds where the platform had nothing", () => {
    const before = snapshot();
    const added = Symbol("added");
    Object.defineProperty(Math, added, { value: () => 1, configurable: true });
    expect(restoreReplaced(before)).toEqual([]);
    expect(typeof (Math as unknown as Record<symbol, unknown>)[added]).toBe("function");
    Reflect.deleteProperty(Math, added);
  });

  it("loads pdf.js once, with the platform's JSON.stringify kept", async () => {
    const first = await loadPdfJs();
    expect(await loadPdfJs()).toBe(first);
    expect(typeof first.getDocument).toBe("function");
    expect(JSON.stringify).toBe(nativeStringify);
  });
});
