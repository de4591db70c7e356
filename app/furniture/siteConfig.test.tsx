// @vitest-environment happy-dom
/**
 * The site configuration in the browser: read from the document's JSON block when the root
 * data names the document's URL, loaded from the root data's URL otherwise (a navigation to
 * another locale), and kept per URL.
 */
import { act, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { EMPTY_SITE_CONFIG } from "./empty";
import { forgetSiteFrames, SITE_FRAME_ID, useSiteConfig } from "./siteConfig";

const config = (phone: string) => ({
  ...EMPTY_SITE_CONFIG,
  header: { ...EMPTY_SITE_CONFIG.header, serviceHotline: phone },
});

function Phone() {
  return <p data-testid="phone">{useSiteConfig().header.serviceHotline || "none"}</p>;
}

async function render(siteUrl: string): Promise<HTMLElement> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  document.body.append(container);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ siteUrl }),
      HydrateFallback: () => null,
      Component: () => (
        <Suspense fallback={<p>loading</p>}>
          <Phone />
        </Suspense>
      ),
    },
  ]);
  await act(async () => createRoot(container).render(<Stub />));
  return container;
}

beforeEach(() => {
  forgetSiteFrames();
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = SITE_FRAME_ID;
  script.setAttribute("data-url", "/_furniture.json?frame=aaa");
  script.textContent = JSON.stringify(config("030 111"));
  document.body.append(script);
});

afterEach(() => {
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

it("reads the document's configuration without asking the server", async () => {
  const fetch = vi.fn();
  vi.stubGlobal("fetch", fetch);
  const view = await render("/_furniture.json?frame=aaa");
  await vi.waitFor(() => expect(view.textContent).toBe("030 111"));
  expect(fetch).not.toHaveBeenCalled();
});

it("loads another URL's configuration once, and keeps the document's for its own URL", async () => {
  const fetch = vi.fn(async () => Response.json(config("01 222")));
  vi.stubGlobal("fetch", fetch);
  const french = await render("/fr/_furniture.json?frame=bbb");
  await vi.waitFor(() => expect(french.textContent).toBe("01 222"));
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0]).toEqual([
    "/fr/_furniture.json?frame=bbb",
    expect.objectContaining({ headers: { Accept: "application/json" } }),
  ]);
  const again = await render("/fr/_furniture.json?frame=bbb");
  await vi.waitFor(() => expect(again.textContent).toBe("01 222"));
  const german = await render("/_furniture.json?frame=aaa");
  await vi.waitFor(() => expect(german.textContent).toBe("030 111"));
  expect(fetch).toHaveBeenCalledTimes(1);
});
