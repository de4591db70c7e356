/**
 * A block as the browser meets it, for component tests (happy-dom): its server HTML in the
 * page first, hydrated later, as a block whose code loads after the page's is. Between the
 * two a test plays the shopper in the server's form. The block sits in a page with the
 * root's data and the locale's texts; server and browser each get a router of their own.
 */
import { act, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { NO_THIRD_PARTIES } from "../../domain/thirdParty";
import type { ChannelId } from "../../config/channels";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import type { RootData } from "../lib/rootData";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/**
 * Registers the test file's hooks: before each test the block's server HTML is in the
 * page; `hydrate()` then runs its code over it. Errors React recovered from while
 * hydrating (a mismatch) are kept in `recovered`.
 */
export function serverRenderedBlock(block: () => ReactNode, channel: ChannelId) {
  const data = {
    locale: "en-GB",
    language: "en",
    channel,
    country: "GB",
    thirdParty: NO_THIRD_PARTIES,
  } as unknown as RootData;
  const i18n = createI18n("en-GB", messagesFor("en-GB"));
  const page = () => {
    const router = createMemoryRouter(
      [
        {
          id: "root",
          path: "/",
          loader: () => data,
          Component: () => <I18nContext value={i18n}>{block()}</I18nContext>,
        },
      ],
      { initialEntries: ["/"], hydrationData: { loaderData: { root: data } } },
    );
    return <RouterProvider router={router} />;
  };
  const stage = {
    container: null as unknown as HTMLDivElement,
    recovered: [] as unknown[],
    async hydrate() {
      await act(async () => {
        root = hydrateRoot(stage.container, page(), {
          onRecoverableError: (error) => stage.recovered.push(error),
        });
      });
    },
  };
  let root: Root | undefined;

  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    stage.recovered.length = 0;
    stage.container = document.createElement("div");
    stage.container.innerHTML = renderToString(page());
    document.body.append(stage.container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    stage.container.remove();
  });
  return stage;
}
