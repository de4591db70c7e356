// @vitest-environment happy-dom
/**
 * The page strip and the photo tray draw a photo's small copy, not its 2048 px screen copy:
 * the tray's picture offers both by width with its size known before it loads, and the
 * strip's page takes the screen copy only for a photo drawn larger than the small copy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Surface } from "../../domain/studio/document";
import { THUMB_EDGE } from "../../domain/studio/photoThumbs";
import { TestRoot } from "../furniture/furniture.testing";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import type { StudioPhoto } from "./api";
import { PageStrip } from "./PageStrip";
import { PhotoTray } from "./PhotoTray";
import { copyFor } from "./photoCopies";

/** Photos as the photo list gives them, their copies' sizes as the shop made them. */
const PHOTOS: StudioPhoto[] = [
  {
    id: "landscape-photo-0000000001",
    width: 6000,
    height: 4000,
    screenWidth: 2048,
    screenHeight: 1365,
    thumbWidth: 320,
    thumbHeight: 213,
  },
  {
    id: "small-photo-00000000000002",
    width: 300,
    height: 200,
    screenWidth: 300,
    screenHeight: 200,
    thumbWidth: 300,
    thumbHeight: 200,
  },
  // Sizes the tray could not work out from the original: it repeats the shop's.
  {
    id: "rounded-photo-0000000000003",
    width: 4999,
    height: 3333,
    screenWidth: 2047,
    screenHeight: 1366,
    thumbWidth: 319,
    thumbHeight: 214,
  },
];

let view: TestRoot;
beforeEach(() => {
  // Every page of the strip is in view at once.
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private readonly seen: IntersectionObserverCallback) {}
      observe() {
        this.seen([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
      }
      disconnect() {}
    },
  );
  view = new TestRoot();
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
});

const i18n = createI18n("de-DE", messagesFor("de-DE"));

describe("the photo tray", () => {
  it("shows each photo's small copy with its size, the screen copy offered by width", async () => {
    await view.render(
      <I18nContext value={i18n}>
        <PhotoTray photos={PHOTOS} onUploaded={() => {}} onPlace={() => {}} />
      </I18nContext>,
    );
    const [large, small, rounded] =
      view.container.querySelectorAll<HTMLImageElement>(".studio-tray__photo img");
    const base = "/web-api/studio/photos";
    expect(large!.getAttribute("src")).toBe(`${base}/${PHOTOS[0]!.id}/screen?size=small`);
    expect(large!.getAttribute("srcset")).toBe(
      `${base}/${PHOTOS[0]!.id}/screen?size=small 320w, ${base}/${PHOTOS[0]!.id}/screen 2048w`,
    );
    expect(large!.getAttribute("sizes")).toBe("6rem");
    expect([large!.getAttribute("width"), large!.getAttribute("height")]).toEqual(["320", "213"]);
    // A photo smaller than the small copy keeps its own size in both.
    expect([small!.getAttribute("width"), small!.getAttribute("height")]).toEqual(["300", "200"]);
    // The sizes are the ones the photo list says, not worked out again from the original.
    expect([rounded!.getAttribute("width"), rounded!.getAttribute("height")]).toEqual([
      "319",
      "214",
    ]);
    expect(rounded!.getAttribute("srcset")).toBe(
      `${base}/${PHOTOS[2]!.id}/screen?size=small 319w, ${base}/${PHOTOS[2]!.id}/screen 2047w`,
    );
    // The button says what it does; the picture is not read out besides.
    expect(large!.getAttribute("alt")).toBe("");
    expect(large!.closest("button")!.getAttribute("aria-label")).toMatch(/1/);
  });
});

describe("the page strip", () => {
  const page = (photoWidth: number): Surface => ({
    id: "page-1",
    name: "spread",
    trim: { width: 400, height: 200 },
    bleed: 3,
    safeInset: 10,
    background: "#ffffff",
    elements: [
      {
        id: "frame-1",
        kind: "photo",
        x: 0,
        y: 0,
        width: photoWidth,
        height: 200,
        rotation: 0,
        locked: false,
        photo: {
          photoId: PHOTOS[0]!.id,
          crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 },
        },
      },
    ],
  });

  it("draws a page's photo from its small copy", async () => {
    await view.render(
      <I18nContext value={i18n}>
        <PageStrip
          surfaces={[page(300)]}
          current={0}
          photos={new Map(PHOTOS.map((p) => [p.id, p]))}
          nameOf={(i) => `Seite ${i + 1}`}
          show={() => {}}
          movable={() => false}
          move={() => {}}
          announce={() => {}}
        />
      </I18nContext>,
    );
    const image = view.container.querySelector("svg image");
    expect(image!.getAttribute("href")).toBe(
      `/web-api/studio/photos/${PHOTOS[0]!.id}/screen?size=small`,
    );
  });
});

describe("the copy for a photo drawn at a size", () => {
  it("is the small one while it has a pixel for each device pixel, else the screen copy", () => {
    expect(copyFor("p", THUMB_EDGE / 2, 2)).toMatch(/\/screen\?size=small$/);
    expect(copyFor("p", THUMB_EDGE / 2 + 1, 2)).toMatch(/\/screen$/);
    expect(copyFor("p", THUMB_EDGE, 1)).toMatch(/\/screen\?size=small$/);
  });
});
