/**
 * The page blocks and the global configuration read the same field the same way: a
 * Storyblok date is the same instant (UTC, whatever the server's time zone), a colour is
 * accepted or refused alike, and a story link leads to the same page.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { LinkLocale } from "../../domain/links";
import { actionBar } from "../furniture/config.server";
import { colour, link } from "../furniture/read";
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

const SWISS_FRENCH: LinkLocale = {
  country: "CH",
  language: "fr",
  locale: "fr-CH",
  trailingSlash: false,
};

/** A Teaser's label colours and call-to-action link, as the blocks read them. */
async function teaserFields(labelColour: unknown, ctaLink: unknown) {
  const page = await prepareContent(
    {
      component: "Page",
      body: [
        {
          component: "Teaser",
          _uid: "t",
          headline: "Cards",
          image: { filename: "/a/cards/x.jpg", alt: "" },
          label: { labelText: "Neu", labelBackgroundColor: labelColour },
          cta: { text: "Go", link: ctaLink },
        },
      ],
    },
    { locale: "fr-CH", channel: "cards", preview: false, images: noImages, now: NOW },
  );
  const teaser = page.body[0] as unknown as {
    label: { backgroundColor: string };
    cta: { link: { href: string } } | null;
  };
  return { colour: teaser.label.backgroundColor, href: teaser.cta?.link.href ?? null };
}

describe("one colour rule and one link rule for the blocks and the configuration", () => {
  it.each(["#e3b23c", "rebeccapurple", "rgb(10, 20, 30)", { hex: "#0a0" }, "var(--x)", "#ffff"])(
    "reads the colour %j alike",
    async (value) => {
      const fromBlock = (await teaserFields(value, "/x")).colour;
      expect(fromBlock).toBe(colour(value, "#1f1f1f"));
    },
  );

  it.each([
    { linktype: "story", cached_url: "fr-fr/cartes", url: "" },
    { linktype: "story", cached_url: "de-de/home" },
    { linktype: "url", url: "/cartes", anchor: "prix" },
    { linktype: "email", email: "aide@example.com" },
    "https://example.com/",
  ])("reads the link %j alike", async (value) => {
    const fromBlock = (await teaserFields("#000", value)).href;
    const fromConfig = link(value, { ...SWISS_FRENCH, folder: "de-de" })?.href ?? null;
    expect(fromBlock).toBe(fromConfig);
    expect(fromBlock).not.toBeNull();
  });
});
