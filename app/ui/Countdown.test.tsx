// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import { setLogSink } from "../lib/log";
import { Countdown, countdownParts } from "./Countdown";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const NOW = Date.parse("2026-11-22T10:00:00Z");
const logged: string[] = [];
let container: HTMLDivElement;
let root: Root;
let hidden = false;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["setTimeout", "clearTimeout", "Date"] });
  hidden = false;
  logged.length = 0;
  setLogSink((_level, id) => logged.push(String(id)));
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  setLogSink(() => undefined);
});

async function render(endDate: string, locale: "de-DE" | "en-GB" = "de-DE", onEnd?: () => void) {
  const i18n = createI18n(locale, messagesFor(locale));
  await act(async () => {
    root.render(
      <I18nContext value={i18n}>
        <Countdown endDate={endDate} onEnd={onEnd} />
      </I18nContext>,
    );
  });
  await advance(0);
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const countdown = () => container.querySelector(".countdown");
const tiles = () => [...container.querySelectorAll(".countdown__unit")].map((u) => u.textContent);

describe("countdownParts", () => {
  it("splits a remaining time into days, hours, minutes and seconds", () => {
    expect(countdownParts(((2 * 24 + 5) * 60 * 60 + 7 * 60 + 9) * 1000 + 999)).toEqual({
      days: 2,
      hours: 5,
      minutes: 7,
      seconds: 9,
    });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("Countdown", () => {
  it("holds the room of a days-long countdown, hidden, until it starts", async () => {
    const i18n = createI18n("de-DE", messagesFor("de-DE"));
    await act(async () => {
      root.render(
        <I18nContext value={i18n}>
          <Countdown endDate="2026-11-22T12:00:00Z" />
        </I18nContext>,
      );
    });
    expect(countdown()?.getAttribute("aria-hidden")).toBe("true");
    expect(countdown()?.getAttribute("data-status")).toBe("idle");
    expect(countdown()?.querySelectorAll(".countdown__unit")).toHaveLength(4);
    await advance(0);
    expect(countdown()?.getAttribute("data-status")).toBe("running");
  });

  it("shows days only when there are any, with singular and plural labels", async () => {
    await render("2026-11-23T11:00:00Z");
    expect(tiles()).toEqual(["1Tag", "01Stunde", "00Min.", "00Sek."]);
    await act(async () => root.unmount());
    root = createRoot(container);
    await render("2026-11-22T13:30:05Z");
    expect(tiles()).toEqual(["03Stunden", "30Min.", "05Sek."]);
    expect(container.querySelector(".visually-hidden")?.textContent).toBe("3 Stunden 30 Min.");
    await act(async () => root.unmount());
    root = createRoot(container);
    await render("2026-11-24T10:00:00Z", "en-GB");
    expect(tiles()).toEqual(["2days", "00hours", "00min", "00sec"]);
  });

  it("counts down every second and ends, calling onEnd once", async () => {
    const onEnd = vi.fn();
    await render("2026-11-22T10:00:03Z", "en-GB", onEnd);
    expect(tiles()).toEqual(["00hours", "00min", "03sec"]);
    await advance(1000);
    expect(tiles()).toEqual(["00hours", "00min", "02sec"]);
    await advance(2100);
    expect(countdown()).toBeNull();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(logged).toEqual([]);
  });

  it("pauses while the tab is hidden and resyncs to the clock when it is visible again", async () => {
    await render("2026-11-22T10:10:00Z", "en-GB");
    expect(tiles()).toEqual(["00hours", "10min", "00sec"]);
    hidden = true;
    await act(async () => document.dispatchEvent(new Event("visibilitychange")));
    expect(countdown()?.getAttribute("data-status")).toBe("paused");
    await advance(65_000);
    expect(tiles()).toEqual(["00hours", "10min", "00sec"]);
    hidden = false;
    await act(async () => document.dispatchEvent(new Event("visibilitychange")));
    expect(countdown()?.getAttribute("data-status")).toBe("running");
    expect(tiles()).toEqual(["00hours", "08min", "55sec"]);
  });

  it("restarts when the end date changes", async () => {
    await render("2026-11-22T10:00:30Z", "en-GB");
    expect(tiles()).toEqual(["00hours", "00min", "30sec"]);
    await render("2026-11-22T11:00:00Z", "en-GB");
    expect(tiles()).toEqual(["01hour", "00min", "00sec"]);
  });

  it("logs an end date in the past and shows nothing", async () => {
    const onEnd = vi.fn();
    await render("2026-11-01T00:00:00Z", "en-GB", onEnd);
    expect(countdown()).toBeNull();
    expect(logged).toEqual(["countdown-date-in-past"]);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it("shows nothing for a date it cannot read", async () => {
    await render("next Christmas");
    expect(countdown()).toBeNull();
  });
});
