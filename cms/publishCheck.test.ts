/**
 * Markup a page would show as written is refused at publish: through the management API
 * (publish, create or update with publish, a release) with a 422 problem naming each field,
 * and through the editor's publish; drafts may carry it. Every seed story would publish.
 */
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../db/testing";
import { createCms, type Cms } from "./cms";
import { readSeedFiles } from "./import";
import { MarkupRefusedError, publishRefusal } from "./publishCheck";

const TOKEN = "management-token-for-publish-tests";
const SPACE = 31_001;

/** A page whose rich text links in markdown and whose teaser greets with an unknown placeholder. */
const marked = {
  component: "Page",
  _uid: "page",
  body: [
    {
      component: "Text",
      _uid: "text",
      text: {
        type: "doc",
        content: [
          { type: "paragraph", content: [{ type: "text", text: "Mehr: [Leinwand](/leinwand)" }] },
        ],
      },
    },
    { component: "Teaser", _uid: "teaser", headline: "Hallo {{kunde}}", text: "**Neu**" },
  ],
};

const clean = {
  component: "Page",
  _uid: "page",
  body: [{ component: "Teaser", _uid: "teaser", headline: "Hotline {{hotline}}", text: "Neu" }],
};

const FIELDS = [
  "content.body.0.text.content.0.content.0.text",
  "content.body.1.headline",
  "content.body.1.text",
];

describe.each(TEST_DATABASES)("publishing markup on %s", (kind) => {
  let database: TestDatabase;
  let cms: Cms;
  let calls = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    cms = await createCms({
      db: database.db,
      log: pino({ level: "silent" }),
      spaces: { cards: { spaceId: SPACE }, wallart: { spaceId: SPACE + 1 } },
      managementToken: TOKEN,
      contentDir: path.resolve("server/content/fixtures"),
      // Each call a caller of its own: the management API's limit (six a second) is not tested here.
      callerKey: () => `publish-test-${++calls}`,
    });
  });
  afterAll(async () => {
    cms.close();
    await database.destroy();
  });

  const call = (method: string, at: string, body?: unknown) =>
    cms.routes.management.request(`http://shop.test/v1/spaces/${SPACE}${at}`, {
      method,
      headers: { authorization: TOKEN, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function expectRefused(response: Response) {
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = (await response.json()) as { errors: Record<string, string>; detail: string };
    expect(Object.keys(problem.errors).sort()).toEqual(FIELDS);
    expect(problem.errors[FIELDS[0]!]).toContain("[Leinwand](/leinwand)");
    expect(problem.errors[FIELDS[1]!]).toContain("{{kunde}}");
    expect(problem.detail).toContain("content.body.1.headline");
    return problem;
  }

  async function storyNamed(slug: string) {
    const list = (await (await call("GET", "/stories?per_page=100")).json()) as {
      stories: { id: number; slug: string }[];
    };
    const found = list.stories.find((s) => s.slug === slug);
    if (!found) return null;
    const one = (await (await call("GET", `/stories/${found.id}`)).json()) as {
      story: { id: number; name: string; published: boolean; content: unknown };
    };
    return one.story;
  }

  it("keeps a draft with markup, refuses to publish it and publishes it once it is clean", async () => {
    const created = await call("POST", "/stories", {
      story: { name: "Wandbilder", slug: "wandbilder", content: marked },
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { story: { id: number } }).story;

    await expectRefused(await call("GET", `/stories/${id}/publish`));
    expect((await storyNamed("wandbilder"))?.published).toBe(false);

    // An update that publishes is refused whole: the draft stays as it was.
    await expectRefused(
      await call("PUT", `/stories/${id}`, {
        story: { name: "Wandbilder neu", content: marked },
        publish: 1,
      }),
    );
    const kept = await storyNamed("wandbilder");
    expect(kept).toMatchObject({ name: "Wandbilder", published: false, content: marked });

    const fixed = await call("PUT", `/stories/${id}`, { story: { content: clean }, publish: 1 });
    expect(fixed.status).toBe(200);
    expect(((await fixed.json()) as { story: { published: boolean } }).story.published).toBe(true);
  });

  it("refuses to create a published story with markup, and creates a clean one", async () => {
    await expectRefused(
      await call("POST", "/stories", {
        story: { name: "Poster", slug: "poster", content: marked },
        publish: true,
      }),
    );
    expect(await storyNamed("poster")).toBeNull();
    const created = await call("POST", "/stories", {
      story: { name: "Poster", slug: "poster", content: clean },
      publish: true,
    });
    expect(created.status).toBe(201);
    expect((await storyNamed("poster"))?.published).toBe(true);
  });

  it("takes into a release only what may be published", async () => {
    const release = (await (
      await call("POST", "/releases", { release: { name: "Herbst" } })
    ).json()) as { release: { id: number } };
    const story = await storyNamed("poster");
    await expectRefused(
      await call("PUT", `/stories/${story!.id}`, {
        story: { content: marked },
        release_id: release.release.id,
      }),
    );
    const saved = await call("PUT", `/stories/${story!.id}`, {
      story: { content: clean },
      release_id: release.release.id,
    });
    expect(saved.status).toBe(200);
  });

  it("refuses the editor's publish with the fields, and the draft stays", async () => {
    const created = await call("POST", "/stories", {
      story: { name: "Leinwand", slug: "leinwand", content: clean },
    });
    const { id } = ((await created.json()) as { story: { id: number } }).story;
    await cms.saveDraft("cards", id, marked);
    const refused = await cms.publish("cards", id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MarkupRefusedError);
    expect(Object.keys((refused as MarkupRefusedError).errors).sort()).toEqual(FIELDS);
    expect((await cms.editorStory("cards", id))?.published).toBe(false);

    await cms.saveDraft("cards", id, clean);
    expect((await cms.publish("cards", id)).published).toBe(true);
  });
});

describe("the seed content", () => {
  it("would publish: no story of any channel or folder carries markup shown as written", () => {
    const files = readSeedFiles(path.resolve("content"));
    expect(files.length).toBeGreaterThan(800);
    const refused = files.flatMap((file) => {
      const refusal = publishRefusal(file.story.content);
      return refusal
        ? Object.entries(refusal.errors).map(
            ([field, message]) => `${file.channel}/${file.path} ${field}: ${message}`,
          )
        : [];
    });
    expect(refused).toEqual([]);
  });
});
