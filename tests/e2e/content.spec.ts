/**
 * The catch-all content route over the real seed content: every seeded page renders in
 * de-DE, fr-CH (through its fallback) and en-US for both channels (over HTTP; a sample of
 * them in the browser with axe); redirects, non-Page stories, hreflang, the preview and the
 * cache headers.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getPage } from "../../scripts/crawl/crawler.js";
import { expect, PORT, test, url } from "./fixtures";

/** The cards channel in Germany from outside the browser (127.0.0.1 serves it; *.localhost does not resolve here). */
const cardsApi = (target: string) => `http://127.0.0.1:${PORT}${target}`;

const CONTENT_DIR = path.resolve("content");
const MANAGEMENT_TOKEN = process.env.CONTENT_MANAGEMENT_TOKEN ?? "e2e-content-management-token";
const CARDS_PREVIEW_TOKEN = process.env.CONTENT_CARDS_PREVIEW_TOKEN ?? "e2e-cards-preview-token";

interface SeedStory {
  fullSlug: string;
  path: string;
  component: string;
  target?: string;
  published: boolean;
}

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listJson(full);
    return entry.name.endsWith(".json") ? [full] : [];
  });
}

/** The seed stories of a channel's locale folder, by path below the folder. */
function seed(channel: string, folder: string): Map<string, SeedStory> {
  const dir = path.join(CONTENT_DIR, channel, folder);
  const stories = new Map<string, SeedStory>();
  if (!existsSync(dir)) return stories;
  const files = listJson(dir);
  for (const file of files) {
    const below = path
      .relative(dir, file)
      .replace(/\.json$/, "")
      .split(path.sep)
      .join("/");
    const json = JSON.parse(readFileSync(file, "utf8"));
    stories.set(below, {
      // A file named like a directory is that folder's start page ("de-de/service/").
      fullSlug: `${folder}/${below}${existsSync(path.join(dir, below)) ? "/" : ""}`,
      path: below === "home" ? "/" : `/${below}`,
      component: json.content.component,
      target: json.target,
      published: json.published !== false,
    });
  }
  return stories;
}

/** The pages a locale shows: its own folder's, then its fallback folder's. */
function pagesFor(channel: string, folders: string[]): SeedStory[] {
  const shown = new Map<string, SeedStory>();
  for (const folder of folders) {
    for (const [below, story] of seed(channel, folder))
      if (!shown.has(below)) shown.set(below, story);
  }
  return [...shown.entries()]
    .filter(([below, s]) => s.component === "Page" && !s.target && s.published && below !== "error")
    .map(([, s]) => s);
}

const LOCALES = [
  { locale: "de-DE", host: "", prefix: "", folders: ["de-de"] },
  { locale: "fr-CH", host: "ch.", prefix: "/fr", folders: ["fr-ch", "fr-fr"] },
  { locale: "en-US", host: "us.", prefix: "", folders: ["en-us", "en-gb"] },
] as const;

/** Pages per channel that are also opened in the browser and checked with axe. */
const AXE_SAMPLE = 10;

/**
 * One page per top-level section, so each kind of page meets axe in the browser; the
 * channel's three locales take turns (the locale at `turn` takes every third section of
 * its own list), so every locale is opened in the browser and no section's page is opened
 * three times. Every page of every locale is still fetched and checked over HTTP above.
 */
function axeSample(pages: SeedStory[], turn: number): SeedStory[] {
  const bySection = new Map<string, SeedStory>();
  for (const story of pages) {
    const section = story.path.split("/")[1] ?? "";
    if (!bySection.has(section)) bySection.set(section, story);
  }
  return [...bySection.values()]
    .slice(0, AXE_SAMPLE)
    .filter((_, index) => index % LOCALES.length === turn);
}

