// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { densitySrcSet, Image, layoutRatio, PAYMENT_LOGO_PRESET, type ImageProps } from "./Image";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // happy-dom reports every image as complete at once; a browser does so only once it has loaded.
  Object.defineProperty(HTMLImageElement.prototype, "complete", {
    configurable: true,
    get: () => false,
  });
});

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(props: ImageProps, channel: ChannelId = "cards") {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ channel }),
      HydrateFallback: () => null,
      Component: () => <Image {...props} />,
    },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/"]} />));
  await vi.waitFor(() => expect(container.querySelector("img")).not.toBeNull());
  return {
    box: container.querySelector(".image") as HTMLElement,
    img: container.querySelector("img") as HTMLImageElement,
  };
}

const SRC = "/a/cards/photo-calendar.jpg";

describe("layout ratio", () => {
  it("takes the given ratio, else the source's, else 1/1; a failed metadata read (ratio 0) counts as unknown", () => {
    expect(layoutRatio(16 / 9, { width: 100, height: 100, ratio: 1 })).toBeCloseTo(16 / 9);
    expect(layoutRatio(undefined, { width: 1600, height: 1200, ratio: 4 / 3 })).toBeCloseTo(4 / 3);
    expect(layoutRatio(undefined, { width: 0, height: 0, ratio: 0 })).toBe(1);
    expect(layoutRatio(undefined, undefined)).toBe(1);
  });

  it("refuses empty densities", () => {
    expect(() => densitySrcSet(SRC, 10, 10, [], () => "")).toThrow(/must not be empty/);
  });
});

