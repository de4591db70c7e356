// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import { TestRoot } from "../furniture/furniture.testing";
import { Dialog } from "./Dialog";
import { closeDialog, openDialog, setDialogsBlocked } from "./dialogState";
import { isScrollLocked } from "./scrollLock";

let view: TestRoot;
const i18n = createI18n("de-DE", messagesFor("de-DE"));

beforeEach(async () => {
  view = new TestRoot();
  await view.render(
    <I18nContext value={i18n}>
      <button type="button" id="opener">
        Öffnen
      </button>
      <Dialog type="LogIn" title="Anmelden">
        <input aria-label="E-Mail" />
      </Dialog>
      <Dialog type="CalculatorMoreFormats" title="Weitere Formate">
        <button type="button">30 × 40 cm</button>
      </Dialog>
    </I18nContext>,
  );
});

afterEach(async () => {
  await act(async () => {
    setDialogsBlocked(false);
    closeDialog();
  });
  view.unmount();
});

const open = () => [...view.container.querySelectorAll("dialog")].map((d) => d.dataset.dialog);
const act$ = (fn: () => unknown) => act(async () => void fn());

describe("dialogs", () => {
  it("show one at a time: opening another type closes the current one", async () => {
    await act$(() => openDialog("LogIn"));
    expect(open()).toEqual(["LogIn"]);
    await act$(() => openDialog("CalculatorMoreFormats"));
    expect(open()).toEqual(["CalculatorMoreFormats"]);
    expect(view.container.querySelector("dialog h2")?.textContent).toBe("Weitere Formate");
  });

  it("lock page scrolling while any dialog is open, also across a change of type", async () => {
    expect(isScrollLocked()).toBe(false);
    await act$(() => openDialog("LogIn"));
    expect(isScrollLocked()).toBe(true);
    expect(document.documentElement.style.overflow).toBe("hidden");
    await act$(() => openDialog("CalculatorMoreFormats"));
    expect(isScrollLocked()).toBe(true);
    await act$(() => closeDialog());
    expect(isScrollLocked()).toBe(false);
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("stay closed while opening is blocked, unless forced", async () => {
    await act$(() => setDialogsBlocked(true));
    await act$(() => openDialog("LogIn"));
    expect(open()).toEqual([]);
    await act$(() => openDialog("CalculatorMoreFormats", { force: true }));
    expect(open()).toEqual(["CalculatorMoreFormats"]);
  });

  it("move focus into the dialog and back to where it was", async () => {
    const opener = view.container.querySelector<HTMLButtonElement>("#opener");
    opener?.focus();
    await act$(() => openDialog("LogIn"));
    expect(document.activeElement?.getAttribute("aria-label")).toBe("E-Mail");
    await act$(() => closeDialog("LogIn"));
    expect(document.activeElement).toBe(opener);
  });

  it("close with their close button", async () => {
    await act$(() => openDialog("CalculatorMoreFormats"));
    const close = view.container.querySelector<HTMLButtonElement>(".dialog__close");
    expect(close?.getAttribute("aria-label")).toBe("Schließen");
    await act$(() => close?.click());
    expect(open()).toEqual([]);
  });
});
