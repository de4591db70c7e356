// @vitest-environment happy-dom
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rootDataFor, TestRoot } from "../../furniture/furniture.testing";
import { createI18n, I18nContext } from "../../i18n/i18n";
import { messagesFor } from "../../i18n/messages.server";
import { resetCustomer, setCustomer } from "../../lib/customer";
import { ANONYMOUS_CUSTOMER } from "../../../domain/customerData";
import { PageBody } from "../PageBody";
import { prepareContent } from "../prepare.server";

let view: TestRoot;
beforeEach(() => {
  view = new TestRoot();
});
afterEach(() => {
  view.unmount();
  resetCustomer();
});

const PICTURE = {
  id: 7,
  name: "Lena",
  caption: "Unser Fotobuch vom Urlaub",
  product: "photobook",
  width: 1067,
  height: 1600,
  src: "/customer-picture/image/7/small.jpg",
  large: "/customer-picture/image/7/large.jpg",
};

async function render(items: (typeof PICTURE)[], asked: { product: string; limit: number }[] = []) {
  const page = await prepareContent(
    {
      component: "Page",
      _uid: "page",
      body: [{ component: "CustomerPictures", _uid: "cp", product: "photobook", count: "6" }],
    },
    {
      locale: "de-DE",
      channel: "cards",
      preview: false,
      images: { meta: async () => ({ width: 1, height: 1, ratio: 1 }) },
      sources: {
        CustomerPictures: async (query) => {
          asked.push(query);
          return { items, total: items.length };
        },
      },
    },
  );
  const i18n = createI18n("de-DE", messagesFor("de-DE"));
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/ueber-uns",
      loader: () => rootDataFor({ channel: "cards", locale: "de-DE" }),
      HydrateFallback: () => null,
      Component: () => (
        <I18nContext value={i18n}>
          <PageBody body={page.body as never} />
        </I18nContext>
      ),
    },
  ]);
  await view.render(<Stub initialEntries={["/ueber-uns"]} />);
  await vi.waitFor(() => expect(view.container.querySelector(".customer-pictures")).not.toBeNull());
  return view.container;
}

describe("the customer pictures block", () => {
  it("shows the approved pictures of its product with caption and first name", async () => {
    const asked: { product: string; limit: number }[] = [];
    const page = await render([PICTURE], asked);
    expect(asked).toEqual([{ product: "photobook", limit: 6 }]);
    const image = page.querySelector<HTMLImageElement>(".customer-pictures__grid img")!;
    expect(image.getAttribute("src")).toBe(PICTURE.src);
    expect(image.alt).toBe("Unser Fotobuch vom Urlaub");
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["1067", "1600"]);
    expect(image.closest("a")?.getAttribute("href")).toBe(PICTURE.large);
    expect(page.querySelector("figcaption")?.textContent).toBe("Unser Fotobuch vom Urlaub– Lena");
  });

  it("asks a visitor who is not logged in to log in, and says there are no photos yet", async () => {
    const page = await render([]);
    expect(page.querySelector(".customer-pictures__empty")?.textContent).toContain(
      "Noch keine Fotos",
    );
    expect(page.querySelector(".customer-pictures__login a")?.getAttribute("href")).toBe(
      "/konto/anmelden",
    );
    expect(page.querySelector("form")).toBeNull();
  });

  it("offers a logged-in customer a form with a labelled photo field and the consent to tick", async () => {
    setCustomer({ ...ANONYMOUS_CUSTOMER, isLoggedIn: true, firstName: "Lena" });
    const page = await render([]);
    const form = page.querySelector<HTMLFormElement>(".customer-pictures__form")!;
    expect(form.getAttribute("action")).toBe("/customer-picture/upload");
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    const consent = form.querySelector<HTMLInputElement>('input[name="consent"]')!;
    expect(consent.required).toBe(true);
    expect(form.querySelector(`label[for="${consent.id}"]`)?.textContent).toContain("„Lena“");
    expect(form.querySelector<HTMLInputElement>('input[name="product"]')?.value).toBe("photobook");
    const file = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(form.querySelector(`label[for="${file.id}"]`)?.textContent).toBe("Ihr Foto");
  });
});
