// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ShopLink } from "./ShopLink";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  for (const link of document.head.querySelectorAll("link")) link.remove();
  vi.unstubAllGlobals();
});

/** Renders a prepared link to /fotobuch (a page with a loader) and focuses it: the intent to navigate. */
async function focusLink(connection?: { effectiveType?: string; saveData?: boolean }) {
  vi.stubGlobal("navigator", { ...navigator, connection });
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <ShopLink link={{ href: "/fotobuch", external: false }}>Fotobuch</ShopLink>,
    },
    { path: "/fotobuch", loader: () => ({ page: "fotobuch" }), Component: () => <p>Fotobuch</p> },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/"]} />));
  const anchor = await vi.waitFor(() => {
    const found = container.querySelector("a");
    if (!found) throw new Error("not rendered yet");
    return found;
  });
  await act(async () => {
    anchor.focus();
    anchor.dispatchEvent(new FocusEvent("focus", { bubbles: false }));
    anchor.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    // React Router waits a moment before it treats a focus as the intent to navigate.
    await new Promise((resolve) => setTimeout(resolve, 150));
  });
  // React hoists <link> elements into the document's head.
  return document.querySelectorAll('link[rel="prefetch"], link[rel="modulepreload"]');
}

describe("a shop link's prefetch", () => {
  it("prefetches the page's data on focus on a fast connection", async () => {
    const links = await focusLink({ effectiveType: "4g" });
    expect(links.length).toBeGreaterThan(0);
  });

  it.each([{ effectiveType: "2g" }, { effectiveType: "slow-2g" }, { saveData: true }])(
    "prefetches nothing on a slow connection (%o)",
    async (connection) => {
      const links = await focusLink(connection);
      expect(links).toHaveLength(0);
    },
  );
});
