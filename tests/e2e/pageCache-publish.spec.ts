/**
 * A publish drops exactly the kept pages that show the published story: the page of the
 * story is rendered afresh with the new text, a page of another story stays kept. What the
 * page cache did is read from each answer's X-Cache header.
 */
import type { APIRequestContext } from "@playwright/test";
import {
  CARDS_SPACE,
  MANAGEMENT_TOKEN,
  PORT,
  expect,
  publishCardsPage,
  test,
  url,
} from "./fixtures";

const api = (target: string) => `http://127.0.0.1:${PORT}${target}`;
const headers = { Authorization: MANAGEMENT_TOKEN };

/** What the page cache answered for a page of the cards shop. */
async function cacheState(request: APIRequestContext, path: string): Promise<string | undefined> {
  const response = await request.get(url("localhost", path));
  expect(response.status(), path).toBe(200);
  return response.headers()["x-cache"];
}

test("a publish drops the kept page that shows the story and leaves the others kept", async ({
  request,
  shop,
  page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const changed = await publishCardsPage(request, `kept-a-${suffix}`, {});
  const other = await publishCardsPage(request, `kept-b-${suffix}`, {});

  // Both pages rendered once, then answered from the cache.
  for (const path of [changed, other]) {
    await cacheState(request, path);
    expect(await cacheState(request, path), path).toBe("HIT");
  }

  // The editor publishes a new headline on the first page's story.
  const list = await request.get(
    api(`/v1/spaces/${CARDS_SPACE}/stories?starts_with=de-de${changed}&per_page=100`),
    { headers },
  );
  const story = (await list.json()).stories.find(
    (entry: { full_slug: string }) => entry.full_slug === `de-de${changed}`,
  ) as { id: number };
  const updated = await request.put(api(`/v1/spaces/${CARDS_SPACE}/stories/${story.id}`), {
    headers,
    data: {
      story: {
        content: {
          component: "Page",
          _uid: `page-kept-a-${suffix}`,
          metaTitle: "kept-a",
          metaDescription: "kept-a",
          body: [
            { component: "Headline", _uid: `h-${suffix}`, text: "Neu veröffentlicht", level: 1 },
          ],
        },
      },
      publish: 1,
    },
  });
  expect(updated.status()).toBe(200);

  // Only the page that shows the story is rendered anew; the other one is still kept.
  expect(await cacheState(request, other)).toBe("HIT");
  expect(await cacheState(request, changed)).toBe("MISS");
  expect(await cacheState(request, changed)).toBe("HIT");

  // A visitor sees the new headline, from the cache.
  const response = await page.goto(url("localhost", changed));
  expect(response?.headers()["x-cache"]).toBe("HIT");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1, name: "Neu veröffentlicht" })).toBeVisible();
  await shop.expectAccessible();
});
