import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import type { ShopServices } from "../services";
import { campaignPath } from "./campaign-data";
import { loadTestStorefront } from "../testing/shop";
import type { Storefront } from "../storefront";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

describe("the path and locale a campaign URL names", () => {
  it("strips the language prefix and the d marker, and reads the locale from the prefix", () => {
    expect(campaignPath("/fotobuch", "DE")).toEqual({ locale: "de-DE", rest: "/fotobuch" });
    expect(campaignPath("/fr/d/cartes", "CH")).toEqual({ locale: "fr-CH", rest: "/cartes" });
    expect(campaignPath("/de/fotobuch", "DE")).toEqual({ locale: "de-DE", rest: "/fotobuch" });
    expect(campaignPath("/xx/fotobuch", "DE")).toEqual({ locale: "de-DE", rest: "/xx/fotobuch" });
  });
});

describe.each(TEST_DATABASES)("GET /web-api/campaign-data on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  const get = (host: string, url: string) =>
    api.request(`http://${host}/web-api/campaign-data?url=${encodeURIComponent(url)}`);
  const barOf = async (host: string, url: string) => {
    const response = await get(host, url);
    expect(response.status).toBe(200);
    return ((await response.json()) as { bar: { id: string; html: string } | null }).bar;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database, {
      CONTENT_DIR: path.resolve("server/content/campaign-fixtures"),
      CONTENT_IMPORT_ON_START: "true",
    });
    api = createApi(services, storefront);
  });
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  it("answers the bar of the first running campaign that matches the path", async () => {
    const response = await get("cards.localhost", "/fotobuch/hochzeit");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const { bar } = await response.json();
    expect(bar).toMatchObject({ id: "photo-books-bar", backgroundColor: "#7a1538" });
    expect(bar.html).toContain("<strong>Fotobuch-Aktion</strong>");
    expect(bar.html).not.toContain("script");
    expect((await barOf("cards.localhost", "/gibt-es-nicht"))?.id).toBe("everywhere-bar");
    // A campaign without a bar is skipped; expired and future ones never show.
    expect((await barOf("cards.localhost", "/service/kontakt"))?.id).toBe("everywhere-bar");
  });

  it("takes an absolute URL of the request's own host, with the d marker and a query", async () => {
    const bar = await barOf(
      "cards.localhost",
      "http://cards.localhost:3000/d/fotokalender?x=1#top",
    );
    expect(bar?.id).toBe("photo-books-bar");
  });

  it("reads the campaigns of the host's channel and of the prefix's locale, with the fallback", async () => {
    expect((await barOf("wallart.localhost", "/leinwand"))?.id).toBe("wand-bar");
    // de-CH has no campaigns story of its own: de-de's.
    expect((await barOf("ch.cards.localhost", "/fotobuch"))?.id).toBe("photo-books-bar");
    // fr-CH (the /fr prefix on the Swiss host) falls back to fr-fr.
    expect((await barOf("ch.cards.localhost", "/fr/fotobuch"))?.id).toBe("hiver-bar");
    expect((await barOf("fr.cards.localhost", "/cartes"))?.id).toBe("hiver-bar");
  });

  it("answers null where no campaign runs or no campaigns story exists", async () => {
    expect(await barOf("gb.cards.localhost", "/")).toBeNull();
    expect(await barOf("gb.wallart.localhost", "/")).toBeNull();
  });

  it("follows what editors publish", async () => {
    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("wallart");
    const row = await store.findStory(spaceId, { fullSlug: "de-de/campaigns" });
    const content = structuredClone(row!.content!) as unknown as { campaigns: { end?: string }[] };
    content.campaigns[0]!.end = "2001-01-01T00:00:00Z";
    const saved = await store.updateStory(row!, { content: content as never });
    await store.publishStory(saved);
    services.content.invalidate("wallart");
    expect(await barOf("wallart.localhost", "/leinwand")).toBeNull();
  });

  it.each([
    ["", "url is required"],
    ["?url=", "url is required"],
    ["?url=fotobuch", "neither a path nor an absolute URL"],
    ["?url=https%3A%2F%2Fevil.example%2Ffotobuch", "not on this site's host"],
    ["?url=%2F%2Fevil.example%2Ffotobuch", "neither a path nor an absolute URL"],
    ["?url=http%3A%2F%2Fwallart.localhost%2Fleinwand", "not on this site's host"],
    ["?url=javascript%3Aalert(1)", "not on this site's host"],
    [`?url=%2F${"a".repeat(2001)}`, "url is too long"],
  ])("answers the query %s with 400 and a message", async (query, message) => {
    const response = await api.request(`http://cards.localhost/web-api/campaign-data${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expect(body.error).toBe("invalid_request");
    expect(body.detail).toContain(message);
  });

  it("never shows the campaigns story as a page at its own path", async () => {
    const response = await api.request(
      "http://cards.localhost/web-api/cms/content-page?locale=de-DE&path=/campaigns",
    );
    expect(response.status).toBe(404);
    expect((await response.json()).reason).toBe("missing");
  });
});
