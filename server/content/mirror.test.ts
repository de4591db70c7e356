import type { ISbStoryData } from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createLogger } from "../logger";
import { LastKnownContent } from "./lastKnown";
import { ContentMirror } from "./mirror";

const story = (fullSlug: string, name = fullSlug) =>
  ({ id: 1, uuid: fullSlug, name, full_slug: fullSlug, content: {} }) as unknown as ISbStoryData;

/** A mirror over a space whose stories the test sets, counting the whole reads. */
function mirrorOf(
  spaceAt: (cv: number) => ISbStoryData[] | Promise<ISbStoryData[]>,
  options: { minIntervalMs?: number; keep?: LastKnownContent } = {},
) {
  const reads: number[] = [];
  const log = createLogger("silent");
  const warn = vi.spyOn(log, "warn");
  const mirror = new ContentMirror({
    readAll: async (_channel, cv) => {
      reads.push(cv);
      return spaceAt(cv);
    },
    log,
    keep: options.keep,
    minIntervalMs: options.minIntervalMs ?? 0,
  });
  return { mirror, reads, warn };
}

describe("the copy of a space for outages", () => {
  it("reads the whole space when a new cv is seen and finds the first slug it holds", async () => {
    const { mirror, reads } = mirrorOf(() => [story("de-de/home"), story("de-de/service/")]);
    expect(await mirror.find("cards", ["de-de/home"])).toBeUndefined();
    mirror.saw("cards", 7);
    await mirror.settled();
    expect(reads).toEqual([7]);
    expect(mirror.cvOf("cards")).toBe(7);
    expect(
      (await mirror.find("cards", ["de-ch/service", "de-de/service", "de-de/service/"]))?.full_slug,
    ).toBe("de-de/service/");
    expect(await mirror.find("cards", ["de-de/nie"])).toBeUndefined();
    expect(await mirror.find("wallart", ["de-de/home"])).toBeUndefined();
    // The same cv again reads nothing.
    mirror.saw("cards", 7);
    await mirror.settled();
    expect(reads).toEqual([7]);
  });

  it("lists the stories below a folder", async () => {
    const { mirror } = mirrorOf(() => [story("de-de/home"), story("fr-fr/home"), story("de-de/a")]);
    expect(await mirror.below("cards", "de-de/")).toBeUndefined();
    mirror.saw("cards", 1);
    await mirror.settled();
    expect((await mirror.below("cards", "de-de/"))?.map((s) => s.full_slug)).toEqual([
      "de-de/home",
      "de-de/a",
    ]);
  });

  it("reads first one interval after it started, then at most once per interval and only the newest cv seen meanwhile", async () => {
    vi.useFakeTimers();
    try {
      const { mirror, reads } = mirrorOf((cv) => [story(`de-de/v${cv}`)], {
        minIntervalMs: 60_000,
      });
      mirror.saw("cards", 1);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(reads).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(reads).toEqual([1]);
      mirror.saw("cards", 2);
      mirror.saw("cards", 3);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(reads).toEqual([1]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(reads).toEqual([1, 3]);
      expect(await mirror.find("cards", ["de-de/v3"])).toBeDefined();
      expect(await mirror.find("cards", ["de-de/v1"])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads a cv seen during a read once that read is done", async () => {
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (release = resolve));
    const { mirror, reads } = mirrorOf(async (cv) => {
      if (cv === 1) await first;
      return [story(`de-de/v${cv}`)];
    });
    mirror.saw("cards", 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    mirror.saw("cards", 2);
    release();
    await mirror.settled();
    expect(reads).toEqual([1, 2]);
    expect(mirror.cvOf("cards")).toBe(2);
  });

  it("starts no read once stopped (its database is closing)", async () => {
    vi.useFakeTimers();
    try {
      const { mirror, reads } = mirrorOf((cv) => [story(`de-de/v${cv}`)], {
        minIntervalMs: 60_000,
      });
      mirror.saw("cards", 1);
      await vi.advanceTimersByTimeAsync(60_000);
      mirror.saw("cards", 2);
      mirror.stop();
      mirror.saw("cards", 3);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(reads).toEqual([1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the old copy when a read fails, logs it and reads again at the next cv", async () => {
    const { mirror, reads, warn } = mirrorOf((cv) => {
      if (cv === 2) throw new Error("502 Bad Gateway");
      return [story(`de-de/v${cv}`)];
    });
    mirror.saw("cards", 1);
    await mirror.settled();
    mirror.saw("cards", 2);
    await mirror.settled();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ channel: "cards", cv: 2 }),
      "content mirror could not be read",
    );
    expect(await mirror.find("cards", ["de-de/v1"])).toBeDefined();
    mirror.saw("cards", 3);
    await mirror.settled();
    expect(reads).toEqual([1, 2, 3]);
    expect(await mirror.find("cards", ["de-de/v3"])).toBeDefined();
  });
});

describe.each(TEST_DATABASES)("the kept copy of a remote space on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("gives a process that never read the space the copy an earlier process kept", async () => {
    const keep = new LastKnownContent(database.db);
    const earlier = mirrorOf(() => [story("de-de/home", "Start"), story("de-de/agb", "AGB")], {
      keep,
    });
    earlier.mirror.saw("cards", 9);
    await earlier.mirror.settled();

    const later = mirrorOf(
      () => {
        throw new Error("never read");
      },
      { keep },
    );
    expect((await later.mirror.find("cards", ["de-de/agb"]))?.name).toBe("AGB");
    expect(later.mirror.cvOf("cards")).toBe(9);
    expect(await later.mirror.find("wallart", ["de-de/agb"])).toBeUndefined();
    expect(later.reads).toEqual([]);
  });
});
