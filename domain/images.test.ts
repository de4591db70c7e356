import { describe, expect, it } from "vitest";
import {
  pictureMedia,
  ImageConfigError,
  MAX_OUTPUT_PIXELS,
  applyPreset,
  canonicalImageKey,
  canonicalRequest,
  outputSize,
  outputSizeProblem,
  imageUrl,
  avifQuality,
  negotiateFormat,
  parseAssetPath,
  parseImagePath,
  providerFor,
  type ImageRequest,
} from "./images";

function parsed(path: string): ImageRequest {
  const result = parseImagePath(path);
  if (!result.ok) throw new Error(result.message);
  return result.request;
}

describe("asset paths", () => {
  it.each([
    ["/a/cards/hero-calendar.jpg", { channel: "cards", file: "hero-calendar.jpg" }],
    [
      "/a/wallart/canvas_living-room.v2.webp",
      { channel: "wallart", file: "canvas_living-room.v2.webp" },
    ],
    ["/a/cards/teaser.webm", { channel: "cards", file: "teaser.webm" }],
  ])("accepts %s", (path, ref) => {
    expect(parseAssetPath(path)).toEqual(ref);
  });

  it.each([
    "/a/cards/../secret.jpg",
    "/a/cards/..jpg",
    "/a/cards/.hidden.jpg",
    "/a/cards/x.exe",
    "/a/cards/Upper.jpg",
    "/a/cards/sub/dir.jpg",
    "/a/../etc/passwd",
    "/a/cards/x%2e%2e.jpg",
    "/a/cards/x.jpg?x=1",
    "/b/cards/x.jpg",
    "a/cards/x.jpg",
    "/a/cards/x..jpg",
    "/a/CARDS/x.jpg",
    "/a/cards/x\\y.jpg",
  ])("refuses %s", (path) => {
    expect(parseAssetPath(path)).toBeNull();
  });
});

describe("building image URLs", () => {
  it("puts size, fit, smart and filters before the asset path", () => {
    expect(
      imageUrl("/a/cards/x.jpg", {
        width: 300,
        height: 200,
        fit: "contain",
        smart: true,
        filters: { quality: 50, format: "webp", blur: 3, fill: "FFFFFF" },
      }),
    ).toBe(
      "/_img/300x200/fit-in/smart/filters:quality(50):format(webp):blur(3):fill(ffffff)/a/cards/x.jpg",
    );
  });

  it("leaves out the default quality 85 and a cover fit", () => {
    expect(imageUrl("/a/cards/x.jpg", { width: 300, height: 0, filters: { quality: 85 } })).toBe(
      "/_img/300x0/a/cards/x.jpg",
    );
  });

  it("builds the 10x10 placeholder at quality 50 with blur 3", () => {
    expect(imageUrl("/a/cards/x.jpg", {}, { preset: "placeholder" })).toBe(
      "/_img/10x10/filters:quality(50):blur(3)/a/cards/x.jpg",
    );
  });

  it("builds payment logos at quality 100", () => {
    expect(
      imageUrl("/a/cards/visa.svg", { width: 73, height: 32 }, { preset: "payment-logo" }),
    ).toBe("/_img/73x32/filters:quality(100)/a/cards/visa.svg");
  });

  it("uses Storyblok's /m/ suffix for Storyblok assets", () => {
    const src = "https://a.storyblok.com/f/39898/3310x2192/e4ec08624e/demo.jpeg";
    expect(providerFor(src)).toBe("storyblok");
    expect(
      imageUrl(src, { width: 500, height: 500, smart: true, filters: { format: "webp" } }),
    ).toBe(`${src}/m/500x500/smart/filters:format(webp)`);
  });

  it("treats an unknown provider as an error", () => {
    expect(() => imageUrl("/a/cards/x.jpg", {}, { provider: "cloudinary" })).toThrow(
      /Unknown image provider "cloudinary"/,
    );
  });

  it("treats an unknown preset as an error", () => {
    expect(() => imageUrl("/a/cards/x.jpg", {}, { preset: "hero" })).toThrow(ImageConfigError);
    expect(() => applyPreset("hero")).toThrow(/Unknown image preset "hero"/);
  });

  it("refuses a source no provider serves", () => {
    expect(() => imageUrl("https://evil.example/x.jpg", { width: 10 })).toThrow(
      /No image provider/,
    );
    expect(() => imageUrl("/a/cards/x.jpg", {}, { provider: "storyblok" })).toThrow(
      /does not serve/,
    );
  });

  it.each([
    [{ width: -1 }],
    [{ width: 4001 }],
    [{ width: 1.5 }],
    [{ filters: { quality: 101 } }],
    [{ filters: { blur: -1 } }],
    [{ filters: { brightness: 101 } }],
    [{ filters: { rotate: 45 } }],
    [{ filters: { format: "gif" } }],
    [{ filters: { fill: "red;" } }],
    [{ filters: { focal: { left: 10, top: 10, right: 5, bottom: 20 } } }],
  ])("refuses invalid modifiers %j", (modifiers) => {
    expect(() => imageUrl("/a/cards/x.jpg", modifiers as never)).toThrow(ImageConfigError);
  });
});

