// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAROUSEL_RESIZE_DEBOUNCE_MS } from "../../domain/constants";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import { TestRoot } from "../furniture/furniture.testing";
import { REVIEW_CAROUSEL } from "../furniture/footer/ReviewBlock";
import { Carousel } from "./Carousel";

/** An IntersectionObserver the test reveals by hand. */
class TestObserver {
  static all: TestObserver[] = [];
  constructor(private callback: IntersectionObserverCallback) {
    TestObserver.all.push(this);
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  reveal() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

const i18n = createI18n("de-DE", messagesFor("de-DE"));
let view: TestRoot;

function setWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  TestObserver.all = [];
  vi.stubGlobal("IntersectionObserver", TestObserver);
  view = new TestRoot();
});

afterEach(() => {
  view.unmount();
  vi.useRealTimers();
});

async function mount(count: number) {
  const slides = Array.from({ length: count }, (_, i) => <p key={i}>Review {i + 1}</p>);
  await view.render(
    <I18nContext value={i18n}>
      <Carousel slides={slides} config={REVIEW_CAROUSEL} label="Bewertungen" />
    </I18nContext>,
  );
}

/** A resize that settles: the layout follows once the debounce has passed. */
async function resizeTo(width: number, wait = CAROUSEL_RESIZE_DEBOUNCE_MS) {
  setWidth(width);
  await act(async () => {
    window.dispatchEvent(new Event("resize"));
    await vi.advanceTimersByTimeAsync(wait);
  });
}

async function reveal() {
  await act(async () => TestObserver.all.forEach((observer) => observer.reveal()));
}

const carousel = () => view.container.querySelector(".carousel") as HTMLElement;
const buttons = () => view.container.querySelectorAll(".carousel__button").length;
const dots = () => view.container.querySelectorAll(".carousel__dot").length;

describe("the carousel in the page", () => {
  it("initialises only when it first becomes visible", async () => {
    await mount(5);
    await resizeTo(375);
    expect(carousel().dataset.initialised).toBeUndefined();
    expect(buttons()).toBe(0);
    await reveal();
    expect(carousel().dataset.initialised).toBe("true");
    expect([buttons(), dots()]).toEqual([2, 5]);
  });

  it("shows buttons and dots only when the slides are wider than the container", async () => {
    await mount(3);
    await resizeTo(1280);
    await reveal();
    // Three reviews, three per view from 720 px: everything fits.
    expect([buttons(), dots()]).toEqual([0, 0]);
    expect(carousel().dataset.scrollable).toBeUndefined();
    await resizeTo(375);
    expect([buttons(), dots()]).toEqual([2, 3]);
  });

  it("follows a resize only after 200 ms without another one", async () => {
    await mount(5);
    await resizeTo(1280);
    await reveal();
    expect(dots()).toBe(2);
    await resizeTo(375, CAROUSEL_RESIZE_DEBOUNCE_MS - 1);
    expect(dots()).toBe(2);
    await resizeTo(376, CAROUSEL_RESIZE_DEBOUNCE_MS - 1);
    expect(dots()).toBe(2);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(dots()).toBe(5);
  });
});

describe("the carousel before its code runs", () => {
  it("lays out every breakpoint by media queries, as the browser will", async () => {
    const { renderToString } = await import("react-dom/server");
    const slides = Array.from({ length: 5 }, (_, i) => <p key={i}>Review {i + 1}</p>);
    const html = renderToString(
      <I18nContext value={i18n}>
        <Carousel slides={slides} config={REVIEW_CAROUSEL} label="Bewertungen" />
      </I18nContext>,
    );
    const scope = /data-carousel="([^"]+)"/.exec(html)?.[1];
    expect(scope).toBeTruthy();
    expect(html).toContain(`[data-carousel="${scope}"] .carousel__track{--per-view:1;--gap:0px}`);
    expect(html).toContain(
      `@media (min-width:720px){[data-carousel="${scope}"] .carousel__track{--per-view:3;--gap:20px}`,
    );
    expect(html).toContain(
      `@media (min-width:1080px){[data-carousel="${scope}"] .carousel__track{--per-view:3;--gap:45px}`,
    );
    // The controls row keeps its room already, without buttons that could not work yet.
    expect(html).toContain('class="carousel__controls"');
    expect(html).not.toContain("carousel__button");
  });

  it("keeps no room for controls where all slides fit", async () => {
    const { renderToString } = await import("react-dom/server");
    const slides = Array.from({ length: 3 }, (_, i) => <p key={i}>Review {i + 1}</p>);
    const html = renderToString(
      <I18nContext value={i18n}>
        <Carousel slides={slides} config={REVIEW_CAROUSEL} label="Bewertungen" />
      </I18nContext>,
    );
    expect(html).toMatch(/carousel__controls\{display:flex\}@media \(min-width:720px\)/);
    expect(html).toMatch(
      /@media \(min-width:720px\)\{[^}]+\}[^}]*carousel__controls\{display:none\}/,
    );
  });
});
