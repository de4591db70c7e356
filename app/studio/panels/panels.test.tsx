// @vitest-environment happy-dom
/**
 * The family panels' pickers as a shopper uses them, rendered with the studio's German
 * words: a photo book spread's page layouts (one photo across both pages hides the right
 * page's choice), a calendar page's layout among its design group's, and a framed
 * picture's glazing (only where the frame type is sold with it). Each choice is one change
 * of the design, and the design holds what was chosen.
 */
import { act, useState, type ComponentType } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calendarTemplate, groupLayouts } from "../../../domain/studio/calendar";
import type { DesignDocument, ProductRef } from "../../../domain/studio/document";
import { frameChoice } from "../../../domain/studio/frame";
import { parseSpreadLayout } from "../../../domain/studio/layouts";
import { testPhotobook, testPhotobookDocument } from "../../../domain/studio/photobook.testing";
import { printProfile } from "../../../domain/studio/profiles";
import { emptyTemplate } from "../../../domain/studio/templates";
import { TestRoot } from "../../furniture/furniture.testing";
import { createI18n, I18nContext } from "../../i18n/i18n";
import { messagesFor } from "../../i18n/messages.server";
import type { FamilyPanelProps } from "../familyPanel";
import BookPanel from "./BookPanel";
import CalendarPanel from "./CalendarPanel";
import FramePanel from "./FramePanel";

let view: TestRoot;
beforeEach(() => {
  view = new TestRoot();
  // No worker in the test: auto-fill (which the book panel starts ahead) runs in the page.
  vi.stubGlobal("Worker", undefined);
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
});

