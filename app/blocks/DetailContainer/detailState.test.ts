import { describe, expect, it } from "vitest";
import type { DetailOptionView, ProductDetails } from "../../../domain/productDetails";
import {
  afterAnswer,
  afterChoice,
  afterEarlyChoices,
  afterFailure,
  afterLeavingAmount,
  dependentFields,
  designLink,
  initialDetailState,
} from "./detailState";

const option = (name: string, value: string, values: string[]): DetailOptionView => ({
  name,
  value,
  choices: values.map((v) => ({ value: v, label: v, labelKey: v, nameKey: null, extra: null })),
});

/** A calendar container as the shop answers it for a type, a size and a mounting. */
function calendar(type: string, size: string, mounting: string, quantity = 1): ProductDetails {
  return {
    kind: "calendar",
    options: [
      option("calendarType", type, ["wandkalender", "tischkalender"]),
      option("size", size, type === "wandkalender" ? ["a4", "a3"] : ["a5-quer"]),
      option("mounting", mounting, type === "wandkalender" ? ["spirale"] : ["holzaufsteller"]),
      option("start", "2027-01", ["2027-01", "2027-02"]),
    ],
    amounts: [{ name: "quantity", value: quantity, min: 1, max: 100, step: 1 }],
    sample: null,
    price: { current: "19,99 €", original: null, currentMinor: 1999 },
    article: `${type}-${size}`,
    link: `/configurator-calendar?calendarType=${type}&formatType=${size}&quantity=${quantity}`,
    notes: [],
    delivery: null,
  };
}

const wall = calendar("wandkalender", "a4", "spirale");
const desk = calendar("tischkalender", "a5-quer", "holzaufsteller");

