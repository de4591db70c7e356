/**
 * The page blocks and the global configuration read the same field the same way: a
 * Storyblok date is the same instant (UTC, whatever the server's time zone), a colour is
 * accepted or refused alike (with the same default), a story link leads to the same page
 * and an image is taken or refused alike: both read through lib/fields.server.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { LinkLocale } from "../../domain/links";
import { actionBar } from "../furniture/config.server";
import { asset, colour, label, link } from "../furniture/read.server";
import { LABEL_COLOURS } from "../lib/fields.server";
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

/** A Teaser's label colours, call-to-action link and mobile image, as the blocks read them. */
async function teaserFields(labelColour: unknown, ctaLink: unknown, imageMobile?: unknown) {
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
          imageMobile,
        },
      ],
    },
    { locale: "fr-CH", channel: "cards", preview: false, images: noImages, now: NOW },
  );
  const teaser = page.body[0] as unknown as {
    label: { backgroundColor: string };
    cta: { link: { href: string } } | null;
    imageMobile: { src: string; alt: string } | null;
  };
  return {
    colour: teaser.label.backgroundColor,
    href: teaser.cta?.link.href ?? null,
    image: teaser.imageMobile
      ? { filename: teaser.imageMobile.src, alt: teaser.imageMobile.alt }
      : null,
  };
}

describe("one colour, link and asset rule for the blocks and the configuration", () => {
  it.each(["#e3b23c", "rebeccapurple", "rgb(10, 20, 30)", { hex: "#0a0" }, "var(--x)", "#ffff"])(
    "reads the colour %j alike",
    async (value) => {
      const fromBlock = (await teaserFields(value, "/x")).colour;
      const fromConfig = label({ labelText: "Neu", labelBackgroundColor: value })?.backgroundColor;
      expect(fromBlock).toBe(fromConfig);
      expect(fromBlock).toBe(colour(value, LABEL_COLOURS.background));
    },
  );

  it("gives a label without colours the same default colours", async () => {
    const fromBlock = (await teaserFields(undefined, "/x")).colour;
    expect(fromBlock).toBe(label({ labelText: "Neu" })?.backgroundColor);
    expect(fromBlock).toBe(LABEL_COLOURS.background);
  });

  it.each([
    { filename: "/a/cards/x.jpg", alt: " Cards " },
    [{ filename: "/a/cards/first.jpg", alt: "First" }, { filename: "/a/cards/second.jpg" }],
    { filename: "https://a.storyblok.com/f/1/2x3/ab/x.png" },
    { filename: "https://images.example/x.png", alt: "elsewhere" },
    { filename: "javascript:alert(1)" },
    { filename: "/a/cards/x y.jpg" },
    "/a/cards/x.jpg",
  ])("takes or refuses the image %j alike", async (value) => {
    const fromBlock = (await teaserFields("#000", "/x", value)).image;
    const fromConfig = asset(value) ?? null;
    expect(fromBlock).toEqual(fromConfig && { filename: fromConfig.filename, alt: fromConfig.alt });
  });

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
