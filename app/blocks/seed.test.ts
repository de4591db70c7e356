/**
 * The seed pages in content/ (content/BLOCKS.md): every page's blocks pass their schemas,
 * every image they show exists in the asset store, and the assets stay small.
 */
import { FACT_TOKENS } from "../../domain/countryFacts";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isChannelId } from "../../config/channels";
import { PAGE_RELATIONS } from "../../domain/content";
import { parseLocale } from "../../domain/locales";
import { categoryForPath } from "../../domain/paths";
import { createSourceInfoCache } from "../../server/images/meta";
import { createAssetStore } from "../../server/images/store";
import { setLogSink } from "../lib/log";
import { prepareContent } from "./prepare.server";

const CONTENT = path.resolve("content");
/** Asset sizes from the seed's own asset store, as the image service reads them. */
const assetSizes = createSourceInfoCache(createAssetStore(path.join(CONTENT, "assets")));
const MAX_ASSET_BYTES = 150 * 1024;
const MAX_TOTAL_BYTES = 3 * 1024 * 1024;

interface SeedFile {
  channel: string;
  folder: string;
  slug: string;
  story: {
    name: string;
    uuid?: string;
    content: { component: string; body?: unknown[] };
    target?: string;
    status?: number;
  };
}

function seedFiles(): SeedFile[] {
  const files: SeedFile[] = [];
  for (const channel of readdirSync(CONTENT).filter(isChannelId)) {
    for (const folder of readdirSync(path.join(CONTENT, channel))) {
      const walk = (dir: string, prefix: string) => {
        for (const entry of readdirSync(dir)) {
          const full = path.join(dir, entry);
          if (statSync(full).isDirectory()) walk(full, `${prefix}${entry}/`);
          else if (entry.endsWith(".json") && !(prefix === "" && entry === "config.json")) {
            files.push({
              channel,
              folder,
              slug: `${prefix}${entry.slice(0, -5)}`,
              story: JSON.parse(readFileSync(full, "utf8")),
            });
          }
        }
      };
      walk(path.join(CONTENT, channel, folder), "");
    }
  }
  return files;
}

const files = seedFiles();
const pages = files.filter((f) => f.story.content.component === "Page");
const logged: { id: string; details: Record<string, unknown> }[] = [];

beforeAll(() => setLogSink((_level, id, details) => logged.push({ id: String(id), details })));
afterAll(() => setLogSink(() => undefined));

/**
 * A page's content with its relations resolved as the content service does: the related
 * story of the same channel in place of its uuid (a uuid nobody has stays).
 */
function withRelations<T>(content: T, channel: string): T {
  const byUuid = new Map(
    files.filter((f) => f.channel === channel && f.story.uuid).map((f) => [f.story.uuid, f.story]),
  );
  const relations = new Set<string>(PAGE_RELATIONS);
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== "object" || node === null) return node;
    const { component } = node as { component?: unknown };
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        relations.has(`${String(component)}.${key}`) && typeof value === "string"
          ? (byUuid.get(value) ?? value)
          : visit(value),
      ]),
    );
  };
  return visit(content) as T;
}

/** Every prepared image ({ src, meta }) in a value. */
function images(value: unknown, found: { src: string; ratio: number }[] = []) {
  if (Array.isArray(value)) value.forEach((v) => images(v, found));
  else if (typeof value === "object" && value !== null) {
    const record = value as { src?: unknown; meta?: { ratio?: number } };
    if (typeof record.src === "string" && record.meta)
      found.push({ src: record.src, ratio: record.meta.ratio ?? 0 });
    Object.values(value).forEach((v) => images(v, found));
  }
  return found;
}

