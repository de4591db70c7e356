// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FLAGS } from "~/furniture/flags";
import { isScrollLocked } from "~/ui/scrollLock";
import { BurgerMenu } from "./BurgerMenu";
import { TestRoot, type FurnitureOptions } from "../furniture.testing";

let view: TestRoot;

beforeEach(() => {
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width: 375,
    height: 800,
  });
  view = new TestRoot();
});

afterEach(() => view.unmount());

/** Opens the burger menu and waits for its lazily loaded panel. */
async function openMenu(options: FurnitureOptions): Promise<HTMLDialogElement> {
  await view.renderFurniture(<BurgerMenu />, options);
  const button = view.container.querySelector(".burger-button") as HTMLButtonElement;
  await act(async () => button.click());
  return vi.waitFor(
    () => {
      const menu = view.container.querySelector<HTMLDialogElement>("dialog.burger");
      if (!menu?.querySelector(".burger__list li")) throw new Error("menu not loaded");
      return menu;
    },
    { timeout: 5000 },
  );
}

const groupTitles = (menu: HTMLElement) =>
  [...menu.querySelectorAll(".burger__group-title")].map((el) => el.textContent);

describe("the burger navigation", () => {
  it("shows the wall-art menu groups when their feature flag is on", async () => {
    const menu = await openMenu({
      channel: "wallart",
      featureFlags: { [FLAGS.wallArtBurgerGroups]: "on" },
    });
    const groups = menu.querySelector("[data-testid='wallart-groups']") as HTMLElement;
    expect(groups).not.toBeNull();
    expect(groups.querySelector(".burger__link")?.textContent).toBe("Alle Wandbilder");
    expect(groupTitles(groups)).toEqual(["Bestseller", "Premium", "Weitere Produkte"]);
    expect(groups.querySelector(".burger__group-title .nav-label")?.textContent).toBe("Premium");
  });

  it("shows them in every wall-art locale, e.g. in English", async () => {
    const menu = await openMenu({
      channel: "wallart",
      locale: "en-GB",
      featureFlags: { [FLAGS.wallArtBurgerGroups]: "on" },
    });
    expect(menu.querySelector("[data-testid='wallart-groups']")).not.toBeNull();
  });

  it("leaves them out while the flag is off or in its control treatment", async () => {
    const menu = await openMenu({ channel: "wallart" });
    expect(menu.querySelector("[data-testid='wallart-groups']")).toBeNull();
    view.unmount();
    view = new TestRoot();
    const control = await openMenu({
      channel: "wallart",
      featureFlags: { [FLAGS.wallArtBurgerGroups]: "control" },
    });
    expect(control.querySelector("[data-testid='wallart-groups']")).toBeNull();
  });

  it("hides the shop list when voll_492_hide_shops is on, and shows it otherwise", async () => {
    const shown = await openMenu({});
    expect(shown.querySelectorAll(".burger__shops a").length).toBeGreaterThan(0);
    view.unmount();
    view = new TestRoot();
    const hidden = await openMenu({ featureFlags: { [FLAGS.hideShops]: "on" } });
    expect(hidden.querySelector(".burger__shops")).toBeNull();
    expect(hidden.querySelector(".burger__list li")).not.toBeNull();
  });

  it("locks page scrolling while it is open, has the hotline as a tel: link", async () => {
    const menu = await openMenu({});
    expect(isScrollLocked()).toBe(true);
    expect(menu.querySelector(".burger__hotline")?.getAttribute("href")).toBe("tel:+493025558800");
    await act(async () => (menu.querySelector(".burger__close") as HTMLButtonElement).click());
    expect(view.container.querySelector("dialog.burger")).toBeNull();
    expect(isScrollLocked()).toBe(false);
  });

  it("keeps one accordion open at a time", async () => {
    const menu = await openMenu({});
    const toggles = () =>
      [...menu.querySelectorAll<HTMLButtonElement>(".burger__link--toggle")].slice(0, 2);
    const [first, second] = toggles();
    if (!first || !second) throw new Error("the seed menu has two accordions");
    await act(async () => first.click());
    expect(toggles().map((b) => b.getAttribute("aria-expanded"))).toEqual(["true", "false"]);
    await act(async () => second.click());
    expect(toggles().map((b) => b.getAttribute("aria-expanded"))).toEqual(["false", "true"]);
  });
});
