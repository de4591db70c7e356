import { describe, expect, it } from "vitest";
import {
  convertContext,
  loggedIds,
  readRaw,
  readSeed,
  request,
  seedBlock,
  stepOf,
} from "../parts/seedBlock.testing";
import { TEASER } from "./teaser.server";

const PRICE = { current: "12,99 €", original: null, from: true };

describe("the teaser on the server", () => {
  it("reads the seed example and shows the from-price its source gives for the product it names", async () => {
    const block = { ...readSeed(TEASER, "Teaser"), priceProduct: "calendar" };
    const asked: string[] = [];
    const prepared = await stepOf(TEASER)(
      block,
      async (reference) => {
        asked.push(reference);
        return PRICE;
      },
      request(),
    );
    expect(asked).toEqual(["calendar"]);
    expect(prepared.price).toEqual(PRICE);
  });

  it("leaves out a countdown that has ended, logged, and keeps one still running", async () => {
    const seed = seedBlock("Teaser");
    const teaser = (end: string) => ({ ...(seed as object), countdownEndDate: end });
    const ids = await loggedIds(async () => {
      expect(readRaw(TEASER, teaser("2026-11-30 10:00"), convertContext()).countdownEndDate).toBe(
        "",
      );
    });
    expect(ids).toEqual(["countdown-date-in-past"]);
    expect(readRaw(TEASER, teaser("2026-12-24T12:00:00Z"), convertContext()).countdownEndDate).toBe(
      "2026-12-24T12:00:00.000Z",
    );
  });
});
