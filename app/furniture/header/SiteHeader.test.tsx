// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ANONYMOUS_CUSTOMER, type Customer } from "../../../domain/customerData";
import { resetCustomer, setCustomer } from "~/lib/customer";
import { closeDialog, getDialogState } from "~/ui/dialogState";
import { TestRoot } from "../furniture.testing";
import { SiteHeader } from "./SiteHeader";

let view: TestRoot;

beforeEach(() => {
  view = new TestRoot();
});

afterEach(() => {
  view.unmount();
  resetCustomer();
  closeDialog();
});

const header = () => view.container.querySelector("header") as HTMLElement;
const texts = (selector: string) =>
  [...header().querySelectorAll(selector)].map((el) => el.textContent?.trim());

const LOGGED_IN: Customer = {
  ...ANONYMOUS_CUSTOMER,
  isLoggedIn: true,
  firstName: "Erika",
  lastName: "Mustermann",
  number: "100042",
  order: { cartArticlesAmount: 3, isWhitelabelOrder: false },
};

describe("the site header", () => {
  it("on the web: home link, shops, hotline, magazine, service, log-in and cart", async () => {
    await view.renderFurniture(<SiteHeader />);
    expect(header().querySelector(".brand")?.getAttribute("href")).toBe("/");
    expect(texts(".shop-list a")).toEqual(["Karten & Fotogeschenke", "Wandbilder"]);
    expect(header().querySelector(".site-header__hotline")?.getAttribute("href")).toBe(
      "tel:+493025558800",
    );
    expect(texts(".header-item__text")).toEqual([
      "Magazin",
      "Hilfe & Service",
      "Anmelden",
      "Wunschliste",
      "Warenkorb",
    ]);
    expect(header().querySelector(".site-header__back")).toBeNull();
  });

  it("the anonymous account item opens the LogIn dialog", async () => {
    await view.renderFurniture(<SiteHeader />);
    const account = [...header().querySelectorAll("button")].find(
      (b) => b.textContent === "Anmelden",
    );
    expect(account?.getAttribute("aria-haspopup")).toBe("dialog");
    await act(async () => account?.click());
    expect(getDialogState().current).toBe("LogIn");
  });

  it("a logged-in customer sees first and last name with the customer icon, and the cart count", async () => {
    await view.renderFurniture(<SiteHeader />);
    await act(async () => setCustomer(LOGGED_IN));
    const item = header().querySelector(".header-item--customer") as HTMLElement;
    expect(item.textContent).toBe("Erika Mustermann");
    expect(item.querySelector("svg use")?.getAttribute("href")).toBe("#icon-customer");
    expect(texts(".header-item__text")).not.toContain("Anmelden");
    expect(header().querySelector(".cart-badge")?.textContent).toBe("3");
    expect(header().querySelector(".header-item--cart")?.textContent).toContain(
      "3 Artikel im Warenkorb",
    );
    await act(async () => resetCustomer());
    expect(texts(".header-item__text")).toContain("Anmelden");
    expect(header().querySelector(".cart-badge")?.textContent).toBe("0");
  });

  it("counts the wishlist's designs in a brand that keeps one, filled in the browser", async () => {
    await view.renderFurniture(<SiteHeader />);
    const item = header().querySelector(".header-item--wishlist") as HTMLElement;
    expect(item.getAttribute("href")).toBe("/wunschliste");
    expect(item.querySelector(".wishlist-badge")?.textContent).toBe("0");
    await act(async () => setCustomer({ ...ANONYMOUS_CUSTOMER, wishlistThemes: 2 }));
    expect(item.querySelector(".wishlist-badge")?.textContent).toBe("2");
    expect(item.textContent).toContain("2 Designs auf Ihrer Wunschliste");
    view.unmount();
    view = new TestRoot();
    await view.renderFurniture(<SiteHeader />, { channel: "wallart" });
    expect(header().querySelector(".header-item--wishlist")).toBeNull();
  });

  it("keeps the page's language in the home link", async () => {
    await view.renderFurniture(<SiteHeader />, { locale: "fr-CH", path: "/fr/" });
    expect(header().querySelector(".brand")?.getAttribute("href")).toBe("/fr");
  });

  it("in the desktop app: a back link instead of shops, hotline, magazine and service; log-in and cart stay", async () => {
    await view.renderFurniture(<SiteHeader />, { platform: "desktop", path: "/d/products" });
    expect(header().querySelector(".site-header__back")?.getAttribute("href")).toBe("/d/products");
    expect(header().querySelector(".brand")?.getAttribute("href")).toBe("/d");
    expect(header().querySelector(".shop-list")).toBeNull();
    expect(header().querySelector(".site-header__hotline")).toBeNull();
    expect(texts(".header-item__text")).toEqual(["Anmelden", "Wunschliste", "Warenkorb"]);
    // The cart link keeps the app's d marker, so the cart opens in the app's frame.
    expect(header().querySelector(".header-item--cart")?.getAttribute("href")).toBe("/d/warenkorb");
    expect(header().querySelector(".header-item--wishlist")?.getAttribute("href")).toBe(
      "/d/wunschliste",
    );
    const login = [...header().querySelectorAll("button")].find(
      (b) => b.textContent === "Anmelden",
    );
    await act(async () => login?.click());
    expect(getDialogState().current).toBe("LogIn");
  });

  it("in the desktop app: a logged-in customer's account link keeps the d marker", async () => {
    await view.renderFurniture(<SiteHeader />, { platform: "desktop", path: "/d/products" });
    await act(async () => setCustomer(LOGGED_IN));
    const account = header().querySelector(".header-item--customer");
    expect(account?.textContent).toBe("Erika Mustermann");
    expect(account?.getAttribute("href")).toBe("/d/konto");
    expect(header().querySelector(".cart-badge")?.textContent).toBe("3");
  });
});
