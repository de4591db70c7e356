/**
 * The action bar (global configuration) and a Teaser block read the same Storyblok
 * date as the same instant, in UTC, whatever the server's time zone.
 */
import { afterEach, describe, expect, it } from "vitest";
import { actionBar } from "../layout/config.server";
import { prepareContent } from "./prepare.server";

const NOW = Date.parse("2026-11-22T10:00:00Z");
const noImages = { meta: async () => ({ width: 0, height: 0, ratio: 0 }) };

async function teaserCountdown(date: string): Promise<string> {
  const page = await prepareContent(
    {
      component: "Page",
      body: [
        {
          component: "Teaser",
          _uid: "t",
          headline: "Christmas",
          image: { filename: "/a/cards/x.jpg", alt: "" },
          countdownEndDate: date,
        },
      ],
    },
    { locale: "de-DE", channel: "cards", preview: false, images: noImages, now: NOW },
  );
  return (page.body[0] as { countdownEndDate: string }).countdownEndDate;
}

function barCountdown(date: string): string | undefined {
  return actionBar([{ text: "Order now", countdownEndDate: date }], new Date(NOW))
    ?.countdownEndDate;
}

describe("one date rule for the action bar and the blocks", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  for (const tz of ["UTC", "Europe/Berlin", "America/New_York"]) {
    it(`gives the same instant for the same date with the server in ${tz}`, async () => {
      process.env.TZ = tz;
      for (const [date, instant] of [
        ["2027-01-31T23:59", "2027-01-31T23:59:00.000Z"],
        ["2027-01-31 23:59", "2027-01-31T23:59:00.000Z"],
        ["2027-01-31T23:59:59+01:00", "2027-01-31T22:59:59.000Z"],
        ["2027-01-31", "2027-01-31T00:00:00.000Z"],
      ] as const) {
        expect(await teaserCountdown(date), date).toBe(instant);
        expect(barCountdown(date), date).toBe(instant);
      }
    });
  }
});
