/**
 * Every seed page of every content folder, rendered through the shop as a visitor of the
 * folder's own storefront sees it, shows no literal placeholder (`{{…}}`), no markdown
 * link (`[text](/path)`) and no untranslated catalogue key (`catalogue.…`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANNEL_IDS, CHANNELS, type ChannelId } from "../../config/channels";
import { LOCALES, localeSettings, toContentLanguageCode } from "../../domain/locales";
import { languagePrefix } from "../../domain/paths";
import { useTestShop } from "../../server/testing/shop";

/** Stories that are not pages at their own path. */
const NOT_PAGES = new Set(["config", "error", "campaigns"]);

function storyPaths(dir: string, below = ""): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return storyPaths(full, `${below}/${entry}`);
    if (!entry.endsWith(".json")) return [];
    const slug = `${below}/${entry.replace(/\.json$/, "")}`;
    if (NOT_PAGES.has(slug.slice(1))) return [];
    const story = JSON.parse(readFileSync(full, "utf8")) as { target?: unknown };
    if (story.target) return [];
    return [slug === "/home" ? "/" : slug];
  });
}

/** The pages of each folder, with the storefront (host and prefix) of the folder's locale. */
const PAGES = CHANNEL_IDS.flatMap((channel: ChannelId) =>
  LOCALES.flatMap((locale) => {
    const folder = toContentLanguageCode(locale);
    const dir = path.join("content", channel, folder);
    let paths: string[];
    try {
      paths = storyPaths(dir);
    } catch {
      return [];
    }
    const { country, language } = localeSettings(locale);
    const host = `${country === "DE" ? "" : `${country.toLowerCase()}.`}${channel}.localhost`;
    const prefix = languagePrefix(country, language);
    const slash = CHANNELS[channel].features.trailingSlash ? "/" : "";
    return [
      {
        name: `${channel}/${folder}`,
        urls: paths.map((p) =>
          p === "/" ? `http://${host}${prefix}/` : `http://${host}${prefix}${p}${slash}`,
        ),
      },
    ];
  }),
);

/** The page without its scripts (the data they carry is not shown as such). */
function visible(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, "");
}

describe("the seed pages of every folder", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  it.each(PAGES)(
    "$name shows no placeholder, markdown or catalogue key",
    async ({ urls }) => {
      expect(urls.length).toBeGreaterThan(0);
      const found: string[] = [];
      let shown = 0;
      // A few at a time: the pages are independent.
      for (let i = 0; i < urls.length; i += 6) {
        await Promise.all(
          urls.slice(i, i + 6).map(async (url) => {
            const response = await test.request(url, {
              headers: { "User-Agent": "Googlebot/2.1" },
            });
            if (response.status !== 200) return;
            shown++;
            const html = visible(await response.text());
            for (const [pattern, what] of [
              [/\{\{[^}]*\}\}/, "placeholder"],
              [/\[[^\]<>]{1,80}\]\(\/?[^)\s<>]*\)/, "markdown link"],
              [/(?<![\w./-])catalogue\.[a-z][\w.]*/i, "catalogue key"],
            ] as const) {
              const match = pattern.exec(html);
              if (match) found.push(`${url}: ${what} ${match[0]}`);
            }
          }),
        );
      }
      expect(shown).toBeGreaterThan(urls.length / 2);
      expect(found).toEqual([]);
    },
    300_000,
  );
});