describe("parsing image paths", () => {
  it("round-trips what the builder writes", () => {
    const url = imageUrl("/a/wallart/canvas.jpg", {
      width: 640,
      height: 480,
      fit: "inside",
      smart: true,
      filters: { quality: 70, format: "png", brightness: -20, grayscale: true, rotate: 90 },
    });
    const request = parsed(url.slice("/_img".length));
    expect(request).toEqual({
      asset: { channel: "wallart", file: "canvas.jpg" },
      modifiers: {
        width: 640,
        height: 480,
        fit: "inside",
        smart: true,
        filters: { quality: 70, format: "png", brightness: -20, grayscale: true, rotate: 90 },
      },
    });
  });

  it("defaults to quality 85, cover and no format", () => {
    expect(parsed("/300x0/a/cards/x.jpg").modifiers).toEqual({
      width: 300,
      height: 0,
      fit: "cover",
      smart: false,
      filters: { quality: 85 },
    });
  });

  it("reads Storyblok's spelling: fit-in, jpg and a focal area", () => {
    const request = parsed(
      "/300x300/fit-in/filters:format(jpg):focal(10x20:110x220)/a/cards/x.jpg",
    );
    expect(request.modifiers.fit).toBe("contain");
    expect(request.modifiers.filters).toMatchObject({
      format: "jpeg",
      focal: { left: 10, top: 20, right: 110, bottom: 220 },
    });
  });

  it("expands a preset, with the size left to it", () => {
    expect(parsed("/0x0/preset:placeholder/a/cards/x.jpg").modifiers).toMatchObject({
      width: 10,
      height: 10,
      filters: { quality: 50, blur: 3 },
    });
  });

  it.each([
    ["/0x0/preset:hero/a/cards/x.jpg", /Unknown image preset "hero"/],
    ["/300x0/https:/evil.example/x.jpg", /Unknown image provider/],
    ["/300x0/cloudinary/x.jpg", /Unknown image provider/],
    ["/300x0/bogus/a/cards/x.jpg", /Unknown image option "bogus"/],
    ["/300/a/cards/x.jpg", /starts with the size/],
    ["/5000x0/a/cards/x.jpg", /Invalid image width/],
    ["/300x0/filters:sepia()/a/cards/x.jpg", /Unknown image filter "sepia"/],
    ["/300x0/filters:quality(abc)/a/cards/x.jpg", /Invalid quality/],
    ["/300x0/filters:rotate(45)/a/cards/x.jpg", /Invalid rotation/],
    ["/300x0/filters:format(gif)/a/cards/x.jpg", /Invalid format/],
    ["/300x0/filters:grayscale(1)/a/cards/x.jpg", /takes no argument/],
    ["/300x0/fit-squash/a/cards/x.jpg", /Invalid image fit/],
  ])("answers %s with 400", (path, message) => {
    const result = parseImagePath(path);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.status).toBe(400);
      expect(result.message).toMatch(message);
    }
  });

  it.each(["/300x0/a/cards/../x.jpg", "/300x0/a/cards/x.exe", "/300x0/a/cards"])(
    "answers a bad asset name %s with 404",
    (path) => {
      expect(parseImagePath(path)).toMatchObject({ ok: false, status: 404 });
    },
  );

  it("gives the same cache key to the same image written differently", () => {
    const a = parsed("/300x0/filters:blur(3):quality(85)/a/cards/x.jpg");
    const b = parsed("/300x0/filters:quality(85):blur(3)/a/cards/x.jpg");
    const c = parsed("/300x0/filters:blur(4)/a/cards/x.jpg");
    expect(canonicalImageKey(a, "webp")).toBe(canonicalImageKey(b, "webp"));
    expect(canonicalImageKey(a, "webp")).not.toBe(canonicalImageKey(a, "jpeg"));
    expect(canonicalImageKey(a, "webp")).not.toBe(canonicalImageKey(c, "webp"));
  });
});