describe("Image", () => {
  it("has a srcset for densities 1 and 2 and explicit width and height", async () => {
    const { img, box } = await render({ src: SRC, alt: "A calendar", width: 300, ratio: 3 / 2 });
    expect(img.getAttribute("src")).toBe("/_img/300x200/a/cards/photo-calendar.jpg");
    expect(img.getAttribute("srcset")).toBe(
      "/_img/300x200/a/cards/photo-calendar.jpg 1x, /_img/600x400/a/cards/photo-calendar.jpg 2x",
    );
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["300", "200"]);
    expect(box.style.aspectRatio).toBe("300 / 200");
    expect(img.getAttribute("alt")).toBe("A calendar");
  });

  it("is square by default and when the source's size could not be read", async () => {
    const { img } = await render({
      src: SRC,
      alt: "",
      width: 120,
      meta: { width: 0, height: 0, ratio: 0 },
    });
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["120", "120"]);
  });

  it("shows the blurred 10x10 placeholder until loaded, then the image", async () => {
    const { img, box } = await render({ src: SRC, alt: "", width: 100 });
    expect(box.dataset.state).toBe("loading");
    expect(box.getAttribute("style")).toContain(
      "/_img/10x10/filters:quality(50):blur(3)/a/cards/photo-calendar.jpg",
    );
    await act(async () => img.dispatchEvent(new Event("load")));
    expect(box.dataset.state).toBe("loaded");
    expect(box.dataset.state).toBe("loaded");
  });

  it("turns into a grey box with the image hidden when loading fails", async () => {
    const { img, box } = await render({ src: SRC, alt: "", width: 100 });
    await act(async () => img.dispatchEvent(new Event("error")));
    expect(box.dataset.state).toBe("error");
  });

  it("loads lazily, except the first image of a channel that does not lazy-load it", async () => {
    const lazy = await render({ src: SRC, alt: "", width: 100 });
    expect(lazy.img.getAttribute("loading")).toBe("lazy");
    act(() => root.unmount());
    root = createRoot(container);
    const first = await render({ src: SRC, alt: "", width: 100, priority: true }, "cards");
    expect(first.img.getAttribute("loading")).toBe("eager");
    expect(first.img.getAttribute("fetchpriority")).toBe("high");
    // The browser reports when it has shown the first image; the page's scripts wait for that.
    expect(first.img.getAttribute("elementtiming")).toBe("first-image");
    expect(lazy.img.hasAttribute("elementtiming")).toBe(false);
    act(() => root.unmount());
    root = createRoot(container);
    const features = CHANNELS.wallart.features;
    features.lazyFirstImage = true;
    try {
      const lazyFirst = await render(
        { src: "/a/wallart/canvas-print.jpg", alt: "", width: 100, priority: true },
        "wallart",
      );
      expect(lazyFirst.img.getAttribute("loading")).toBe("lazy");
    } finally {
      features.lazyFirstImage = false;
    }
  });

  it("an eager first image asks for no placeholder, which would compete with it", async () => {
    const { box } = await render({ src: SRC, alt: "", width: 100, priority: true }, "cards");
    expect(box.getAttribute("style")).not.toContain("/_img/10x10/");
  });

  it("renders payment logos at quality 100", async () => {
    const { img } = await render({
      src: "/a/cards/furniture-pay-visa.svg",
      alt: "Visa",
      width: 73,
      height: 32,
      preset: PAYMENT_LOGO_PRESET,
    });
    expect(img.getAttribute("srcset")).toBe(
      "/_img/73x32/filters:quality(100)/a/cards/furniture-pay-visa.svg 1x, /_img/146x64/filters:quality(100)/a/cards/furniture-pay-visa.svg 2x",
    );
  });

  it("gives art-directed sources their own densities and size", async () => {
    const { img, box } = await render({
      src: SRC,
      alt: "",
      width: 1200,
      ratio: 12 / 5,
      sources: [{ media: "(max-width: 767px)", width: 768, ratio: 4 / 3 }],
    });
    const source = container.querySelector("source");
    expect(source?.getAttribute("srcset")).toBe(
      "/_img/768x576/a/cards/photo-calendar.jpg 1x, /_img/1536x1152/a/cards/photo-calendar.jpg 2x",
    );
    expect([source?.getAttribute("width"), source?.getAttribute("height")]).toEqual(["768", "576"]);
    expect(box.style.aspectRatio).toBe("");
    expect(img.getAttribute("height")).toBe("500");
  });

  it("announces the first image in the head, each candidate under the media query that picks it", async () => {
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => [
        link.getAttribute("media"),
        link.getAttribute("imagesrcset"),
        link.getAttribute("fetchpriority"),
      ]);
    document.head.innerHTML = "";
    await render({ src: SRC, alt: "", width: 300 });
    expect(preloads()).toEqual([]);
    act(() => root.unmount());
    root = createRoot(container);
    await render({
      src: SRC,
      alt: "",
      width: 1200,
      ratio: 12 / 5,
      sources: [{ media: "(max-width: 767px)", width: 768, ratio: 4 / 3 }],
      priority: true,
    });
    expect(preloads()).toEqual([
      [
        "(max-width: 767px)",
        "/_img/768x576/a/cards/photo-calendar.jpg 1x, /_img/1536x1152/a/cards/photo-calendar.jpg 2x",
        "high",
      ],
      [
        "(not ((max-width: 767px)))",
        "/_img/1200x500/a/cards/photo-calendar.jpg 1x, /_img/2400x1000/a/cards/photo-calendar.jpg 2x",
        "high",
      ],
    ]);
  });

  it.each([
    [{ provider: "cloudinary" }, /Unknown image provider "cloudinary"/],
    [{ preset: "hero" as never }, /Unknown image preset "hero"/],
  ])("treats %j as an error", async (extra, message) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => ({ channel: "cards" }),
        HydrateFallback: () => null,
        Component: () => <Image src={SRC} alt="" width={100} {...extra} />,
        ErrorBoundary: () => <p role="alert">failed</p>,
      },
    ]);
    let thrown: unknown;
    try {
      await act(async () => root.render(<Stub initialEntries={["/"]} />));
    } catch (error) {
      thrown = error;
    }
    await vi.waitFor(() => expect(container.querySelector("[role=alert]")).not.toBeNull());
    const logged = vi.mocked(console.error).mock.calls.flat().map(String).join("\n");
    expect(`${String(thrown ?? "")}\n${logged}`).toMatch(message);
    vi.mocked(console.error).mockRestore();
  });
});
