// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { INERT_MODULE_TYPE, START_AT_THE_LATEST_MS, startScriptsScript } from "./startScripts";

const ROUTER_SCRIPT = 'import * as route0 from "/assets/root.js"; window.started = true;';

/**
 * A page as the server writes it (the first image, still loading, a button, the router's
 * inert script) with its starter run.
 */
function page({ image }: { image: boolean }) {
  document.head.innerHTML = "";
  document.documentElement.removeAttribute("data-hydrated");
  document.body.innerHTML =
    (image
      ? '<img fetchpriority="high" elementtiming="first-image" src="/_img/hero.jpg" alt="">'
      : "") +
    '<button type="button">Menü</button>' +
    `<script type="${INERT_MODULE_TYPE}" data-preload="/assets/entry.js /assets/shell.js" data-messages="/_messages/de.0123456789ab.json">${ROUTER_SCRIPT}</script>`;
  const img = document.querySelector("img");
  if (img) {
    Object.defineProperty(img, "complete", { value: false });
    // A loaded image has its size; one that failed has none.
    img.addEventListener("load", () => Object.defineProperty(img, "naturalWidth", { value: 960 }));
  }
  const listen = vi.spyOn(document, "addEventListener");
  new Function(startScriptsScript())();
  for (const [type, listener] of listen.mock.calls) {
    cleanUps.push(() => document.removeEventListener(type, listener, true));
  }
  listen.mockRestore();
}

/** The starters' listeners on the shared document, removed after each test. */
const cleanUps: (() => void)[] = [];

const started = () => document.head.querySelector('script[type="module"]');
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute("href"),
  );
const messagesPreload = () =>
  document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="fetch"]');
const frames = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * A browser that reports when it has shown things (Element Timing and paint timing), as
 * Chromium does; report() delivers an entry to the observers of its type.
 */
function reportingBrowser(supportedEntryTypes = ["element", "paint"]) {
  const observers: { type: string; callback: (list: { getEntries(): object[] }) => void }[] = [];
  class Observer {
    static supportedEntryTypes = supportedEntryTypes;
    constructor(private callback: (list: { getEntries(): object[] }) => void) {}
    observe({ type }: { type: string }) {
      observers.push({ type, callback: this.callback });
    }
    disconnect() {
      observers.splice(
        0,
        observers.length,
        ...observers.filter((o) => o.callback !== this.callback),
      );
    }
  }
  vi.stubGlobal("PerformanceObserver", Observer);
  return {
    report(type: string, entry: object) {
      for (const o of observers.filter((o) => o.type === type))
        o.callback({ getEntries: () => [entry] });
    },
  };
}

afterEach(() => {
  for (const cleanUp of cleanUps.splice(0)) cleanUp();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the starter of the page's scripts", () => {
  it("waits for the first image, then adds the preloads and the router's script unchanged", async () => {
    page({ image: true });
    const image = document.querySelector("img")!;
    await frames();
    expect(started()).toBeNull();
    expect(preloads()).toEqual([]);
    expect(messagesPreload()).toBeNull();
    image.dispatchEvent(new Event("load"));
    await frames();
    expect(started()?.textContent).toBe(ROUTER_SCRIPT);
    expect(preloads()).toEqual(["/assets/entry.js", "/assets/shell.js"]);
    // The messages as the page's own fetch asks for them (same origin, no credentials mode change).
    expect(messagesPreload()?.getAttribute("href")).toBe("/_messages/de.0123456789ab.json");
    expect(messagesPreload()?.crossOrigin).toBe("anonymous");
  });

  it("waits until the browser reports the first image shown, where it reports that", async () => {
    const browser = reportingBrowser();
    page({ image: true });
    const image = document.querySelector("img")!;
    image.dispatchEvent(new Event("load"));
    await frames();
    // Loaded, but perhaps not yet on the screen.
    expect(started()).toBeNull();
    browser.report("element", { element: document.createElement("img") });
    browser.report("paint", { name: "first-contentful-paint" });
    await frames();
    expect(started()).toBeNull();
    browser.report("element", { element: image });
    await frames();
    expect(started()?.textContent).toBe(ROUTER_SCRIPT);
  });

  it("waits for the first paint after the first image where only paints are reported", async () => {
    const browser = reportingBrowser(["paint"]);
    page({ image: true });
    document.querySelector("img")!.dispatchEvent(new Event("load"));
    await frames();
    expect(started()).toBeNull();
    browser.report("paint", { name: "first-contentful-paint" });
    await frames();
    expect(started()).not.toBeNull();
  });

  it("waits for the first paint on a page without a first image, where it is reported", async () => {
    const browser = reportingBrowser();
    page({ image: false });
    await frames();
    expect(started()).toBeNull();
    browser.report("paint", { name: "first-paint" });
    await frames();
    expect(started()).toBeNull();
    browser.report("paint", { name: "first-contentful-paint" });
    await frames();
    expect(started()?.textContent).toBe(ROUTER_SCRIPT);
  });

  it("does not wait for a report of a first image that failed", async () => {
    reportingBrowser();
    page({ image: true });
    document.querySelector("img")!.dispatchEvent(new Event("error"));
    await frames();
    expect(started()).not.toBeNull();
  });

  it("starts after a frame on a page without a first image", async () => {
    page({ image: false });
    await frames();
    expect(started()?.textContent).toBe(ROUTER_SCRIPT);
  });

  it("starts once, when the first image fails too", async () => {
    page({ image: true });
    const image = document.querySelector("img")!;
    image.dispatchEvent(new Event("error"));
    image.dispatchEvent(new Event("load"));
    await frames();
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it("starts after the longest wait whatever the image does", () => {
    vi.useFakeTimers();
    page({ image: true });
    vi.advanceTimersByTime(START_AT_THE_LATEST_MS - 1);
    expect(started()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(started()).not.toBeNull();
  });

  it("keeps a tap on a button until the page has hydrated, then clicks it again", async () => {
    page({ image: false });
    const button = document.querySelector("button")!;
    const clicks = vi.fn();
    button.addEventListener("click", clicks);
    button.click();
    expect(clicks).not.toHaveBeenCalled();
    document.documentElement.dataset.hydrated = "true";
    await frames();
    expect(clicks).toHaveBeenCalledTimes(1);
    button.click();
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it("leaves links, submit buttons and taps another script answered to the browser", () => {
    // A script earlier on the page (the consent banner's) answers its own buttons' taps.
    const earlier = (e: Event) => e.preventDefault();
    document.addEventListener("click", earlier, { capture: true, once: true });
    page({ image: false });
    document.body.insertAdjacentHTML(
      "beforeend",
      '<form action="/suche"><button>Suchen</button></form><a href="#top">Oben</a>',
    );
    const submit = document.querySelector("form button")!;
    const link = document.querySelector("a")!;
    const answered = document.querySelector('button[type="button"]')!;
    const seen: boolean[] = [];
    document.addEventListener("click", (e) => seen.push(e.defaultPrevented));
    for (const target of [submit, link]) {
      target.addEventListener("click", (e) => e.preventDefault(), { once: true });
    }
    answered.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    submit.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    // Each reached the page's own listeners: the starter stopped none of them.
    expect(seen).toHaveLength(3);
  });
});
