/**
 * The mirror's whole-space read leaves the event loop free between its pages: one page
 * asked at a time, and a turn of the loop (other requests answered) before the next. On
 * the embedded content system a page is read and shaped on the event loop itself; read all
 * at once (as the content library's getAll asks for every further page together) the
 * pages ran back to back and held /health for up to 3 s during the hostile image burst.
 * Nothing here is timed: the test counts requests in flight and whether the loop turned.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHostTable } from "../../config/hosts";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { createContent } from "../services";

const REMOTE = "https://api.content.example/v2";
const TOTAL = 60;

const story = (n: number) => ({
  id: 9000 + n,
  uuid: `uuid-${n}`,
  name: `Story ${n}`,
  full_slug: `de-de/mirror/story-${n}`,
  content: { component: "Page", _uid: `p-${n}`, body: [] },
  tag_list: [],
  published_at: "2026-11-01T10:00:00.000Z",
});

describe("the content mirror's whole-space read", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("asks for one page at a time and lets the event loop turn between pages", async () => {
    const pages: number[] = [];
    let inFlight = 0;
    let most = 0;
    /** Per page after the first: whether a callback queued while the last page was read has run. */
    const loopTurned: boolean[] = [];
    let turned = true;
    const { content } = await createContent(
      parseEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        CONTENT_API_URL: REMOTE,
        CONTENT_CARDS_PUBLIC_TOKEN: "remote-public",
        CONTENT_CARDS_PREVIEW_TOKEN: "remote-preview",
        CONTENT_MIRROR: "true",
      }),
      createLogger("silent"),
      database.db,
      createHostTable(),
      () => async (input) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const json = (body: unknown, headers: Record<string, string> = {}) =>
          new Response(JSON.stringify(body), {
            headers: { "Content-Type": "application/json", ...headers },
          });
        if (url.pathname.endsWith("/cdn/spaces/me")) return json({ space: { id: 1, version: 7 } });
        // A page read (by_slugs) finds nothing; the whole-space read gets its pages.
        if (url.searchParams.has("by_slugs")) return json({ stories: [], cv: 7 });
        most = Math.max(most, ++inFlight);
        try {
          const page = Number(url.searchParams.get("page") ?? 1);
          const perPage = Number(url.searchParams.get("per_page") ?? 25);
          if (pages.length > 0) loopTurned.push(turned);
          pages.push(page);
          turned = false;
          setImmediate(() => (turned = true));
          const stories = Array.from({ length: TOTAL }, (_, i) => story(i)).slice(
            (page - 1) * perPage,
            page * perPage,
          );
          return json({ stories, cv: 7 }, { Total: String(TOTAL), "Per-Page": String(perPage) });
        } finally {
          inFlight--;
        }
      },
    );
    await content.getStory({
      channel: "cards",
      locale: "de-DE",
      slug: "home",
      version: "published",
    });
    await content.mirror.settled();

    expect(content.mirror.cvOf("cards")).toBe(7);
    const all = await content.mirror.below("cards", "de-de/mirror/");
    expect(all?.length).toBe(TOTAL);
    // Several pages, asked in order, never two at once, the loop free before each next one.
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => i + 1));
    expect(most).toBe(1);
    expect(loopTurned.every(Boolean)).toBe(true);
    content.close();
  });
});
