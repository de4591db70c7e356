/**
 * The content editor's pages in the back office over HTTP, on PGlite and PostgreSQL: the
 * content editor, the flag page and the customer pictures open only with a back-office
 * session (none leads to the log-in, which comes back only to a back-office path of this
 * host; an owner without the second factor reaches only its set-up; production gets 403),
 * and every save, publish and picture decision is in the audit log with who made it. The old
 * paths (/_editor, /_flags, /_pictures) lead to the new ones for good.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customerPictures, customers } from "../../db/schema";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { ShopServices } from "../../server/services";
import {
  OPERATOR_PASSWORD,
  openAdminShop,
  type AdminShop,
  type SignedIn,
} from "./adminShop.testing";

const PAGES = ["/_admin/content", "/_admin/flags", "/_admin/pictures"] as const;

describe.each(TEST_DATABASES)("the content editor's pages in the back office on %s", (kind) => {
  let t: AdminShop;
  let database: TestDatabase;
  let services: ShopServices;
  let editor: SignedIn;
  let press: SignedIn;
  let storyId: number;
  const pictureIds: number[] = [];

  beforeAll(async () => {
    t = await openAdminShop(kind);
    ({ database, services } = t);
    editor = await t.signIn("lektor", "content_editor");
    press = await t.signIn("press", "production");

    // A page below the cards shop's German folder for the editor to change.
    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const folder =
      (await store.findStory(spaceId, { fullSlug: "de-de" })) ??
      (await store.createStory(spaceId, {
        name: "de-de",
        slug: "de-de",
        parentId: null,
        content: null,
        isFolder: true,
      }));
    const story = await store.createStory(spaceId, {
      name: "Versandseite",
      slug: "versandseite",
      parentId: folder.id,
      content: { component: "Page", _uid: "p-1", body: [] },
    });
    storyId = story.id;

    // Two photos a customer handed in, waiting for the review.
    const [customer] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: "K-880001",
        email: "lena@example.com",
        firstName: "Lena",
        lastName: "Licht",
        locale: "de-DE",
      })
      .returning();
    for (const caption of ["Unser Fotobuch", "Unser Kalender"]) {
      const [row] = await database.db
        .insert(customerPictures)
        .values({
          channel: "cards",
          customerId: customer!.id,
          name: "Lena",
          caption,
          width: 16,
          height: 12,
          large: Buffer.from("large"),
          small: Buffer.from("small"),
        })
        .returning({ id: customerPictures.id });
      pictureIds.push(row!.id);
    }
  }, 180_000);
  afterAll(() => t?.close());

  const auditOf = (action: string) =>
    database.db.select().from(auditLog).where(eq(auditLog.action, action));
  const content = (headline: string) =>
    JSON.stringify({
      component: "Page",
      _uid: "p-1",
      body: [{ component: "Headline", _uid: "h-1", text: headline, level: 1 }],
    });

  it("sends a visitor without a back-office session to the log-in, for pages and forms alike", async () => {
    for (const page of PAGES) {
      const response = await t.request(`${page}?story=${storyId}`);
      expect(response.status, page).toBe(302);
      expect(response.headers.get("location")).toBe(
        `/_admin/login?next=${encodeURIComponent(`${page}?story=${storyId}`)}`,
      );
    }
    const save = await t.request("/_admin/content", {
      method: "POST",
      body: new URLSearchParams({ intent: "publish", id: String(storyId), content: content("x") }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(save.status).toBe(302);
    expect(save.headers.get("location")).toMatch(/^\/_admin\/login\?next=/);
    expect((await services.cms!.editorStory("cards", storyId))?.published).toBe(false);
    // The old paths lead to the new ones, which ask for the log-in in turn.
    const old = await t.request("/_editor?story=1");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/_admin/content?story=1");
  });

  it("moves the old flag and picture paths to their place in the back office for good", async () => {
    for (const [old, place] of [
      ["/_flags", "/_admin/flags"],
      ["/_flags?voll_492_hide_shops=on", "/_admin/flags?voll_492_hide_shops=on"],
      ["/_pictures", "/_admin/pictures"],
      ["/_pictures?page=2", "/_admin/pictures?page=2"],
    ] as const) {
      const response = await t.request(old);
      expect(response.status, old).toBe(301);
      expect(response.headers.get("location"), old).toBe(place);
    }
  });

  it("comes back after the log-in only to a back-office path of this host, a language's included", async () => {
    const logIn = (next: string) =>
      t.request("/_admin/login", {
        method: "POST",
        body: new URLSearchParams({
          email: "lektor@example.com",
          password: OPERATOR_PASSWORD,
          next,
        }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const back = await logIn("/_admin/flags?voll_492_hide_shops=on");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/_admin/flags?voll_492_hide_shops=on");
    expect((await logIn("/fr/_admin/content")).headers.get("location")).toBe("/fr/_admin/content");
    for (const elsewhere of ["https://evil.example/_admin", "//evil.example/_admin", "/konto"]) {
      expect((await logIn(elsewhere)).headers.get("location"), elsewhere).toBe("/_admin");
    }
  });

  it("lets an owner without the second factor reach only its set-up", async () => {
    await t.createOperator("inhaberin", "owner");
    const login = await services.admin.operators.login({
      email: "inhaberin@example.com",
      password: OPERATOR_PASSWORD,
      caller: "inhaberin",
    });
    if (!login.ok) throw new Error(login.problem);
    for (const page of PAGES) {
      const response = await t.request(page, { cookie: `admin_session=${login.token}` });
      expect(response.status, page).toBe(302);
      expect(response.headers.get("location")).toBe("/_admin/security");
    }
  });

  it("answers 403 to a production operator, for the pages and their forms", async () => {
    for (const page of PAGES) {
      expect((await t.request(page, { cookie: press.cookie })).status, page).toBe(403);
    }
    const publish = await t.post("/_admin/content", press, {
      intent: "publish",
      id: String(storyId),
      content: content("Von der Produktion"),
    });
    expect(publish.status).toBe(403);
    const approve = await t.post("/_admin/pictures", press, {
      intent: "approve",
      id: String(pictureIds[0]),
    });
    expect(approve.status).toBe(403);
    expect((await services.cms!.editorStory("cards", storyId))?.published).toBe(false);
    expect(await services.customerPictures.pending("cards")).toHaveLength(2);
  });

  it("lets a content editor save and publish a story, each change in the audit log", async () => {
    const page = await t.request(`/_admin/content?story=${storyId}`, { cookie: editor.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Versandseite");
    // The preview still shows the draft through the preview token's signed address.
    expect(html).toMatch(/_storyblok_tk%5Btoken%5D=[0-9a-f]{40}/);

    // A form without the session's CSRF token changes nothing.
    const forged = await t.post(
      "/_admin/content",
      { ...editor, csrf: "forged" },
      {
        intent: "save",
        id: String(storyId),
        content: content("Gefälscht"),
      },
    );
    expect(forged.status).toBe(403);

    const saved = await t.post("/_admin/content", editor, {
      intent: "save",
      id: String(storyId),
      content: content("Entwurf der Redaktion"),
    });
    expect(saved.status).toBe(200);
    const draft = await services.cms!.editorStory("cards", storyId);
    expect(JSON.stringify(draft?.content)).toContain("Entwurf der Redaktion");
    expect(draft?.published).toBe(false);

    const published = await t.post("/_admin/content", editor, {
      intent: "publish",
      id: String(storyId),
      content: content("Neu veröffentlicht"),
    });
    expect(published.status).toBe(200);
    expect((await services.cms!.editorStory("cards", storyId))?.published).toBe(true);

    const broken = await t.post("/_admin/content", editor, {
      intent: "save",
      id: String(storyId),
      content: "{ not json",
    });
    expect(broken.status).toBe(400);

    const saves = await auditOf("content.save");
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      operatorId: editor.id,
      operatorEmail: "lektor@example.com",
      target: `story:${storyId}`,
      details: { channel: "cards", slug: "de-de/versandseite" },
    });
    const publishes = await auditOf("content.publish");
    expect(publishes).toHaveLength(1);
    expect(publishes[0]).toMatchObject({ operatorId: editor.id, target: `story:${storyId}` });
    expect(publishes[0]!.at).toBeInstanceOf(Date);
  });

  it("refuses to publish a story whose texts carry markdown, naming the fields; the draft is saved", async () => {
    const marked = JSON.stringify({
      component: "Page",
      _uid: "p-1",
      body: [
        { component: "Headline", _uid: "h-1", text: "Mehr zur [Leinwand](/leinwand)", level: 1 },
        { component: "Headline", _uid: "h-2", text: "Hallo {{kunde}}", level: 2 },
      ],
    });
    const before = await auditOf("content.save");
    // As the editor's form sends it from the page (a fetcher: the route's data path).
    const refused = await t.post("/_admin/content.data", editor, {
      intent: "publish",
      id: String(storyId),
      content: marked,
    });
    expect(refused.status).toBe(422);
    const answer = await refused.text();
    expect(answer).toContain("markupInText");
    expect(answer).toContain("content.body.0.text");
    expect(answer).toContain("content.body.1.text");
    const story = await services.cms!.editorStory("cards", storyId);
    expect(JSON.stringify(story?.content)).toContain("[Leinwand](/leinwand)");
    // Still the version published before, now with unpublished changes.
    expect(story).toMatchObject({ published: true, unpublishedChanges: true });
    expect(await auditOf("content.save")).toHaveLength(before.length + 1);
    expect(await auditOf("content.publish")).toHaveLength(1);
  });

  it("lets a content editor read the flag page and approve or refuse a picture, each decision in the audit log", async () => {
    const flags = await t.request("/_admin/flags", { cookie: editor.cookie });
    expect(flags.status).toBe(200);
    expect(await flags.text()).toContain("voll_492_hide_shops");

    const [first, second] = pictureIds;
    const approved = await t.post("/_admin/pictures", editor, {
      intent: "approve",
      id: String(first),
    });
    expect(approved.status).toBe(200);
    const refused = await t.post("/_admin/pictures", editor, {
      intent: "refuse",
      id: String(second),
    });
    expect(refused.status).toBe(200);
    // A picture that is gone is not found, and nothing is written for it.
    const gone = await t.post("/_admin/pictures", editor, {
      intent: "refuse",
      id: String(second),
    });
    expect(gone.status).toBe(404);

    expect(await services.customerPictures.pending("cards")).toHaveLength(0);
    const decisions = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.operatorId, editor.id))
      .orderBy(auditLog.id);
    expect(
      decisions
        .filter((entry) => entry.action.startsWith("picture."))
        .map((entry) => [entry.action, entry.target, entry.operatorEmail]),
    ).toEqual([
      ["picture.approve", `picture:${first}`, "lektor@example.com"],
      ["picture.refuse", `picture:${second}`, "lektor@example.com"],
    ]);
  });

  it("shows the editors' changes on the audit page", async () => {
    const owner = await t.signIn("chefin", "owner");
    const page = await t.request("/_admin/audit?q=lektor", { cookie: owner.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const action of ["content.save", "content.publish", "picture.approve", "picture.refuse"]) {
      expect(html).toContain(action);
    }
    expect(html).toContain(`story:${storyId}`);
  });
});
