// @vitest-environment happy-dom
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_THIRD_PARTIES } from "../../../domain/thirdParty";
import { createI18n, I18nContext } from "../../i18n/i18n";
import { messagesFor } from "../../i18n/messages.server";
import { TestRoot } from "../../furniture/furniture.testing";
import { PageBody } from "../PageBody";
import { prepareContent } from "../prepare.server";

let view: TestRoot;
let container: HTMLDivElement;
beforeEach(() => {
  view = new TestRoot();
  container = view.container;
});
afterEach(() => view.unmount());

async function render(tools: unknown, preview = false) {
  const page = await prepareContent(
    {
      component: "Page",
      _uid: "page",
      body: [{ component: "Toolbox", _uid: "tb", headline: "", intro: "Your own photos.", tools }],
    },
    {
      locale: "de-DE",
      channel: "cards",
      preview,
      images: { meta: async () => ({ width: 1, height: 1, ratio: 1 }) },
    },
  );
  const i18n = createI18n("de-DE", messagesFor("de-DE"));
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/service/foto-werkzeuge",
      loader: () => ({ channel: "cards", locale: "de-DE", thirdParty: NO_THIRD_PARTIES }),
      HydrateFallback: () => null,
      Component: () => (
        <I18nContext value={i18n}>
          <PageBody body={page.body as never} />
        </I18nContext>
      ),
    },
  ]);
  await view.render(<Stub initialEntries={["/service/foto-werkzeuge"]} />);
}

describe("the toolbox block", () => {
  it("offers each configured tool as a form posting the files to its endpoint, in order", async () => {
    await render(["convert-pdf", "optimize-image", "no-such-tool", "convert-pdf"]);
    await vi.waitFor(() => expect(container.querySelector(".toolbox")).not.toBeNull());
    expect(container.querySelector("h2")?.textContent).toBe("Foto-Werkzeuge");
    const forms = [...container.querySelectorAll<HTMLFormElement>(".toolbox__tool")];
    expect(forms.map((form) => form.getAttribute("action"))).toEqual([
      "/web-api/toolbox-convert-pdf",
      "/web-api/toolbox-optimize-image",
    ]);
    for (const form of forms) {
      expect(form.getAttribute("enctype")).toBe("multipart/form-data");
      expect(form.method).toBe("post");
      const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
      const label = form.querySelector(`label[for="${input.id}"]`)?.textContent;
      expect(label, form.action).toBeTruthy();
      expect(input.required).toBe(true);
    }
    const pdfInput = forms[0]!.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect([pdfInput.name, pdfInput.multiple]).toEqual(["files", true]);
    expect(forms[0]!.querySelector("h3")?.textContent).toBe("Fotos zu PDF");
  });

  it("asks for the target format only where a file is converted", async () => {
    await render(["convert-file"]);
    await vi.waitFor(() => expect(container.querySelector(".toolbox")).not.toBeNull());
    const select = container.querySelector<HTMLSelectElement>('select[name="to"]')!;
    expect([...select.options].map((option) => option.value)).toEqual(["jpeg", "png", "webp"]);
    expect(container.querySelector(`label[for="${select.id}"]`)?.textContent).toBe("Umwandeln in");
  });

  it("leaves a toolbox without any known tool out (an editor sees it marked in preview)", async () => {
    await render(["no-such-tool"]);
    expect(container.querySelector(".toolbox")).toBeNull();
    await render([], true);
    expect(container.textContent).toContain("Toolbox");
  });
});
