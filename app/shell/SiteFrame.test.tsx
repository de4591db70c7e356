// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANONYMOUS_CUSTOMER } from "../../domain/customerData";
import { resetCustomer, setCustomer } from "../lib/customer";
import { EMPTY_PAGE_FURNITURE } from "../furniture/empty";
import { TestRoot, type FurnitureOptions } from "../furniture/furniture.testing";
import type { ErrorStory } from "../furniture/siteConfig";
import { SiteFrame } from "./SiteFrame";
import type { ActionBarData } from "../furniture/types";

let view: TestRoot;

beforeEach(() => {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  view = new TestRoot();
});

afterEach(() => {
  view.unmount();
  resetCustomer();
});

const STORY_BAR: ActionBarData = {
  id: "error-story-bar",
  html: "<b>Fehlerseiten-Aktion</b>",
  color: "#ffffff",
  backgroundColor: "#000000",
};

function errorStory(actionBar: ActionBarData | null): ErrorStory {
  return { body: [], actionBar };
}

async function renderFrame(
  props: { error?: boolean; errorStory?: ErrorStory | null },
  options: FurnitureOptions = {},
) {
  await view.renderFurniture(
    <SiteFrame {...props}>
      <p>Inhalt</p>
    </SiteFrame>,
    {
      layout: { page: EMPTY_PAGE_FURNITURE, subNavigation: null, errorStory: null },
      ...options,
    },
  );
}

const $ = (selector: string) => view.container.querySelector(selector);
const barText = () => $(".action-bar")?.textContent ?? "";

describe("the error page's furniture", () => {
  it("shows the error story's action bar", async () => {
    await renderFrame({ error: true, errorStory: errorStory(STORY_BAR) });
    expect(barText()).toContain("Fehlerseiten-Aktion");
  });

  it("shows the campaign bar the server found for the path when the error story has none", async () => {
    const campaign: ActionBarData = { ...STORY_BAR, id: "campaign-bar", html: "Kampagnen-Aktion" };
    await renderFrame({ error: true, errorStory: { body: [], actionBar: campaign } });
    expect(barText()).toContain("Kampagnen-Aktion");
    expect(barText()).not.toContain("WINTER20");
  });

  it("shows no bar, never the global one, when neither the error story nor a campaign has one", async () => {
    await renderFrame({ error: true, errorStory: errorStory(null) });
    expect($(".action-bar")).toBeNull();
    view.unmount();
    view = new TestRoot();
    await renderFrame({ error: true, errorStory: null });
    expect($(".action-bar")).toBeNull();
    view.unmount();
    view = new TestRoot();
    // Other pages keep the global bar.
    await renderFrame({});
    expect(barText()).toContain("WINTER20");
  });

  it("has header, main navigation and footer on the web", async () => {
    await renderFrame({ error: true });
    expect($(".site-header")).not.toBeNull();
    expect($("nav.main-nav")).not.toBeNull();
    expect($(".footer-island")).not.toBeNull();
    expect($("main")?.textContent).toBe("Inhalt");
  });

  it("has neither main navigation nor footer in the desktop app", async () => {
    await renderFrame({ error: true }, { platform: "desktop" });
    expect($(".site-header")).not.toBeNull();
    expect($("nav.main-nav")).toBeNull();
    expect($(".footer-island")).toBeNull();
  });

  it("shows white-label customers their banner, on the web only", async () => {
    await renderFrame({ error: true });
    expect($(".whitelabel-banner")).toBeNull();
    await act(async () => setCustomer({ ...ANONYMOUS_CUSTOMER, isWhitelabelCustomer: true }));
    expect($(".whitelabel-banner")?.textContent).toContain("Partnershop");
    expect($(".whitelabel-banner a")?.getAttribute("href")).toBe("/whitelabel/switch");
    view.unmount();
    view = new TestRoot();
    await renderFrame({ error: true }, { platform: "desktop" });
    expect($(".whitelabel-banner")).toBeNull();
  });

  it("shows no white-label banner outside the error page", async () => {
    await renderFrame({});
    await act(async () => setCustomer({ ...ANONYMOUS_CUSTOMER, isWhitelabelCustomer: true }));
    expect($(".whitelabel-banner")).toBeNull();
  });
});

describe("what the page's URL switches off", () => {
  it("barDisabled hides the action bar", async () => {
    await renderFrame({}, { switches: { actionBar: false, promotions: true } });
    expect($(".action-bar")).toBeNull();
    expect($(".site-header")).not.toBeNull();
  });

  it("suppress_promotion hides the bar and the app banner", async () => {
    // The seeds configure no app: the banner here is one with a real deep link.
    const appBanner = {
      title: "Unsere App",
      text: "",
      ctaText: "Öffnen",
      deepLink: "https://open.wallora.app/start",
    };
    await renderFrame({}, { channel: "wallart", appBanner });
    // The banner's code loads on demand (only a brand with an app needs it).
    await act(async () => {
      await import("../furniture/header/AppBanner");
    });
    expect($(".smartbanner")).not.toBeNull();
    view.unmount();
    view = new TestRoot();
    await renderFrame(
      {},
      { channel: "wallart", appBanner, switches: { actionBar: false, promotions: false } },
    );
    expect($(".smartbanner")).toBeNull();
    expect($(".action-bar")).toBeNull();
  });
});