describe("format negotiation", () => {
  it.each([
    [undefined, false, "webp"],
    ["", false, "webp"],
    ["image/avif,image/webp,image/apng,image/*,*/*;q=0.8", false, "avif"],
    ["image/avif,image/webp,*/*", true, "avif"],
    ["image/avif;q=0,image/webp", false, "webp"],
    ["image/webp,image/apng,image/*,*/*;q=0.8", false, "webp"],
    ["*/*", false, "webp"],
    ["image/jpeg,image/png", false, "jpeg"],
    ["image/jpeg,image/png", true, "png"],
  ])("Accept %j (alpha %s) gives %s", (accept, alpha, format) => {
    expect(negotiateFormat(accept, alpha)).toBe(format);
  });
});

describe("avif quality", () => {
  it("runs lower than the requested quality, never below 1", () => {
    expect(avifQuality(85)).toBe(64);
    expect(avifQuality(100)).toBe(75);
    expect(avifQuality(0)).toBe(1);
  });
});

describe("what a render may cost", () => {
  const wide = { width: 2000, height: 553 };
  const request = parsed;

  it("knows the output size of every fit, also where it exceeds the box", () => {
    const m = (path: string) => request(`${path}/a/cards/x.jpg`).modifiers;
    expect(outputSize(wide, m("/400x400"))).toEqual({ width: 400, height: 400 });
    expect(outputSize(wide, m("/400x400/fit-in"))).toEqual({ width: 400, height: 400 });
    expect(outputSize(wide, m("/400x400/fit-inside"))).toEqual({ width: 400, height: 111 });
    expect(outputSize(wide, m("/1x4000/fit-outside"))).toEqual({ width: 14467, height: 4000 });
    expect(outputSize(wide, m("/400x0"))).toEqual({ width: 400, height: 111 });
    expect(outputSize(wide, m("/0x0"))).toEqual(wide);
    expect(outputSize(wide, m("/400x0/filters:rotate(90)"))).toEqual({ width: 111, height: 400 });
  });

  it("refuses an output with a side over 4000 px or more than 16 megapixels, whatever the fit", () => {
    expect(outputSizeProblem({ width: 14467, height: 4000 })).toMatch(/at most 4000 px/);
    expect(outputSizeProblem({ width: 4000, height: 4001 })).toMatch(/at most 4000 px/);
    expect(outputSizeProblem({ width: 4000, height: 4000 })).toBeNull();
    expect(MAX_OUTPUT_PIXELS).toBe(16_000_000);
  });

  it("gives requests that make the same image one canonical form", () => {
    const source = { width: 800, height: 600 };
    const key = (path: string) =>
      canonicalImageKey(canonicalRequest(request(`${path}/a/cards/x.jpg`), source), "webp");
    // A focal area beyond the image is clipped to it.
    expect(key("/200x200/filters:focal(100x100:99999x99999)")).toBe(
      key("/200x200/filters:focal(100x100:800x600)"),
    );
    // A focal area or the attention strategy decides nothing without a crop.
    expect(key("/200x0/filters:focal(1x1:5x5)")).toBe(key("/200x0"));
    expect(key("/200x200/fit-in/smart")).toBe(key("/200x200/fit-in"));
    // A fill pads only a contained image.
    expect(key("/200x200/filters:fill(ff0000)")).toBe(key("/200x200"));
    expect(key("/200x200/fit-in/filters:fill(ff0000)")).not.toBe(key("/200x200/fit-in"));
    // What changes the image keeps its own key.
    expect(key("/200x200/filters:focal(0x0:100x100)")).not.toBe(key("/200x200"));
  });
});

describe("pictureMedia", () => {
  it("gives the image every screen when the picture has no sources", () => {
    expect(pictureMedia([])).toEqual([undefined]);
  });

  it("leaves each source's screens to the first source that matches, and the rest to the image", () => {
    expect(pictureMedia(["(max-width: 479px)", "(max-width: 767px)"])).toEqual([
      "(max-width: 479px)",
      "(max-width: 767px) and (not ((max-width: 479px)))",
      "(not ((max-width: 479px))) and (not ((max-width: 767px)))",
    ]);
  });
});
