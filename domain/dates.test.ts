import { afterEach, describe, expect, it } from "vitest";
import { contentDateIso, contentInstant } from "./dates";

describe("content dates are UTC unless they say otherwise", () => {
  it("honours an explicit offset or Z, with or without a colon", () => {
    expect(contentDateIso("2027-01-31T23:59:59+01:00")).toBe("2027-01-31T22:59:59.000Z");
    expect(contentDateIso("2027-01-31T23:59:59+0100")).toBe("2027-01-31T22:59:59.000Z");
    expect(contentDateIso("2027-01-31T23:59:59z")).toBe("2027-01-31T23:59:59.000Z");
  });

  it("reads a plain day as its midnight UTC", () => {
    expect(contentDateIso("2027-01-31")).toBe("2027-01-31T00:00:00.000Z");
  });

  it("is no date for words, other formats, time zone names or impossible days", () => {
    for (const value of [
      "",
      "tomorrow",
      "31.01.2027",
      "Jan 31 2027",
      "2027-01-31 23:59 Europe/Berlin",
      "2027-02-30",
      20270131,
      null,
    ]) {
      expect(contentInstant(value), String(value)).toBeNull();
    }
  });

  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  for (const tz of ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"]) {
    it(`reads a date-time without an offset as UTC when the server runs in ${tz}`, () => {
      process.env.TZ = tz;
      expect(contentDateIso("2027-01-31 23:59")).toBe("2027-01-31T23:59:00.000Z");
      expect(contentDateIso("2027-01-31T23:59")).toBe("2027-01-31T23:59:00.000Z");
      expect(contentDateIso("2027-07-31T23:59:30")).toBe("2027-07-31T23:59:30.000Z");
      expect(contentDateIso("2027-07-31 08:00:00.250")).toBe("2027-07-31T08:00:00.250Z");
      expect(contentInstant(" 2027-01-31T23:59 ")).toBe(Date.UTC(2027, 0, 31, 23, 59));
    });
  }
});
