import { describe, expect, it } from "vitest";
import { CLOSED_BURGER, burgerReducer, type BurgerAction, type BurgerState } from "./burgerState";

const run = (actions: BurgerAction[], from: BurgerState = CLOSED_BURGER) =>
  actions.reduce(burgerReducer, from);

describe("the burger navigation's states", () => {
  it("goes primary → secondary → tertiary and back, remembering the primary scroll position", () => {
    const deep = run([
      { type: "open" },
      { type: "enter", id: "cards", scroll: 240 },
      { type: "enter", id: "wedding" },
    ]);
    expect(deep).toMatchObject({
      level: "tertiary",
      secondaryId: "cards",
      tertiaryId: "wedding",
      primaryScroll: 240,
    });
    const back = run([{ type: "back" }, { type: "back" }], deep);
    expect(back).toMatchObject({
      level: "primary",
      secondaryId: null,
      tertiaryId: null,
      primaryScroll: 240,
    });
  });

  it("keeps one accordion open at a time", () => {
    const state = run([
      { type: "open" },
      { type: "toggleAccordion", id: "a" },
      { type: "toggleAccordion", id: "b" },
    ]);
    expect(state.accordionId).toBe("b");
    expect(burgerReducer(state, { type: "toggleAccordion", id: "b" }).accordionId).toBeNull();
  });

  it("resets level, active items and accordion on close", () => {
    const state = run([
      { type: "open" },
      { type: "enter", id: "x", scroll: 10 },
      { type: "toggleAccordion", id: "y" },
    ]);
    expect(burgerReducer(state, { type: "close" })).toEqual(CLOSED_BURGER);
  });

  it("ignores navigation while closed and below the tertiary level", () => {
    expect(burgerReducer(CLOSED_BURGER, { type: "enter", id: "x" })).toBe(CLOSED_BURGER);
    const tertiary = run([
      { type: "open" },
      { type: "enter", id: "a" },
      { type: "enter", id: "b" },
    ]);
    expect(burgerReducer(tertiary, { type: "enter", id: "c" })).toBe(tertiary);
  });
});
