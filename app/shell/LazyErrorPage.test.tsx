// @vitest-environment happy-dom
import { act, useState, type ComponentType, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { data } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/** The error page's code as the test hands it over (or fails it). */
let arrive: (module: { ErrorPage: ComponentType }) => void = () => {};
let fail: (error: Error) => void = () => {};

/** The page as the server drew it: the error page's wrapper and its content. */
const SERVER_HTML =
  '<main data-count="0"><div class="lazy-block" data-lazy-block="error-page"><!--$--><section class="error-page">' +
  "<h1>Seite nicht gefunden</h1><p>Hier geht's weiter</p></section><!--/$--></div></main>";

let container: HTMLDivElement;
let root: Root | undefined;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.resetModules();
});

/** The modules fresh, after the page's HTML is in place (lazyBlock keeps a copy as it loads). */
async function load(html = "") {
  container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  vi.doMock(
    "./ErrorPage",
    () => new Promise((resolve, reject) => ((arrive = resolve), (fail = reject))),
  );
  const { LazyErrorPage } = await import("./LazyErrorPage");
  const navigation = await import("../lib/navigation");
  const { I18nContext } = await import("../i18n/i18n");
  const i18n = { t: (key: string) => key };
  const WithTexts = ({ children }: { children: ReactNode }) => (
    <I18nContext value={i18n}>{children}</I18nContext>
  );
  return { LazyErrorPage, navigation, WithTexts };
}

describe("LazyErrorPage in the browser", () => {
  it("keeps the server's HTML when something above it changes before its code arrives", async () => {
    const { LazyErrorPage, WithTexts } = await load(SERVER_HTML);
    const error = data(null, { status: 404 });
    let bump = () => {};
    function Host() {
      const [count, setCount] = useState(0);
      bump = () => setCount(count + 1);
      return (
        <WithTexts>
          <main data-count={count}>
            <LazyErrorPage error={error} />
          </main>
        </WithTexts>
      );
    }
    await act(async () => {
      root = hydrateRoot(container, <Host />, { onRecoverableError: () => {} });
    });
    await act(async () => bump());
    expect(container.querySelector("main")?.dataset.count).toBe("1");
    expect(container.querySelector("h1")?.textContent).toBe("Seite nicht gefunden");
    expect(container.textContent).toContain("Hier geht's weiter");

    await act(async () => arrive({ ErrorPage: () => <h1>Die geladene Fehlerseite</h1> }));
    expect(container.querySelector("h1")?.textContent).toBe("Die geladene Fehlerseite");
  });

  it("shows a plain page with a title and a link to try again at once after a client-side error, and keeps it when the code cannot load, without reloading", async () => {
    const { LazyErrorPage, navigation, WithTexts } = await load();
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    await act(async () => {
      root = createRoot(container);
      root.render(
        <WithTexts>
          <LazyErrorPage error={new Error("offline")} />
        </WithTexts>,
      );
    });
    expect(container.querySelector("h1")?.textContent).toBe("error.serverTitle");
    const link = () => container.querySelector<HTMLAnchorElement>("a.button");
    expect(link()?.getAttribute("href")).toBe("");

    // While the code loads, a failed chunk (Vite reports each) does not reload the page.
    expect(navigation.reloadForChunkError()).toBe(false);
    await act(async () => fail(new TypeError("Failed to fetch dynamically imported module")));
    expect(container.querySelector("h1")?.textContent).toBe("error.serverTitle");
    expect(link()?.getAttribute("href")).toBe("");
    expect(reload).not.toHaveBeenCalled();
    // Once it has failed, other chunks reload as before.
    expect(navigation.reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
