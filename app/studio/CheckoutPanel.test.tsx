// @vitest-environment happy-dom
/**
 * The studio's "Finished?" panel when the cart refuses a design: it shows the cart's own
 * reason, each field the refusal names with what is wrong with it (the prints a photo box
 * asked for against the most its design holds), never only "that did not work".
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestRoot } from "../furniture/furniture.testing";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import { CheckoutPanel, type Refusal } from "./CheckoutPanel";

let view: TestRoot;
beforeEach(() => {
  view = new TestRoot();
});
afterEach(() => view.unmount());

async function render(
  refusal: Refusal | null,
  locale: "de-DE" | "en-GB" = "de-DE",
  { busy = false, openProof = () => {} } = {},
) {
  await view.render(
    <I18nContext value={createI18n(locale, messagesFor(locale))}>
      <CheckoutPanel
        check={null}
        setCheck={() => {}}
        busy={busy}
        refusal={refusal}
        forSale
        whereOf={() => ""}
        showProblem={() => {}}
        openProof={openProof}
        start={() => {}}
        confirm={() => {}}
      />
    </I18nContext>,
  );
  return view.container.querySelector<HTMLElement>("[role=alert]");
}

describe("the studio's checkout panel", () => {
  it("names the field and the limit of the cart's refusal", async () => {
    const alert = await render({
      detail: "The line is not the design it prints: prints 900 (the design has 250)",
      errors: { prints: "is 900; the design has 250" },
    });
    expect(alert?.textContent).toContain("Der Warenkorb hat Ihren Entwurf nicht angenommen:");
    expect(alert?.querySelector("li")?.textContent).toBe("prints is 900; the design has 250");
    expect(view.container.textContent).not.toContain("Das hat nicht geklappt");
  });

  it("lists the first five fields of a long refusal and counts the rest", async () => {
    const errors = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [
        `studioDesign.surfaces.${i}.elements.0`,
        "is an empty photo frame",
      ]),
    );
    const alert = await render(
      { detail: "The design has 7 empty photo frame(s)", errors },
      "en-GB",
    );
    const items = [...(alert?.querySelectorAll("li") ?? [])].map((li) => li.textContent);
    expect(items).toHaveLength(6);
    expect(items[0]).toBe("studioDesign.surfaces.0.elements.0 is an empty photo frame");
    expect(items[5]).toBe("… and 2 more");
  });

  it("says the refusal's sentence where it names no field, and nothing while there is none", async () => {
    const alert = await render({
      detail: "A calendar goes into the cart only with its studio design",
      errors: {},
    });
    expect(alert?.textContent).toContain(
      "A calendar goes into the cart only with its studio design",
    );
    expect(await render(null)).toBeNull();
  });

  it("keeps the proof button focused while the design is saved, and opens no second proof", async () => {
    let opened = 0;
    const open = () => opened++;
    await render(null, "en-GB", { openProof: open });
    const proof = view.container.querySelector<HTMLButtonElement>(".studio__proof")!;
    proof.focus();
    await render(null, "en-GB", { busy: true, openProof: open });
    const busyProof = view.container.querySelector<HTMLButtonElement>(".studio__proof")!;
    expect(busyProof.disabled).toBe(false);
    expect(busyProof.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(busyProof);
    busyProof.click();
    expect(opened).toBe(0);
    await render(null, "en-GB", { openProof: open });
    view.container.querySelector<HTMLButtonElement>(".studio__proof")!.click();
    expect(opened).toBe(1);
  });
});
