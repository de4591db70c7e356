import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CHANNEL_IDS } from "../config/channels";
import { STOREFRONT_LOCALES } from "../domain/locales";
import { isRedirectStatus, safeRedirectTarget } from "../domain/content";
import { createHostTable } from "../config/hosts";
import { readSeedFiles, stableUuid, withUids } from "./import";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A seed directory with the given files (path below content/ → JSON). */
function seedDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "seed-"));
  dirs.push(dir);
  for (const [file, json] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), typeof json === "string" ? json : JSON.stringify(json));
  }
  return dir;
}

const page = { name: "Start", content: { component: "Page", _uid: "p", body: [] } };

describe("seed files", () => {
  it("reads stories of both channels with their defaults", () => {
    const files = readSeedFiles(
      seedDir({ "cards/de-de/home.json": page, "wallart/fr-fr/aide/contact.json": page }),
    );
    expect(files.map((f) => `${f.channel}/${f.path}`)).toEqual([
      "cards/de-de/home",
      "wallart/fr-fr/aide/contact",
    ]);
    expect(files[0]?.story).toMatchObject({ published: true, tags: [], is_startpage: false });
  });

  it.each([
    ["a story outside a locale folder", { "cards/home.json": page }, "locale folder"],
    ["an unknown locale folder", { "cards/xx-xx/home.json": page }, "locale folder"],
    ["an upper-case slug", { "cards/de-de/Home.json": page }, "lowercase"],
    ["broken JSON", { "cards/de-de/home.json": "{" }, "content/cards/de-de/home.json"],
    ["a story without a name", { "cards/de-de/home.json": { content: page.content } }, "name"],
    ["a target without a status", { "cards/de-de/a.json": { ...page, target: "/b" } }, "together"],
    ["an unknown field", { "cards/de-de/home.json": { ...page, colour: "red" } }, "colour"],
    [
      "a redirect status 200",
      { "cards/de-de/a.json": { ...page, target: "/b", status: 200 } },
      "status",
    ],
  ])("refuses %s, naming the file", (_name, files, message) => {
    expect(() => readSeedFiles(seedDir(files))).toThrow(message);
  });

  it("gives blocks without a _uid a stable one", () => {
    const content = {
      component: "Page",
      body: [{ component: "Text" }, { component: "Text", _uid: "kept" }],
    };
    const once = withUids(content, "cards/de-de/home") as {
      _uid: string;
      body: { _uid: string }[];
    };
    const twice = withUids(content, "cards/de-de/home") as typeof once;
    expect(once).toEqual(twice);
    expect(once.body[1]?._uid).toBe("kept");
    expect(once._uid).not.toBe(once.body[0]?._uid);
    expect(stableUuid("x")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe("the shop's seed content", () => {
  const files = readSeedFiles(path.resolve("content"));
  const hosts = new Set(createHostTable().hosts());

  it("is valid, with a configuration story in every storefront folder of both channels", () => {
    for (const channel of CHANNEL_IDS) {
      for (const locale of STOREFRONT_LOCALES) {
        const folder = locale.toLowerCase();
        expect(
          files.some((f) => f.channel === channel && f.path === `${folder}/config`),
          `${channel}/${folder}/config`,
        ).toBe(true);
      }
    }
  });

  it("redirects only to safe targets", () => {
    for (const { channel, path: where, story } of files.filter((f) => f.story.target)) {
      expect(safeRedirectTarget(story.target, hosts), `${channel}/${where}`).not.toBeNull();
      expect(isRedirectStatus(story.status), `${channel}/${where}`).toBe(true);
    }
  });
});
