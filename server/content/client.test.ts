import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contentLastKnown } from "../../db/schema";
import { createHostTable } from "../../config/hosts";
import type { Locale } from "../../domain/locales";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { Cms } from "../../cms/cms";
import { ContentStore } from "../../cms/store";
import { createContent } from "../services";
import { ContentClient, ContentRequestError } from "./client";

const FIXTURES = path.resolve("server/content/fixtures");

function env(overrides: Record<string, string> = {}) {
  return parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    CONTENT_DIR: FIXTURES,
    CONTENT_CV_TTL_SECONDS: "300",
    // Whole-space reads for the outage copy would add requests the tests count; its own tests turn it on.
    CONTENT_MIRROR: "false",
    ...overrides,
  });
}

const page = (locale: Locale, slug: string) =>
  ({ channel: "cards", locale, slug, version: "published" }) as const;

describe.each(TEST_DATABASES)("content service on %s", (kind) => {
  let database: TestDatabase;
  let content: ContentClient;
  let cms: Cms | null;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ content, cms } = await createContent(
      env(),
      createLogger("silent"),
      database.db,
      createHostTable(),
    ));
  });
  afterAll(async () => {
    cms?.close();
    await database.destroy();
  });

  it("serves a locale's own story before its fallback's", async () => {
    expect((await content.getStory(page("de-DE", "home")))?.fullSlug).toBe("de-de/home");
    expect((await content.getStory(page("de-CH", "home")))?.fullSlug).toBe("de-ch/home");
  });

  it.each([
    ["de-AT", "de-de/home"],
    ["de-LI", "de-de/home"],
    ["de-LU", "de-de/home"],
    ["fr-CH", "fr-fr/home"],
    ["fr-BE", "fr-fr/home"],
    ["en-US", "en-gb/home"],
  ] as const)("falls back from %s to %s", async (locale, fullSlug) => {
    const story = await content.getStory(page(locale, "home"));
    expect(story?.fullSlug).toBe(fullSlug);
    expect(story?.folder).toBe(fullSlug.split("/")[0]);
  });

  it("answers null for a story no locale of the chain has", async () => {
    expect(await content.getStory(page("it-IT", "home"))).toBeNull();
    expect(await content.getStory(page("de-DE", "gibt-es-nicht"))).toBeNull();
  });

  it("answers a folder's slug with the folder's start page", async () => {
    const story = await content.getStory(page("de-DE", "service"));
    expect(story?.fullSlug).toBe("de-de/service/");
    expect((await content.getStory(page("de-DE", "service/kontakt")))?.name).toBe("Kontakt");
  });

  it("shows unpublished stories only in the draft version", async () => {
    expect(await content.getStory(page("de-DE", "entwurf"))).toBeNull();
    const draft = await content.getStory({ ...page("de-DE", "entwurf"), version: "draft" });
    expect(draft?.name).toBe("Entwurf");
  });

  it("lists the translations of a story as its alternates", async () => {
    const story = await content.getStory(page("de-DE", "service/kontakt"));
    expect(story?.alternates.map((a) => a.fullSlug)).toEqual(["fr-fr/aide/contact"]);
  });

  it("resolves the page relations and story links into the content", async () => {
    const story = await content.getStory(page("de-DE", "vorteile"));
    const [usp, text] = (story?.content.body ?? []) as Record<string, unknown>[];
    expect(usp?.usps).toMatchObject({
      full_slug: "de-de/usps/standard",
      content: { items: ["Schneller Versand", "Top-Qualität"] },
    });
    expect(text?.link).toMatchObject({ story: { full_slug: "de-de/service/kontakt" } });
  });

  it("reads the redirect target and status of a redirect story", async () => {
    const story = await content.getStory(page("de-DE", "alte-kontaktseite"));
    expect(story).toMatchObject({ target: "/service/kontakt", status: 301 });
  });
});