for (const channel of ["cards", "wallart"] as const) {
  for (const [turn, { locale, host, prefix, folders }] of LOCALES.entries()) {
    const pages = pagesFor(channel, [...folders]);
    const pathOf = (story: SeedStory) => {
      const bare = `${prefix}${story.path === "/" ? "" : story.path}` || "/";
      // The wall-art channel writes its paths with a trailing slash.
      return channel === "wallart" && bare !== "/" ? `${bare}/` : bare;
    };
    test.describe(`${channel} pages in ${locale}`, () => {
      test("the seed has pages here", () => {
        expect(pages.length, `pages of ${channel} for ${locale}`).toBeGreaterThan(0);
      });

      test("every page renders its own story in the locale's language", async () => {
        for (const story of pages) {
          const { status, body } = await getPage(
            `http://127.0.0.1:${PORT}`,
            `${host}${channel}.localhost`,
            pathOf(story),
          );
          expect(status, story.fullSlug).toBe(200);
          expect(body, story.fullSlug).toContain(`<html lang="${locale}"`);
          expect(body, story.fullSlug).toContain(`data-story="${story.fullSlug}"`);
          expect(body.match(/<link rel="canonical"/g), story.fullSlug).toHaveLength(1);
        }
      });

      for (const story of axeSample(pages, turn)) {
        test(`${story.fullSlug} renders`, async ({ page, shop }) => {
          await shop.visit(url(`${host}${channel}`, pathOf(story)));
          await expect(page.locator("html")).toHaveAttribute("lang", locale);
          await expect(page.locator("article.content-page")).toHaveAttribute(
            "data-story",
            story.fullSlug,
          );
        });
      }
    });
  }
}

test.describe("content route", () => {
  test("a redirect story sends the visitor to its target", async ({ page, shop }) => {
    const redirect = [...seed("cards", "de-de").values()].find((s) => s.target?.startsWith("/"));
    expect(redirect, "a redirect story in cards/de-de").toBeDefined();
    const hops: number[] = [];
    page.on("response", (r) => {
      if (r.status() >= 300 && r.status() < 400) hops.push(r.status());
    });
    await shop.visit(url("cards", redirect!.path));
    expect(new URL(page.url()).pathname).toBe(redirect!.target);
    expect(hops).toEqual([301]);
  });

  test("a story whose content type is not Page is a 404", async ({ page, request, shop }) => {
    const spaces = await request.get(cardsApi("/v1/spaces/1001/stories?starts_with=de-de"), {
      headers: { Authorization: MANAGEMENT_TOKEN },
    });
    expect(spaces.status()).toBe(200);
    const folder = (await spaces.json()).stories.find(
      (s: { full_slug: string }) => s.full_slug === "de-de",
    );
    const created = await request.post(cardsApi("/v1/spaces/1001/stories"), {
      headers: { Authorization: MANAGEMENT_TOKEN },
      data: {
        story: {
          name: "Nur ein Teaser",
          slug: "nur-ein-teaser",
          parent_id: folder.id,
          content: { component: "Teaser", _uid: "e2e-teaser", headline: "Kein Page" },
        },
        publish: 1,
      },
    });
    expect(created.status()).toBe(201);
    await shop.visit(url("cards", "/nur-ein-teaser"), { status: 404 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
  });

  // The error page itself meets axe in furniture-frame.spec.ts; here only the answers count.
  test("a missing story and the reserved stories are 404", async () => {
    for (const target of ["/diese-seite-gibt-es-nicht", "/config", "/home"]) {
      const { status } = await getPage(`http://127.0.0.1:${PORT}`, "cards.localhost", target);
      expect(status, target).toBe(404);
    }
  });

  test("alternates become hreflang links, through the fallbacks", async ({ page, shop }) => {
    await shop.visit(url("cards"));
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]),
      );
    const byLocale = Object.fromEntries(alternates);
    expect(byLocale["de-DE"]).toBe(url("cards", "/"));
    expect(byLocale["fr-CH"]).toBe(url("ch.cards", "/fr"));
    expect(byLocale["en-US"]).toBe(url("us.cards", "/"));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url("cards", "/"));
  });

  test("the home page is cacheable, a signed preview never", async ({ request }) => {
    const home = await request.get(cardsApi("/"));
    expect(home.headers()["cache-control"]).toContain("s-maxage");
    expect(home.headers()["cache-control"]).toContain("stale-if-error");
    const timestamp = Math.floor(Date.now() / 1000);
    const token = createHash("sha1")
      .update(`1001:${CARDS_PREVIEW_TOKEN}:${timestamp}`)
      .digest("hex");
    const preview = await request.get(
      cardsApi(
        `/?_storyblok=1&_storyblok_tk[space_id]=1001&_storyblok_tk[timestamp]=${timestamp}&_storyblok_tk[token]=${token}`,
      ),
    );
    expect(preview.status()).toBe(200);
    expect(preview.headers()["cache-control"]).toBe("private, no-store");
    expect(await preview.text()).toContain('content="noindex"');
  });
});