/** A panel over a design that follows its changes, as the studio's undo history does. */
async function render(
  Panel: ComponentType<FamilyPanelProps>,
  start: DesignDocument,
  surfaceIndex: number,
) {
  const changes: DesignDocument[] = [];
  function Harness() {
    const [doc, setDoc] = useState(start);
    return (
      <Panel
        document={doc}
        change={(next) => {
          changes.push(next);
          setDoc(next);
        }}
        photos={[]}
        surfaceIndex={surfaceIndex}
        showSurface={() => {}}
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

/** The select of a field by its label's words. */
const selectLabelled = (words: string) =>
  [...view.container.querySelectorAll("label")]
    .find((l) => l.querySelector("span")?.textContent === words)
    ?.querySelector("select") ?? null;

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** The radio of a group (by its legend) whose label reads `words`. */
function radio(legend: string, words: string): HTMLInputElement | null {
  const group = [...view.container.querySelectorAll("fieldset")].find(
    (f) => f.querySelector("legend")?.textContent === legend,
  );
  const label = [...(group?.querySelectorAll("label") ?? [])].find(
    (l) => l.textContent?.trim() === words,
  );
  return label?.querySelector("input") ?? null;
}

const click = (input: HTMLInputElement) => act(async () => input.click());

describe("a photo book's layout picker", () => {
  const book = testPhotobookDocument(testPhotobook(24), "de");
  const spread = book.surfaces.findIndex((s) => s.name === "spread");
  const photosOn = (doc: DesignDocument) =>
    doc.surfaces[spread]!.elements.filter((e) => e.kind === "photo").length;

  it("lays out each page of the spread on screen, and one photo across both pages", async () => {
    const changes = await render(BookPanel, book, spread);
    expect(view.container.textContent).toContain("Layout der Doppelseite 1");
    const before = parseSpreadLayout(book.surfaces[spread]!.layout);
    expect(before.kind).toBe("pages");

    await choose(selectLabelled("Linke Seite")!, "p4");
    expect(changes).toHaveLength(1);
    const four = changes[0]!;
    expect(parseSpreadLayout(four.surfaces[spread]!.layout)).toEqual({
      ...before,
      left: "p4",
    });
    // The other spreads are as they were.
    expect(four.surfaces.filter((_, i) => i !== spread)).toEqual(
      book.surfaces.filter((_, i) => i !== spread),
    );

    await choose(selectLabelled("Rechte Seite")!, "p6");
    const ten = changes[1]!;
    expect(parseSpreadLayout(ten.surfaces[spread]!.layout)).toEqual({
      kind: "pages",
      left: "p4",
      right: "p6",
    });
    expect(photosOn(ten)).toBe(10);

    await choose(selectLabelled("Linke Seite")!, "full");
    expect(changes).toHaveLength(3);
    expect(parseSpreadLayout(changes[2]!.surfaces[spread]!.layout)).toEqual({ kind: "full" });
    expect(photosOn(changes[2]!)).toBe(1);
    // One photo over both pages: no right page to choose for.
    expect(selectLabelled("Linke Seite")!.value).toBe("full");
    expect(selectLabelled("Rechte Seite")).toBeNull();
  });
});

describe("a calendar page's layout picker", () => {
  const wall: ProductRef = {
    family: "calendar",
    format: "297x420",
    options: { calendarType: "wandkalender", mounting: "spirale" },
  };
  const group = groupLayouts({
    id: 7,
    attributes: { layouts: ["month-framed", "cover-framed", "month-single", "cover-full"] },
  })!;
  const calendar = calendarTemplate(
    wall,
    printProfile(wall)!,
    { year: 2027, startMonth: 3, locale: "de-DE", country: "DE", dates: [], designGroup: group },
    new Map(),
  );

  it("offers the design group's layouts of the page on screen and gives that page the one chosen", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ regions: [], holidays: {} })),
    );
    const changes = await render(CalendarPanel, calendar, 1);
    const legend = view.container.querySelector(".calendar-panel__layouts legend")!.textContent!;
    expect(legend).toBe("Fotolayout für März");
    const layouts = [
      ...view.container.querySelectorAll<HTMLInputElement>(
        ".calendar-panel__layouts input[type=radio]",
      ),
    ];
    expect(layouts.map((r) => r.value)).toEqual(["month-framed", "month-single"]);
    expect(layouts.find((r) => r.checked)?.value).toBe(calendar.surfaces[1]!.layout);
    const other = layouts.find((r) => !r.checked)!;
    await click(other);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.surfaces[1]!.layout).toBe(other.value);
    // Only the page on screen changed its layout.
    expect(changes[0]!.surfaces.map((s, i) => (i === 1 ? null : s.layout))).toEqual(
      calendar.surfaces.map((s, i) => (i === 1 ? null : s.layout)),
    );
  });
});

describe("a framed picture's glazing", () => {
  const framed = (frameType: string): DesignDocument => {
    const product: ProductRef = {
      family: "photoframe",
      format: "400x300",
      options: { material: "poster", frameType, frameColour: "black" },
    };
    return emptyTemplate(product, printProfile(product)!);
  };

  it("is chosen among the glazing the frame type is sold with, and the design keeps it", async () => {
    const doc = framed("holzrahmen");
    const current = frameChoice(doc.product.options)!.glass;
    const changes = await render(FramePanel, doc, 0);
    const group = [...view.container.querySelectorAll("fieldset")].find(
      (f) => f.querySelector("legend")?.textContent === "Verglasung",
    )!;
    const options = [...group.querySelectorAll<HTMLInputElement>("input[type=radio]")];
    expect(options.length).toBeGreaterThan(1);
    expect(options.find((o) => o.checked)?.value).toBe(current);
    const other = options.find((o) => !o.checked)!;
    await click(other);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.product.options.glass).toBe(other.value);
    expect(frameChoice(changes[0]!.product.options)!.glass).toBe(other.value);
    expect(radio("Verglasung", other.parentElement!.textContent!.trim())?.checked).toBe(true);
  });

  it("is not offered for a frame sold without glazing", async () => {
    await render(FramePanel, framed("fotorahmen"), 0);
    const legends = [...view.container.querySelectorAll("legend")].map((l) => l.textContent);
    expect(legends).not.toContain("Verglasung");
  });
});
