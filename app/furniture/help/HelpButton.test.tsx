// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_THIRD_PARTIES } from "../../../domain/thirdParty";
import { TestRoot } from "../furniture.testing";
import { HelpButton } from "./HelpButton";

const CHAT = {
  publicKey: "local-cards",
  title: "Kundenservice",
  greeting: "Hallo!",
  email: "service@cardelia.example",
};
const WITH_PROVIDER = { ...NO_THIRD_PARTIES, chat: { src: "https://chat.example/snippet.js" } };

let view: TestRoot;
beforeEach(() => {
  view = new TestRoot();
  document.cookie = "shop_consent=; Max-Age=0; Path=/";
});
afterEach(() => {
  observers.splice(0).forEach((observer) => observer.disconnect());
  view.unmount();
  document.head.querySelectorAll("script").forEach((script) => script.remove());
});

const launcher = () => view.container.querySelector<HTMLButtonElement>(".help-button")!;
const panel = () => view.container.querySelector(".help-contact");
const observers: MutationObserver[] = [];

/** The src of every script the page adds from now on (until the test ends). */
function watchScripts(): string[] {
  const added: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => added.push((node as HTMLScriptElement).src));
    }
  });
  observer.observe(document.head, { childList: true });
  observers.push(observer);
  return added;
}
const settle = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
const click = (element: Element) =>
  act(async () => element.dispatchEvent(new MouseEvent("click", { bubbles: true })));

describe("the help launcher", () => {
  it("without a chat provider opens a contact panel with the hotline and the service address", async () => {
    await view.renderFurniture(<HelpButton chat={CHAT} />);
    expect(launcher().getAttribute("aria-expanded")).toBe("false");
    await click(launcher());
    expect(launcher().getAttribute("aria-expanded")).toBe("true");
    // The panel's code loads with the first click.
    await vi.waitFor(() => expect(panel()).not.toBeNull());
    const links = [...panel()!.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      expect.stringMatching(/^tel:\+\d+$/),
      "mailto:service@cardelia.example",
    ]);
    expect(panel()!.textContent).not.toContain("Chat starten");
    await act(async () =>
      panel()!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })),
    );
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(launcher());
  });

  it("with a provider but without comfort cookies asks for them before loading the chat", async () => {
    await view.renderFurniture(<HelpButton chat={CHAT} />, { thirdParty: WITH_PROVIDER });
    const added = watchScripts();
    await click(launcher());
    await settle(50);
    expect(added).toEqual([]);
    const start = [...panel()!.querySelectorAll("button")].find(
      (button) => button.textContent === "Chat starten",
    )!;
    await click(start);
    expect(document.cookie).toContain("shop_consent=v1%3Af1a0m0");
    expect(panel()).toBeNull();
    expect(launcher().dataset.status).toBe("loading");
    // The chat's code loads on demand: wait for its script rather than for a fixed time.
    await vi.waitFor(() =>
      expect(added).toEqual(["https://chat.example/snippet.js?key=local-cards"]),
    );
    // This test's browser loads no scripts: the failure resets the launcher silently.
    await vi.waitFor(() => expect(launcher().dataset.status).toBe("not-loaded"));
  });

  it("with comfort cookies loads the chat on the first click, without the panel", async () => {
    document.cookie = "shop_consent=v1%3Af1a0m0; Path=/";
    await view.renderFurniture(<HelpButton chat={CHAT} />, { thirdParty: WITH_PROVIDER });
    const added = watchScripts();
    await click(launcher());
    expect(panel()).toBeNull();
    await vi.waitFor(() =>
      expect(added).toEqual(["https://chat.example/snippet.js?key=local-cards"]),
    );
    await vi.waitFor(() => expect(launcher().dataset.status).toBe("not-loaded"));
  });
});
