import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelId } from "../../config/channels";
import type { Country, Locale } from "../../domain/locales";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../../server/testing/services";
import type { ShopServices } from "../../server/services";
import { shopContext } from "../context";
import { localeContext } from "../lib/site";
import { notFound } from "../lib/http";
import {
  isContentRoutePattern,
  layoutDataFor,
  notFoundWithErrorStory,
  withErrorStoryOn404,
} from "./furniture.server";

describe("the error page's bar, on the server", () => {
  let database: TestDatabase;
  let services: ShopServices;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    services = await createTestServices(database, {
      CONTENT_DIR: path.resolve("server/content/campaign-fixtures"),
      CONTENT_IMPORT_ON_START: "true",
    });
  });
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  function contextFor(
    site: { channel: ChannelId; country: Country; locale: Locale },
    rest: string,
    unknownPrefix = false,
  ) {
    const context = new RouterContextProvider();
    context.set(shopContext, {
      site: { channel: site.channel, country: site.country },
      nonce: "",
      services,
      clientAddress: "unknown",
    });
    context.set(localeContext, {
      channel: site.channel,
      country: site.country,
      locale: site.locale,
      language: "de",
      platform: "web",
      rest,
      unknownPrefix,
    });
    return context;
  }
  const cards = { channel: "cards", country: "DE", locale: "de-DE" } as const;

  it("is the campaign bar of the path when the error story has none", async () => {
    const layout = await layoutDataFor(
      contextFor(cards, "/fotobuch/gibt-es-nicht"),
      new URL("http://localhost/fotobuch/gibt-es-nicht"),
    );
    expect(layout.errorStory?.actionBar?.id).toBe("photo-books-bar");
    expect(layout.errorStory?.body).not.toHaveLength(0);
    const other = await layoutDataFor(
      contextFor(cards, "/gibt-es-nicht"),
      new URL("http://localhost/gibt-es-nicht"),
    );
    expect(other.errorStory?.actionBar?.id).toBe("everywhere-bar");
  });

  it("is the error story's own bar when it has one", async () => {
    const wallart = { channel: "wallart", country: "DE", locale: "de-DE" } as const;
    const layout = await layoutDataFor(
      contextFor(wallart, "/gibt-es-nicht"),
      new URL("http://wallart.localhost/gibt-es-nicht"),
    );
    expect(layout.errorStory?.actionBar?.id).toBe("error-story-bar");
  });

  it("is no bar, not the global configuration's, where no campaign runs", async () => {
    const gb = { channel: "cards", country: "GB", locale: "en-GB" } as const;
    const layout = await layoutDataFor(
      contextFor(gb, "/missing"),
      new URL("http://gb.cards.localhost/missing"),
    );
    expect(layout.errorStory).toBeNull();
  });

  it("comes with the 404 of an unknown locale prefix too", async () => {
    const thrown = await notFoundWithErrorStory(
      contextFor(cards, "/xx/fotobuch", true),
      new URL("http://localhost/xx/fotobuch"),
    ).catch((error: unknown) => error as { data: { errorStory: { actionBar: { id: string } } } });
    expect(thrown.data.errorStory.actionBar.id).toBe("everywhere-bar");
  });

  it("is read for the content route only: an app page's layout carries no error story", async () => {
    expect(isContentRoutePattern("/")).toBe(true);
    expect(isContentRoutePattern("*")).toBe(true);
    expect(isContentRoutePattern(":lang?/d?/warenkorb")).toBe(false);
    const cart = await layoutDataFor(
      contextFor(cards, "/warenkorb"),
      new URL("http://localhost/warenkorb"),
      ":lang?/d?/warenkorb",
    );
    expect(cart.errorStory).toBeNull();
    expect(cart.subNavigation).toBeNull();
    const content = await layoutDataFor(
      contextFor(cards, "/gibt-es-nicht"),
      new URL("http://localhost/gibt-es-nicht"),
      "*",
    );
    expect(content.errorStory?.actionBar?.id).toBe("everywhere-bar");
  });

  it("comes with an app page's 404 instead, and only then", async () => {
    const args = {
      context: contextFor(cards, "/konto/gibt-es-nicht"),
      url: new URL("http://localhost/konto/gibt-es-nicht"),
    };
    const thrown = await withErrorStoryOn404(() => notFound("/konto/gibt-es-nicht"))(args).catch(
      (error: unknown) =>
        error as {
          init: { status: number };
          data: { message: string; errorStory: { actionBar: { id: string }; body: unknown[] } };
        },
    );
    expect(thrown.init.status).toBe(404);
    expect(thrown.data.message).toBe("Page Not Found: /konto/gibt-es-nicht");
    expect(thrown.data.errorStory.actionBar.id).toBe("everywhere-bar");
    expect(thrown.data.errorStory.body).not.toHaveLength(0);
    // A page answers as it is; any other failure passes through untouched.
    await expect(withErrorStoryOn404(() => ({ page: "overview" }))(args)).resolves.toEqual({
      page: "overview",
    });
    const failure = new Error("database away");
    await expect(
      withErrorStoryOn404(() => {
        throw failure;
      })(args),
    ).rejects.toBe(failure);
  });
});
