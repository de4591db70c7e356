// @vitest-environment happy-dom
/**
 * The prints panel as a shopper uses it, in the studio's German words: a box of 900 prints
 * from three photos shows its total, a picture's copies change by the buttons, the arrow
 * keys and typing (labelled by the picture; a typed number taken on Enter or leaving the
 * field, a bad one named), the total says when it no longer makes the prints ordered, and
 * sharing evenly or new tray photos bring it back to 900.
 */
import { act, useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copiesOf, printCount, printsFromPhotos } from "../../../domain/studio/copies";
import type { DesignDocument, ProductRef } from "../../../domain/studio/document";
import { printProfile } from "../../../domain/studio/profiles";
import { emptyTemplate } from "../../../domain/studio/templates";
import { TestRoot } from "../../furniture/furniture.testing";
import { createI18n, I18nContext } from "../../i18n/i18n";
import { messagesFor } from "../../i18n/messages.server";
import type { StudioPhoto } from "../api";
import PrintsPanel from "./PrintsPanel";

let view: TestRoot;
beforeEach(() => {
  view = new TestRoot();
});
afterEach(() => view.unmount());

const product: ProductRef = { family: "photobox", format: "130x90", options: {}, prints: 900 };
const box = printsFromPhotos(emptyTemplate(product, printProfile(product)!), ["a", "b", "c"]);
const photo = (id: string) => ({ id, width: 3000, height: 2000 }) as StudioPhoto;

async function render(start: DesignDocument, photos: StudioPhoto[] = [], shown: number[] = []) {
  const changes: DesignDocument[] = [];
  function Harness() {
    const [doc, setDoc] = useState(start);
    return (
      <PrintsPanel
        document={doc}
        change={(next) => {
          changes.push(next);
          setDoc(next);
        }}
        photos={photos}
        surfaceIndex={1}
        showSurface={(i) => shown.push(i)}
        locale="de-DE"
        price={null}
      />
    );
  }
  await view.render(
    <I18nContext value={createI18n("de-DE", messagesFor("de-DE"))}>
      <Harness />
    </I18nContext>,
  );
  return changes;
}

const status = () => view.container.querySelector('[role="status"]')?.textContent;
const button = (name: string) =>
  [...view.container.querySelectorAll("button")].find(
    (b) => (b.getAttribute("aria-label") ?? b.textContent) === name,
  )!;
const click = (name: string) => act(async () => button(name).click());
const input = () => view.container.querySelector("input")!;
/** Types `text` into the copies field as a keyboard would, one input event. */
const type = (text: string) =>
  act(async () => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    set.call(input(), text);
    input().dispatchEvent(new Event("input", { bubbles: true }));
  });
const key = (name: string) =>
  act(async () => {
    input().dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
  });
const leave = () =>
  act(async () => {
    input().dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  });

describe("the prints panel", () => {
  it("steps and types a picture's copies, says the total against the prints ordered, and shares them evenly again", async () => {
    const changes = await render(box);
    expect(status()).toBe("900 von 900 Abzügen");
    const input = view.container.querySelector("input")!;
    const label = view.container.querySelector(`label[for="${input.id}"]`);
    expect(label?.textContent).toBe("Abzüge von Abzug 2");
    expect(input.value).toBe("300");
    // Already even: no button to share them.
    expect(button("900 Abzüge gleichmäßig verteilen")).toBeUndefined();

    await click("Ein Abzug mehr");
    expect(copiesOf(changes.at(-1)!.surfaces[1]!)).toBe(301);
    expect(status()).toBe(
      "901 von 900 Abzügen 1 mehr als bestellt: Nehmen Sie Abzüge weg oder verteilen Sie sie gleichmäßig.",
    );
    await type("250");
    await leave();
    expect(printCount(changes.at(-1)!)).toBe(850);
    expect(status()).toMatch(/^850 von 900 Abzügen 50 weniger als bestellt/);

    await click("900 Abzüge gleichmäßig verteilen");
    expect(changes.at(-1)!.surfaces.map(copiesOf)).toEqual([300, 300, 300]);
    expect(status()).toBe("900 von 900 Abzügen");
  });

  it("takes typed copies once, on Enter or leaving the field, and names a number it cannot take", async () => {
    const changes = await render(box);
    const before = status();
    // "150" typed key by key: nothing is taken (no undo step, no save) until Enter.
    for (const text of ["1", "15", "150"]) await type(text);
    expect(changes).toHaveLength(0);
    expect(status()).toBe(before);
    await key("Enter");
    expect(changes).toHaveLength(1);
    expect(copiesOf(changes[0]!.surfaces[1]!)).toBe(150);
    // Out of range or empty: not taken, the field marked and the range named beside it.
    for (const bad of ["0", "6000", ""]) {
      await type(bad);
      await leave();
      expect(changes, bad).toHaveLength(1);
      expect(input().value, bad).toBe(bad);
      expect(input().getAttribute("aria-invalid"), bad).toBe("true");
      const error = view.container.querySelector(
        `#${CSS.escape(input().getAttribute("aria-describedby")!)}`,
      );
      expect(error?.textContent, bad).toBe("Geben Sie eine ganze Zahl von 1 bis 5.000 ein.");
    }
    // The arrow keys step at once, from the picture's copies.
    await key("Escape");
    expect(input().hasAttribute("aria-invalid")).toBe(false);
    await key("ArrowUp");
    expect(copiesOf(changes.at(-1)!.surfaces[1]!)).toBe(151);
    expect(changes).toHaveLength(2);
  });

  it("keeps a stepper button at its end focusable, doing nothing", async () => {
    const one = printsFromPhotos(
      emptyTemplate({ ...product, prints: 2 }, printProfile({ ...product, prints: 2 })!),
      ["a", "b"],
    );
    const changes = await render(one);
    const fewer = button("Ein Abzug weniger");
    expect(fewer.disabled).toBe(false);
    expect(fewer.getAttribute("aria-disabled")).toBe("true");
    await click("Ein Abzug weniger");
    expect(changes).toHaveLength(0);
  });

  it("makes new tray photos into pictures of their own, and adds and removes pictures", async () => {
    const shown: number[] = [];
    const changes = await render(box, ["a", "b", "c", "d"].map(photo), shown);
    expect(view.container.textContent).toContain("3 Bilder, höchstens 250.");
    await click("Abzüge aus 1 neuen Foto");
    expect(changes.at(-1)!.surfaces.map(copiesOf)).toEqual([225, 225, 225, 225]);
    expect(shown.at(-1)).toBe(3);
    expect(button("Abzüge aus 1 neuen Foto")).toBeUndefined();

    await click("Bild hinzufügen");
    expect(changes.at(-1)!.surfaces).toHaveLength(5);
    expect(status()).toMatch(/^901 von 900 Abzügen/);
    // The picture on screen (the second, 225 copies) goes; the added one's copy stays.
    await click("Dieses Bild entfernen");
    expect(changes.at(-1)!.surfaces).toHaveLength(4);
    expect(status()).toMatch(/^676 von 900 Abzügen/);
  });

  it("shows the first picture a new photo went into, not the last, when empty ones are dropped", async () => {
    // Ten empty pictures: three photos fill the first three, the seven left empty go.
    const ten: ProductRef = { ...product, prints: 10 };
    const start = emptyTemplate(ten, printProfile(ten)!);
    const shown: number[] = [];
    await render(start, ["a", "b", "c"].map(photo), shown);
    await click("Abzüge aus 3 neuen Fotos");
    expect(shown.at(-1)).toBe(0);
  });
});
