// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentCustomer, resetCustomer } from "~/lib/customer";
import { TestRoot } from "../furniture/furniture.testing";
import { WishlistHeart } from "./WishlistHeart";

let view: TestRoot;
beforeEach(() => {
  view = new TestRoot();
});
afterEach(() => {
  view.unmount();
  resetCustomer();
});

const button = () => view.container.querySelector("button") as HTMLButtonElement | null;

describe("the wishlist heart", () => {
  it("saves and removes its theme through the API, pressed while saved, and sets the header's count", async () => {
    await view.renderFurniture(<WishlistHeart themeId="einschulung-001" />);
    expect(button()?.getAttribute("aria-label")).toBe("Auf die Wunschliste");
    expect(button()?.getAttribute("aria-pressed")).toBe("false");
    // Without JavaScript the heart is a form that saves through the wishlist page.
    expect(view.container.querySelector("form")?.getAttribute("action")).toBe("/wunschliste");
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? "GET"} ${url}`);
        const save = init?.method === "PUT";
        return Response.json({ themeId: "einschulung-001", saved: save, count: save ? 3 : 2 });
      }),
    );
    await act(async () => button()?.click());
    expect(calls).toContain("PUT /web-api/wishlist/items/einschulung-001");
    expect(button()?.getAttribute("aria-pressed")).toBe("true");
    expect(currentCustomer().wishlistThemes).toBe(3);
    await act(async () => button()?.click());
    expect(calls).toContain("DELETE /web-api/wishlist/items/einschulung-001");
    expect(button()?.getAttribute("aria-pressed")).toBe("false");
    expect(currentCustomer().wishlistThemes).toBe(2);
  });

  it("says so when the shop does not take the change", async () => {
    await view.renderFurniture(<WishlistHeart themeId="einschulung-002" />);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    await act(async () => button()?.click());
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(
      "Die Wunschliste konnte nicht geändert werden.",
    );
    expect(button()?.getAttribute("aria-pressed")).toBe("false");
  });

  it("is not there in a brand without a wishlist", async () => {
    await view.renderFurniture(
      <p>
        <WishlistHeart themeId="einschulung-001" />
      </p>,
      { channel: "wallart" },
    );
    expect(view.container.querySelector("p")).not.toBeNull();
    expect(button()).toBeNull();
  });
});