describe("seed pages", () => {
  it("has home, a product page, a service page, a category page, error and a redirect per channel and folder", () => {
    for (const channel of ["cards", "wallart"]) {
      for (const folder of ["de-de", "en-gb", "en-us", "es-es", "fr-fr", "it-it", "nl-nl"]) {
        const here = files.filter((f) => f.channel === channel && f.folder === folder);
        expect(
          here.map((f) => f.slug),
          `${channel}/${folder}`,
        ).toEqual(expect.arrayContaining(["home", "error"]));
        expect(
          here.filter((f) => f.story.target).length,
          `${channel}/${folder} redirects`,
        ).toBeGreaterThanOrEqual(1);
        expect(
          here.filter((f) => f.story.content.component === "Page").length,
        ).toBeGreaterThanOrEqual(5);
      }
      for (const folder of ["de-ch", "de-li", "fr-be"]) {
        expect(
          files.some((f) => f.channel === channel && f.folder === folder && f.slug === "home"),
        ).toBe(true);
      }
    }
  });

  it.each(pages.map((p) => [`${p.channel}/${p.folder}/${p.slug}`, p] as const))(
    "%s: every block is valid and every image exists",
    async (_name, file) => {
      const locale = parseLocale(file.folder);
      if (!locale || !isChannelId(file.channel)) throw new Error(`bad folder ${file.folder}`);
      logged.length = 0;
      const prepared = await prepareContent(withRelations(file.story.content, file.channel), {
        locale,
        channel: file.channel,
        preview: false,
        images: assetSizes,
        now: Date.parse("2026-11-22T00:00:00Z"),
      });
      expect(logged).toEqual([]);
      expect(prepared.body).toHaveLength(file.story.content.body?.length ?? -1);
      const missing = images(prepared.body).filter((i) => i.ratio === 0);
      expect(missing).toEqual([]);
    },
  );

  it("has a category page at a localised category path and a service page per channel and folder", () => {
    for (const channel of ["cards", "wallart"]) {
      for (const folder of ["de-de", "en-gb", "en-us", "es-es", "fr-fr", "it-it", "nl-nl"]) {
        const shown = pages.filter(
          (f) => f.channel === channel && f.folder === folder && !f.story.target,
        );
        expect(
          shown.filter((f) => categoryForPath(`/${f.slug}`) !== null).map((f) => f.slug),
          `${channel}/${folder} category pages`,
        ).not.toEqual([]);
        // Service pages live in the folder's service section ("service/versand", "help/delivery").
        expect(
          shown.filter((f) => f.slug.includes("/")).map((f) => f.slug),
          `${channel}/${folder} service pages`,
        ).not.toEqual([]);
      }
    }
  });

  it("redirects only to pages of the same folder", () => {
    for (const file of files.filter((f) => f.story.target)) {
      const target = file.story.target?.replace(/^\//, "") ?? "";
      expect(
        files.some(
          (f) => f.channel === file.channel && f.folder === file.folder && f.slug === target,
        ),
        `${file.channel}/${file.folder}/${file.slug} → ${file.story.target}`,
      ).toBe(true);
      expect(file.story.status).toBe(301);
    }
  });

  it("writes links in rich text as link marks, never as markdown the shop would show as text", () => {
    const markdownLink = /\[[^\]]+\]\([^)]*\)/;
    const found: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) node.forEach((child) => visit(child, where));
      else if (typeof node === "object" && node !== null) {
        const { type, text } = node as { type?: unknown; text?: unknown };
        if (type === "text" && typeof text === "string" && markdownLink.test(text))
          found.push(`${where}: ${text}`);
        Object.values(node).forEach((child) => visit(child, where));
      }
    };
    for (const file of files)
      visit(file.story.content, `${file.channel}/${file.folder}/${file.slug}`);
    expect(found).toEqual([]);
  });

  it("carries a {{placeholder}} only where the shop fills it in", () => {
    // {{count}}: a theme overview's link text gets the catalogue's design count;
    // the storefront's facts ({{hotline}}, {{freeShippingFrom}} …): every storefront fills
    // in its own, in any text of a page or of the configuration.
    const filled = (component: string, key: string, name: string) =>
      (name === "count" && component === "ThemeOverview" && key === "linkText") ||
      (FACT_TOKENS as readonly string[]).includes(name);
    const found: string[] = [];
    const visit = (node: unknown, file: SeedFile, component: string, key: string) => {
      if (typeof node === "string") {
        for (const [, name] of node.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g))
          if (!filled(component, key, name!))
            found.push(`${file.channel}/${file.folder}/${file.slug} ${component}.${key}: ${node}`);
      } else if (Array.isArray(node)) node.forEach((child) => visit(child, file, component, key));
      else if (typeof node === "object" && node !== null) {
        const own = (node as { component?: unknown }).component;
        const inside = typeof own === "string" ? own : component;
        for (const [childKey, child] of Object.entries(node))
          visit(child, file, inside, typeof own === "string" ? childKey : key);
      }
    };
    for (const file of files) visit(file.story.content, file, "", "");
    expect(found).toEqual([]);
  });

  it("keeps every asset under 150 KB and all of them under 3 MB, and every video in place", () => {
    let total = 0;
    for (const channel of readdirSync(path.join(CONTENT, "assets"))) {
      for (const file of readdirSync(path.join(CONTENT, "assets", channel))) {
        const size = statSync(path.join(CONTENT, "assets", channel, file)).size;
        expect(size, file).toBeLessThan(MAX_ASSET_BYTES);
        total += size;
      }
    }
    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
    const videos =
      JSON.stringify(pages.map((p) => p.story.content)).match(/\/a\/[a-z]+\/[a-z0-9-]+\.webm/g) ??
      [];
    for (const video of new Set(videos))
      expect(existsSync(path.join(CONTENT, "assets", video.slice(3))), video).toBe(true);
  });
});
