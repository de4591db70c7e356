/**
 * A published story's blocks are converted once and used again until the conversion could
 * differ: another content version (new objects), a countdown ending, or the reuse time.
 */
import { describe, expect, it } from "vitest";
import { setLogSink } from "../lib/log";
import { CONVERSION_REUSE_MS, prepareBlocks, type PrepareContext } from "./prepare.server";

const NOW = Date.parse("2026-11-22T10:00:00Z");
const END = "2026-11-22 10:30";
const END_MS = Date.parse("2026-11-22T10:30:00Z");

function storyBlocks() {
  return [
    {
      component: "Teaser",
      _uid: "t",
      headline: "Christmas",
      image: { filename: "/a/cards/x.jpg", alt: "" },
      countdownEndDate: END,
    },
    { component: "Text", _uid: "x", text: { type: "doc", content: [] } },
  ];
}

function context(now: number, preview = false) {
  const reads: string[] = [];
  const ctx: PrepareContext = {
    locale: "de-DE",
    channel: "cards",
    preview,
    now,
    images: {
      meta: async (filename) => {
        reads.push(filename);
        return { width: 1200, height: 600, ratio: 2 };
      },
    },
  };
  return { ctx, reads };
}

const countdown = (blocks: unknown[]) =>
  (blocks[0] as { countdownEndDate: string }).countdownEndDate;

describe("converting a story's blocks", () => {
  it("converts a published story's blocks once and gives the same blocks again", async () => {
    const blocks = storyBlocks();
    const first = context(NOW);
    const again = context(NOW + 1000);
    const a = await prepareBlocks(blocks, first.ctx);
    const b = await prepareBlocks(blocks, again.ctx);
    expect(first.reads).toEqual(["/a/cards/x.jpg"]);
    expect(again.reads).toEqual([]);
    expect(b[0]).toBe(a[0]);
  });

  it("converts again for another locale, another content version, and after the reuse time", async () => {
    const blocks = storyBlocks();
    await prepareBlocks(blocks, context(NOW).ctx);
    const swiss = context(NOW);
    await prepareBlocks(blocks, { ...swiss.ctx, locale: "de-CH" });
    expect(swiss.reads).toHaveLength(1);
    const published = context(NOW);
    await prepareBlocks(storyBlocks(), published.ctx);
    expect(published.reads).toHaveLength(1);
    const later = context(NOW + CONVERSION_REUSE_MS);
    await prepareBlocks(blocks, later.ctx);
    expect(later.reads).toHaveLength(1);
  });

  it("drops a countdown once it has ended, though the conversion is young", async () => {
    const blocks = storyBlocks();
    const before = await prepareBlocks(blocks, context(END_MS - 1000).ctx);
    expect(countdown(before)).toBe("2026-11-22T10:30:00.000Z");
    const after = await prepareBlocks(blocks, context(END_MS).ctx);
    expect(countdown(after)).toBe("");
  });

  it("converts a preview's draft afresh every time", async () => {
    const blocks = storyBlocks();
    await prepareBlocks(blocks, context(NOW, true).ctx);
    const again = context(NOW, true);
    await prepareBlocks(blocks, again.ctx);
    expect(again.reads).toHaveLength(1);
  });

  it("shows an asset whose size cannot be read without one, logged as asset-load-on-slug", async () => {
    const logged: { id: string; details: Record<string, unknown> }[] = [];
    setLogSink((_level, id, details) => logged.push({ id: String(id), details }));
    try {
      const blocks = storyBlocks();
      const [teaser] = await prepareBlocks(blocks, {
        ...context(NOW, true).ctx,
        slug: "de-de/weihnachten",
        images: { meta: () => Promise.reject(new Error("asset store unavailable")) },
      });
      expect(teaser).toMatchObject({ component: "Teaser" });
      expect(logged).toEqual([
        expect.objectContaining({
          id: "asset-load-on-slug",
          details: expect.objectContaining({
            filename: "/a/cards/x.jpg",
            slug: "de-de/weihnachten",
          }),
        }),
      ]);
    } finally {
      setLogSink(() => undefined);
    }
  });
  it("shows a block without an image whose size or view box breaks the rule, logged by identifier", async () => {
    const logged: { id: string; details: Record<string, unknown> }[] = [];
    setLogSink((_level, id, details) => logged.push({ id: String(id), details }));
    try {
      const item = (title: string, image: Record<string, unknown>) => ({
        component: "SubTeaser",
        _uid: title,
        title,
        image: { filename: "/a/cards/x.jpg", alt: "", ...image },
      });
      const blocks = [
        {
          component: "SubTeasers",
          _uid: "s",
          items: [
            item("em", { width: "30em" }),
            item("negative", { height: -4 }),
            item("three numbers", { viewBox: "0 0 24" }),
            item("px", { width: "300px", height: "200" }),
            item("view box", { viewBox: "0 0 24 24" }),
          ],
        },
      ];
      const [prepared] = (await prepareBlocks(blocks, context(NOW, true).ctx)) as {
        items: { title: string; image: { src: string } | null }[];
      }[];
      expect(prepared!.items.map((i) => [i.title, i.image?.src ?? null])).toEqual([
        ["em", null],
        ["negative", null],
        ["three numbers", null],
        ["px", "/a/cards/x.jpg"],
        ["view box", "/a/cards/x.jpg"],
      ]);
      expect(logged.map((l) => [l.id, l.details])).toEqual([
        ["invalid-image-dimension", { filename: "/a/cards/x.jpg", field: "width", value: "30em" }],
        ["invalid-image-dimension", { filename: "/a/cards/x.jpg", field: "height", value: -4 }],
        ["invalid-icon-view-box", { filename: "/a/cards/x.jpg", viewBox: "0 0 24" }],
      ]);
    } finally {
      setLogSink(() => undefined);
    }
  });
});