describe("content service cache and outages", () => {
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    dir = mkdtempSync(path.join(os.tmpdir(), "content-seed-"));
    cpSync(FIXTURES, dir, { recursive: true });
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A content service over the embedded API whose requests can be counted and made to fail. */
  async function observed(overrides: Record<string, string> = {}) {
    const source = { requests: 0, failing: false };
    const { content: service, cms } = await createContent(
      env({ CONTENT_DIR: dir, ...overrides }),
      createLogger("silent"),
      database.db,
      createHostTable(),
      (inner) => async (input, init) => {
        source.requests++;
        if (source.failing) throw new TypeError("fetch failed");
        return inner(input, init);
      },
    );
    return { service, cms: cms!, source };
  }

  it("keeps a management token only while its variable is set", async () => {
    const token = "management-token-of-this-test";
    const store = new ContentStore(database.db);
    const first = await observed({ CONTENT_MANAGEMENT_TOKEN: token });
    first.cms.close();
    expect((await store.grantFor(token))?.access).toBe("management");
    // The next start without the variable: the old token opens nothing any more.
    const second = await observed();
    second.cms.close();
    expect(await store.grantFor(token)).toBeNull();
  });

  it("caches published stories by cv and reads again after a publish", async () => {
    const { service, cms, source } = await observed({ CONTENT_CV_TTL_SECONDS: "300" });
    const first = await service.getStory(page("de-DE", "home"));
    const before = source.requests;
    expect(await service.getStory(page("de-DE", "home"))).toEqual(first);
    expect(source.requests).toBe(before);

    await cms.saveDraft("cards", first!.id, { ...first!.content, metaTitle: "Neu" });
    expect((await service.getStory(page("de-DE", "home")))?.content.metaTitle).toBe(
      "Karten und Fotogeschenke",
    );
    await cms.publish("cards", first!.id);
    expect((await service.getStory(page("de-DE", "home")))?.content.metaTitle).toBe("Neu");
    cms.close();
  });

  it("knows the cv without asking only while currentCv would not ask either", async () => {
    const { service, cms, source } = await observed({ CONTENT_CV_TTL_SECONDS: "300" });
    expect(service.knownCv("cards")).toBeUndefined();
    const cv = await service.currentCv("cards");
    const before = source.requests;
    expect(service.knownCv("cards")).toBe(cv);
    expect(source.requests).toBe(before);

    // A publish forgets the cv at once: only asking tells the new one.
    const story = await service.getStory(page("de-DE", "home"));
    await cms.publish("cards", story!.id);
    expect(service.knownCv("cards")).toBeUndefined();
    const next = await service.currentCv("cards");
    expect(next).not.toBe(cv);
    expect(service.knownCv("cards")).toBe(next);

    // After its TTL a cv is asked for again.
    vi.useFakeTimers({ now: Date.now() + 301_000, toFake: ["Date"] });
    try {
      expect(service.knownCv("cards")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    cms.close();
  });

  it("reads a story once for concurrent readers", async () => {
    const { service, cms, source } = await observed();
    await service.currentCv("cards");
    const before = source.requests;
    const stories = await Promise.all(
      [1, 2, 3].map(() => service.getStory(page("de-DE", "vorteile"))),
    );
    expect(new Set(stories.map((s) => s?.id)).size).toBe(1);
    expect(source.requests - before).toBe(1);
    cms.close();
  });

  it("reads the embedded system without a throttle: 60 lookups are in flight at once", async () => {
    let inFlight = 0;
    let most = 0;
    const { content, cms } = await createContent(
      env({ CONTENT_DIR: dir }),
      createLogger("silent"),
      database.db,
      createHostTable(),
      (inner) => async (input, init) => {
        most = Math.max(most, ++inFlight);
        try {
          return await inner(input, init);
        } finally {
          inFlight--;
        }
      },
    );
    await content.currentCv("cards");
    const slugs = Array.from({ length: 60 }, (_, i) => `gibt-es-nicht-${i}`);
    const found = await Promise.all(slugs.map((slug) => content.getStory(page("de-DE", slug))));
    expect(found.every((story) => story === null)).toBe(true);
    // storyblok-js-client's throttle would have let 5 a second through.
    expect(most).toBe(60);
    cms!.close();
  });

  it("keeps misses apart: a flood of unknown slugs evicts no story", async () => {
    const { cms, source } = await observed();
    const service = new ContentClient({
      env: env({ CONTENT_DIR: dir }),
      log: createLogger("silent"),
      db: database.db,
      hosts: createHostTable(),
      spaces: cms.spaceAccess(),
      fetch: async (input, init) => {
        source.requests++;
        return cms.fetch(input, init);
      },
      cacheEntries: 20,
    });
    const home = await service.getStory(page("de-DE", "home"));
    await Promise.all(
      Array.from({ length: 60 }, (_, n) => service.getStory(page("de-DE", `weg-${n}`))),
    );
    const before = source.requests;
    expect(await service.getStory(page("de-DE", "home"))).toEqual(home);
    expect(source.requests).toBe(before);
    // A miss seen before is answered from memory too.
    await service.getStory(page("de-DE", "weg-59"));
    expect(source.requests).toBe(before);
    cms.close();
  });

  it("serves the last known story when the content source fails", async () => {
    const { service, cms, source } = await observed();
    const seen = await service.getStory(page("de-DE", "service/kontakt"));
    expect(seen?.name).toBe("Kontakt");
    source.failing = true;
    expect(await service.getStory(page("de-DE", "service/kontakt"))).toEqual(seen);
    // A story never seen before cannot be served: the failure shows.
    await expect(service.getStory(page("de-DE", "vorteile"))).rejects.toThrow("fetch failed");
    cms.close();
  });

  it("publishes a release when its time has come", async () => {
    const { service, cms } = await observed();
    const { store } = cms;
    const spaceId = service.spaceIdOf("cards");
    const story = await store.findStory(spaceId, { fullSlug: "de-de/vorteile" });
    const due = await store.createRelease(spaceId, "Jetzt", new Date(Date.now() - 1000));
    const later = await store.createRelease(spaceId, "Später", new Date(Date.now() + 3_600_000));
    await store.saveToRelease(due.id, story!, {
      name: "Vorteile",
      content: { ...story!.content!, metaTitle: "Aus dem Release" },
    });
    await store.saveToRelease(later.id, story!, {
      name: "Vorteile",
      content: { ...story!.content!, metaTitle: "Noch nicht" },
    });
    expect(await cms.publishDueReleases()).toBe(1);
    const live = await service.getStory(page("de-DE", "vorteile"));
    expect(live?.content.metaTitle).toBe("Aus dem Release");
    expect(await cms.publishDueReleases()).toBe(0);
    cms.close();
  });

  it("imports only when the seed files changed, and keeps edits of unchanged stories", async () => {
    const { content: service, cms } = await createContent(
      env({ CONTENT_DIR: dir }),
      createLogger("silent"),
      database.db,
      createHostTable(),
    );
    expect(await cms!.sync()).toMatchObject({ changed: false });
    const file = path.join(dir, "cards/de-de/service.json");
    const json = JSON.parse(readFileSync(file, "utf8"));
    json.name = "Hilfe";
    writeFileSync(file, JSON.stringify(json));
    const result = await cms!.sync();
    expect(result).toMatchObject({ changed: true, written: 1, removed: 0 });
    expect((await service.getStory(page("de-DE", "service")))?.name).toBe("Hilfe");
    // The home page edited and published above keeps its edit.
    expect((await service.getStory(page("de-DE", "home")))?.content.metaTitle).toBe("Neu");
    rmSync(path.join(dir, "cards/de-de/entwurf.json"));
    expect(await cms!.sync()).toMatchObject({ changed: true, written: 0, removed: 1 });
    cms!.close();
  });
});

describe("content service against a remote Content Delivery API", () => {
  let database: TestDatabase;
  const REMOTE = "https://api.content.example/v2";

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  // Each test starts with nothing kept from another test's reads.
  beforeEach(async () => {
    await database.db.delete(contentLastKnown);
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A content service reading CONTENT_API_URL through `answer`; the URLs it asked are kept. */
  async function remote(
    answer: (url: URL) => Response | Promise<Response>,
    overrides: Record<string, string> = {},
  ) {
    const asked: URL[] = [];
    const { content: service } = await createContent(
      env({
        CONTENT_API_URL: REMOTE,
        CONTENT_CARDS_PUBLIC_TOKEN: "remote-public",
        CONTENT_CARDS_PREVIEW_TOKEN: "remote-preview",
        ...overrides,
      }),
      createLogger("silent"),
      database.db,
      createHostTable(),
      () => async (input) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        asked.push(url);
        return answer(url);
      },
    );
    return { service, asked };
  }

  const json = (body: unknown, status = 200, statusText = "OK") =>
    new Response(JSON.stringify(body), {
      status,
      statusText,
      headers: { "Content-Type": "application/json" },
    });
  const space = (url: URL) =>
    url.pathname.endsWith("/cdn/spaces/me") ? json({ space: { id: 1, version: 7 } }) : null;

  it("logs a missing content access token as a console error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { service, asked } = await remote(
        (url) =>
          url.searchParams.get("token")
            ? json({ stories: [], cv: 7 })
            : json({ error: "Unauthorized" }, 401, "Unauthorized"),
        { CONTENT_WALLART_PUBLIC_TOKEN: "" },
      );
      await expect(
        service.getStory({
          channel: "wallart",
          locale: "de-DE",
          slug: "home",
          version: "published",
        }),
      ).rejects.toMatchObject({ status: 401, statusText: "Unauthorized" });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("content access token missing"));
      expect(asked.every((u) => u.origin === "https://api.content.example")).toBe(true);
      // The channel with its token reads without complaint.
      errors.mockClear();
      expect(await service.getStory(page("de-DE", "home"))).toBeNull();
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it.each([
    [
      "a JSON error",
      () => json({ error: "Internal error" }, 500, "Internal Server Error"),
      500,
      "Internal Server Error",
    ],
    [
      "a proxy's HTML page",
      () =>
        new Response("<h1>Bad gateway</h1>", {
          status: 502,
          statusText: "Bad Gateway",
          headers: { "Content-Type": "text/html" },
        }),
      502,
      "Bad Gateway",
    ],
    [
      "an answer without status text",
      () => new Response("", { status: 503 }),
      503,
      "Service Unavailable",
    ],
    [
      "a refused token",
      () => json({ error: "Unauthorized" }, 401, "Unauthorized"),
      401,
      "Unauthorized",
    ],
  ])("fails %s with its status text and status", async (_name, failure, status, statusText) => {
    const { service } = await remote((url) => space(url) ?? failure());
    const failed = service.getStory(page("de-DE", "home"));
    await expect(failed).rejects.toBeInstanceOf(ContentRequestError);
    await expect(failed).rejects.toMatchObject({
      status,
      statusText,
      message: `${statusText} (${status})`,
    });
  });

  it("retries a 429 ten times, 300 ms apart, before it fails", async () => {
    const { service, asked } = await remote(
      (url) => space(url) ?? json({ error: "Too Many Requests" }, 429, "Too Many Requests"),
    );
    // storyblok-js-client announces each retry on the console.
    const chatter = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const started = Date.now();
    try {
      await expect(service.getStory(page("de-DE", "home"))).rejects.toMatchObject({ status: 429 });
    } finally {
      chatter.mockRestore();
    }
    const storyRequests = asked.filter((u) => u.pathname.endsWith("/cdn/stories"));
    expect(storyRequests).toHaveLength(1 + 10);
    expect(Date.now() - started).toBeGreaterThanOrEqual(10 * 300 - 50);
  }, 20_000);

  it("asks the remote API with the parameters the storefront sends", async () => {
    const { service, asked } = await remote((url) => space(url) ?? json({ stories: [], cv: 7 }));
    await service.getStory(page("fr-CH", "aide/contact"));
    const request = asked.find((u) => u.pathname === "/v2/cdn/stories");
    expect(request?.searchParams.get("token")).toBe("remote-public");
    expect(request?.searchParams.get("version")).toBe("published");
    expect(request?.searchParams.get("cv")).toBe("7");
    expect(request?.searchParams.get("resolve_links")).toBe("url");
    expect(request?.searchParams.get("resolve_relations")?.split(",")).toContain(
      "ContactForm.person",
    );
    expect(request?.searchParams.get("by_slugs")?.split(",")).toEqual([
      "fr-ch/aide/contact",
      "fr-ch/aide/contact/",
      "fr-fr/aide/contact",
      "fr-fr/aide/contact/",
    ]);
  });

  it("serves what an earlier process read when the remote API is down from the start", async () => {
    const story = {
      id: 4711,
      uuid: "4f1c2b9e-3d3a-4c55-9a57-0e8f0f2b1a77",
      name: "Versand",
      full_slug: "de-de/service/ausfall",
      content: { component: "Page", _uid: "p-ausfall", body: [] },
      tag_list: [],
      published_at: "2026-11-01T10:00:00.000Z",
    };
    const first = await remote((url) => space(url) ?? json({ stories: [story], cv: 7 }));
    const read = await first.service.getStory(page("de-DE", "service/ausfall"));
    expect(read?.fullSlug).toBe("de-de/service/ausfall");

    // A new process while the content API answers nothing at all.
    const second = await remote(() => {
      throw new TypeError("fetch failed");
    });
    const served = await second.service.getStory(page("de-DE", "service/ausfall"));
    expect(served).toEqual(read);
    // A story no process ever read cannot be invented: the failure stays a failure.
    await expect(second.service.getStory(page("de-DE", "service/nie-gelesen"))).rejects.toThrow();
  });

  it("serves a published story no process ever read from the copy of the space an earlier process kept", async () => {
    const stored = (fullSlug: string, name: string) => ({
      id: 4800 + name.length,
      uuid: `uuid-${fullSlug}`,
      name,
      full_slug: fullSlug,
      content: { component: "Page", _uid: `p-${name}`, body: [] },
      tag_list: [],
      published_at: "2026-11-01T10:00:00.000Z",
    });
    const whole = [stored("de-de/service/kopie", "Kopie"), stored("de-de/agb", "AGB")];
    const first = await remote(
      (url) =>
        space(url) ??
        // The whole-space read asks without by_slugs; a page read gets only its own story.
        json({ stories: url.searchParams.has("by_slugs") ? [] : whole, cv: 7 }),
      { CONTENT_MIRROR: "true" },
    );
    await first.service.getStory(page("de-DE", "home"));
    await first.service.mirror.settled();
    const wholeRead = first.asked.find(
      (u) => u.pathname === "/v2/cdn/stories" && !u.searchParams.has("by_slugs"),
    );
    expect(wholeRead?.searchParams.get("cv")).toBe("7");
    expect(wholeRead?.searchParams.get("resolve_relations")?.split(",")).toContain(
      "ContactForm.person",
    );

    const second = await remote(() => {
      throw new TypeError("fetch failed");
    });
    const served = await second.service.getStory(page("de-AT", "service/kopie"));
    expect(served).toMatchObject({ fullSlug: "de-de/service/kopie", name: "Kopie" });
    const pages = await second.service.publishedPages("cards", "de-DE");
    expect(pages.map((p) => p.path).sort()).toEqual(["/agb", "/service/kopie"]);
    // What the copy does not hold stays a failure (it may have been published since).
    await expect(second.service.getStory(page("de-DE", "service/neu"))).rejects.toThrow();
  });
});
