/**
 * Two shop processes on one PostgreSQL (here: two sets of services in one test process,
 * each with its own pool and listening connection): a change one makes reaches the
 * other's caches within a second, without waiting for its version checks.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "../db/testing";
import { createCatalogueService } from "./catalogue/service";
import {
  announceChange,
  announcementPayload,
  INVALIDATION_CHANNEL,
  type Invalidation,
} from "./invalidation";
import { pageListTag, slugTag, storyTag } from "./pageTags";
import { createLogger } from "./logger";
import type { ShopServices } from "./services";
import { createTestServices } from "./testing/services";

const CONTENT = {
  CONTENT_DIR: path.resolve("server/content/fixtures"),
  // Far longer than the test: only an announcement can make the other process look again.
  CONTENT_CV_TTL_SECONDS: "3600",
};

describe.runIf(process.env.TEST_DATABASE_URL)("shop processes on one PostgreSQL", () => {
  let database: TestDatabase;
  let one: ShopServices;
  let other: ShopServices;

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    one = await createTestServices(
      database,
      { ...CONTENT, CONTENT_IMPORT_ON_START: "true" },
      { catalogue: true, listen: true },
    );
    other = await createTestServices(database, CONTENT, { catalogue: true, listen: true });
  }, 60_000);
  afterAll(async () => {
    for (const services of [one, other]) {
      await services?.invalidation?.close();
      services?.cms?.close();
    }
    await database?.destroy();
  });

  async function publishSomething() {
    const [story] = await one.cms!.editorStories("cards", "de-de");
    await one.cms!.publish("cards", story!.id);
  }

  it("serves a publish made through one process from the other within a second", async () => {
    const before = await other.content.currentCv("cards");
    await publishSomething();
    await vi.waitFor(async () => expect(await other.content.currentCv("cards")).not.toBe(before), {
      timeout: 1_000,
      interval: 50,
    });
    expect(await other.content.currentCv("cards")).toBe(await one.content.currentCv("cards"));
  });

  it("tells the other process which stories a publish changed, so it drops only their pages", async () => {
    const heard: Invalidation[] = [];
    other.invalidation!.onChange((change) => heard.push(change));
    const [story] = await one.cms!.editorStories("cards", "de-de");
    const row = await one.cms!.store.findStory(one.content.spaceIdOf("cards"), { id: story!.id });
    await one.cms!.publish("cards", story!.id);
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), {
      timeout: 1_000,
      interval: 50,
    });
    const change = heard[0]!;
    expect(change).toMatchObject({ kind: "content", channel: "cards" });
    const tags = change.kind === "content" ? change.tags : undefined;
    expect(tags).toEqual(
      expect.arrayContaining([
        storyTag(row!.uuid),
        slugTag("cards", story!.fullSlug),
        pageListTag("cards"),
      ]),
    );
  });

  it("takes up a catalogue import of the command line within a second", async () => {
    const before = other.catalogue.version();
    const dir = mkdtempSync(path.join(os.tmpdir(), "shop-catalogue-"));
    try {
      cpSync(path.resolve("catalogue"), dir, { recursive: true });
      const file = path.join(dir, "cards", "vouchers.json");
      const data = JSON.parse(readFileSync(file, "utf8")) as { vouchers: unknown[] };
      writeFileSync(file, JSON.stringify({ ...data, vouchers: data.vouchers.slice(1) }));
      const importer = await createCatalogueService({
        db: database.db,
        log: createLogger("silent"),
        dir,
        importOnStart: false,
      });
      expect((await importer.sync()).changed).toBe(true);
      await announceChange(database.db, { kind: "catalogue" });
      await vi.waitFor(() => expect(other.catalogue.version()).toBe(importer.version()), {
        timeout: 1_000,
        interval: 50,
      });
      expect(other.catalogue.version()).not.toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await one.catalogue.sync(true);
    }
  });

  it("listens again after its connection was cut, and drops what it knew meanwhile", async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = $1",
        [`LISTEN ${INVALIDATION_CHANNEL}`],
      );
    } finally {
      await admin.end();
    }
    const before = await other.content.currentCv("cards");
    // Published while nobody listens: the other process learns of it on reconnecting.
    await publishSomething();
    await vi.waitFor(async () => expect(await other.content.currentCv("cards")).not.toBe(before), {
      timeout: 5_000,
      interval: 100,
    });
  });
});

describe("an announcement's payload", () => {
  it("names the tags of a channel's change, and none when they would not fit a notification", () => {
    const tags = ["story-u-1", "slug-cards-de-de/fotobuch"];
    expect(
      JSON.parse(announcementPayload("p", { kind: "content", channel: "cards", tags })),
    ).toEqual({
      from: "p",
      kind: "content",
      channel: "cards",
      tags,
    });
    const many = Array.from({ length: 150 }, (_, i) => `story-${"x".repeat(60)}-${i}`);
    const payload = announcementPayload("p", { kind: "content", channel: "cards", tags: many });
    expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(JSON.parse(payload)).toEqual({ from: "p", kind: "content", channel: "cards" });
    // Without a channel, tags mean nothing: every channel's pages go.
    expect(JSON.parse(announcementPayload("p", { kind: "content", tags }))).toEqual({
      from: "p",
      kind: "content",
    });
  });
});