describe("a product detail container between a choice and the shop's answer", () => {
  it("marks the options chosen after a changed one busy, not those before it", () => {
    expect(dependentFields("calendar", wall, "calendarType")).toEqual([
      "size",
      "mounting",
      "start",
    ]);
    expect(dependentFields("calendar", wall, "mounting")).toEqual(["start"]);
    expect(dependentFields("calendar", wall, "start")).toEqual([]);
    // Copies change no option's offer.
    expect(dependentFields("calendar", wall, "quantity")).toEqual([]);
  });

  it("waits with a book's pages for any option, as their limits follow the book", () => {
    const book: ProductDetails = {
      ...wall,
      kind: "photobook",
      options: [option("photobookType", "hardcover", ["hardcover"]), option("paper", "matt", [])],
      amounts: [
        { name: "pages", value: 24, min: 24, max: 200, step: 2 },
        { name: "quantity", value: 1, min: 1, max: 99, step: 1 },
      ],
    };
    expect(dependentFields("photobook", book, "photobookType")).toEqual(["paper", "pages"]);
    expect(dependentFields("photobook", book, "pages")).toEqual([]);
  });

  it("shows a new type at once and holds the design link back until the answer", () => {
    const chosen = afterChoice(
      initialDetailState(wall),
      "calendar",
      "calendarType",
      "tischkalender",
      1,
    );
    expect(chosen.values.calendarType).toBe("tischkalender");
    expect(chosen.busy).toEqual(["size", "mounting", "start"]);
    // The link of the last answer designs a wall calendar: not offered.
    expect(designLink(chosen)).toBeNull();
    const answered = afterAnswer(chosen, 1, desk, null);
    expect(answered.busy).toEqual([]);
    expect(answered.values).toMatchObject({ calendarType: "tischkalender", size: "a5-quer" });
    expect(designLink(answered)).toContain("calendarType=tischkalender");
  });

  it("holds the link back after a typed amount too, as the link carries the copies", () => {
    const typed = afterChoice(initialDetailState(wall), "calendar", "quantity", "3", 1);
    expect(typed.busy).toEqual([]);
    expect(designLink(typed)).toBeNull();
    const answered = afterAnswer(typed, 1, calendar("wandkalender", "a4", "spirale", 3), null);
    expect(designLink(answered)).toContain("quantity=3");
  });

  it("lets no older answer overwrite a newer choice", () => {
    let state = afterChoice(
      initialDetailState(wall),
      "calendar",
      "calendarType",
      "tischkalender",
      1,
    );
    state = afterChoice(state, "calendar", "calendarType", "wandkalender", 2);
    // The desk calendar's answer comes last but answers the older question.
    const late = afterAnswer(state, 1, desk, null);
    expect(late).toBe(state);
    expect(designLink(late)).toBeNull();
    expect(late.busy).toEqual(["size", "mounting", "start"]);
    const current = afterAnswer(late, 2, calendar("wandkalender", "a3", "spirale"), null);
    expect(current.values).toMatchObject({ calendarType: "wandkalender", size: "a3" });
    expect(designLink(current)).toContain("calendarType=wandkalender");
    // And an old answer arriving after the newest one changes nothing either.
    expect(afterAnswer(current, 1, desk, null)).toBe(current);
  });

  it("keeps an earlier choice's dependants busy while a later one is asked", () => {
    let state = afterChoice(
      initialDetailState(wall),
      "calendar",
      "calendarType",
      "tischkalender",
      1,
    );
    state = afterChoice(state, "calendar", "start", "2027-02", 2);
    expect(state.busy).toEqual(["size", "mounting"]);
    expect(state.values).toMatchObject({ calendarType: "tischkalender", start: "2027-02" });
  });

  it("keeps the amount being typed when the answer comes while typing", () => {
    const typed = afterChoice(initialDetailState(wall), "calendar", "quantity", "25", 1);
    const answered = afterAnswer(
      typed,
      1,
      calendar("wandkalender", "a4", "spirale", 2),
      "quantity",
    );
    expect(answered.values.quantity).toBe("25");
    expect(afterLeavingAmount(answered).values.quantity).toBe("2");
    // Leaving the field before the answer keeps the typed amount for it to settle.
    expect(afterLeavingAmount(typed).values.quantity).toBe("25");
  });

  it("after a failed answer frees the options to choose again but keeps the stale link back", () => {
    const chosen = afterChoice(
      initialDetailState(wall),
      "calendar",
      "calendarType",
      "tischkalender",
      1,
    );
    const failed = afterFailure(chosen, 1);
    expect(failed.failed).toBe(true);
    expect(failed.busy).toEqual([]);
    expect(designLink(failed)).toBeNull();
    // A failure of an older question is not this one's.
    const asked = afterChoice(failed, "calendar", "calendarType", "wandkalender", 2);
    expect(afterFailure(asked, 1)).toBe(asked);
    expect(asked.failed).toBe(false);
  });

  it("takes what the fields show when its code runs as the shopper's choices, asked at once", () => {
    const start = initialDetailState(wall);
    // The fields show the server's values: nothing to ask.
    expect(afterEarlyChoices(start, "calendar", { ...start.values }, 1)).toBeNull();
    // A type and a quantity changed in the server's HTML, in the form's order.
    const early = afterEarlyChoices(
      start,
      "calendar",
      { ...start.values, calendarType: "tischkalender", quantity: "3" },
      1,
    );
    expect(early?.values).toMatchObject({ calendarType: "tischkalender", quantity: "3" });
    expect(early?.question).toBe(1);
    expect(early?.waiting).toBe(true);
    expect(early?.busy).toEqual(["size", "mounting", "start"]);
    expect(early && designLink(early)).toBeNull();
    // A type and the size after it: the size the shopper chose is theirs, not busy.
    const both = afterEarlyChoices(
      start,
      "calendar",
      { ...start.values, calendarType: "tischkalender", size: "a5-quer" },
      1,
    );
    expect(both?.busy).toEqual(["mounting", "start"]);
    // An emptied amount is left out, as a change event leaves it out.
    expect(afterEarlyChoices(start, "calendar", { quantity: "" }, 1)?.values).not.toHaveProperty(
      "quantity",
    );
  });
});
