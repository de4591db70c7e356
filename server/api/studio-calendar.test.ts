/**
 * Calendars through the studio's designs API on PGlite and PostgreSQL: a wall calendar from
 * March in the Swiss French shop starts with a cover and twelve French month pages with the
 * Swiss holidays; a save keeps its start and country and takes only a canton as its region;
 * a calendar is laid out from its design group's layouts (a desk calendar's are not a wall
 * calendar's) and a save keeps to them;
 * the preflight warns about what lies in the spiral's band; the print file has one page per
 * calendar page with the profile's boxes.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { DesignDocument, TextElement } from "../../domain/studio/document";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { pdfPageBoxes, studioClient, testPhoto } from "../testing/studioApi";
import { loadTestStorefront } from "../testing/shop";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

const WALL = {
  kind: "calendar",
  calendarType: "wandkalender",
  size: "a3-hoch",
  mounting: "spirale",
  start: "2027-03",
  quantity: 1,
};

interface Design {
  id: string;
  version: number;
  document: DesignDocument;
}

const words = (doc: DesignDocument, page: number) =>
  doc.surfaces[page]!.elements.flatMap((e) => (e.kind === "text" ? e.lines : []));

describe.each(TEST_DATABASES)("studio calendars on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const { send, visitorCookie } = studioClient(() => api, {
    // The Swiss cards shop, in French.
    host: "ch.cards.localhost",
    "x-locale": "fr-CH",
  });

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("makes, saves, checks and prints a wall calendar from March in fr-CH", async () => {
    const created = await send("POST", "/web-api/studio/designs", {
      json: { configuration: WALL },
    });
    expect(created.status).toBe(201);
    const cookie = visitorCookie(created);
    const design = (await created.json()) as Design;
    const doc = design.document;
    expect(doc.product).toEqual({
      family: "calendar",
      format: "297x420",
      options: { calendarType: "wandkalender", mounting: "spirale" },
    });
    expect(doc.calendar).toEqual({
      year: 2027,
      startMonth: 3,
      locale: "fr-CH",
      country: "CH",
      dates: [],
      // The wall calendar's design group with the layouts it offers, its defaults first.
      designGroup: { id: 100, layouts: expect.arrayContaining(["cover-full", "month-quad"]) },
    });
    expect(doc.surfaces.map((s) => s.layout)).toEqual([
      "cover-full",
      ...Array(12).fill("month-single"),
    ]);
    expect(doc.surfaces).toHaveLength(13);
    expect(doc.surfaces[0]!.name).toBe("cover");
    expect(words(doc, 0)).toContain("2027 – 2028");
    expect(words(doc, 1)).toContain("Mars 2027");
    expect(words(doc, 1)).toContain("Vendredi saint");
    expect(words(doc, 6)).toContain("Fête nationale");
    expect(words(doc, 12)).toContain("Février 2028");

    // A canton's holidays and an own date, drawn by the studio, are saved as they are.
    const march = doc.surfaces[1]!;
    const mine: TextElement = {
      ...(march.elements.find((e) => e.kind === "text") as TextElement),
      id: "mine",
      locked: false,
      y: 2, // into the spiral's band
      lines: ["Hello"],
    };
    const saved: DesignDocument = {
      ...doc,
      calendar: { ...doc.calendar!, region: "VD" },
      surfaces: doc.surfaces.map((s, i) =>
        i === 1 ? { ...s, elements: [...s.elements, mine] } : s,
      ),
    };
    const put = (document: DesignDocument, version: number) =>
      send("PUT", `/web-api/studio/designs/${design.id}`, {
        cookie,
        json: { document },
        headers: { "if-match": `"${version}"` },
      });
    expect((await put(saved, 1)).status).toBe(200);

    // The start the cart priced and the shop's country stay; a region is a canton.
    for (const [calendar, path] of [
      [{ ...saved.calendar!, year: 2028 }, "document.calendar.year"],
      [{ ...saved.calendar!, country: "DE" }, "document.calendar.country"],
      [{ ...saved.calendar!, region: "XX" }, "document.calendar.region"],
    ] as const) {
      const refused = await put({ ...saved, calendar }, 2);
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty(
        path,
      );
    }

    const preflight = await send("GET", `/web-api/studio/designs/${design.id}/preflight`, {
      cookie,
    });
    const problems = (
      (await preflight.json()) as { problems: { code: string; element?: string }[] }
    ).problems;
    expect(problems).toContainEqual(
      expect.objectContaining({ code: "in-binding", element: "mine" }),
    );
    // Every page's photo frame is still empty: an error each.
    expect(problems.filter((p) => p.code === "empty-frame")).toHaveLength(13);
    // The generated grid and names are neither outside the safe area nor too small.
    expect(problems.filter((p) => p.code !== "empty-frame" && p.element !== "mine")).toEqual([]);

    // The print file: the cover and twelve months, each 297 x 420 mm with 3 mm bleed.
    const photo = await testPhoto(1200, 900, "#3a7");
    const form = new FormData();
    form.append("file", new File([new Uint8Array(photo)], "photo.jpg"));
    const uploaded = await api.request("http://localhost/web-api/studio/photos", {
      method: "POST",
      headers: { host: "ch.cards.localhost", cookie },
      body: form,
    });
    const photoId = ((await uploaded.json()) as { id: string }).id;
    const filled = await send("POST", `/web-api/studio/designs/${design.id}/autofill`, {
      cookie,
      json: { photos: Array.from({ length: 13 }, () => photoId) },
    });
    expect(filled.status).toBe(200);
    const started = performance.now();
    const pdf = await send("GET", `/web-api/studio/designs/${design.id}/print.pdf`, { cookie });
    const took = performance.now() - started;
    expect(pdf.status).toBe(200);
    const pages = pdfPageBoxes(Buffer.from(await pdf.arrayBuffer()));
    expect(pages).toHaveLength(13);
    for (const page of pages) {
      expect(page.MediaBox).toEqual([0, 0, 303, 426]);
      expect(page.BleedBox).toEqual([0, 0, 303, 426]);
      expect(page.TrimBox).toEqual([3, 3, 300, 423]);
    }
    // A calendar's print file well within the ten seconds the bench allows.
    expect(took).toBeLessThan(10_000);

    const proof = await send("GET", `/web-api/studio/designs/${design.id}/proof/2.jpg?width=400`, {
      cookie,
    });
    expect(proof.status).toBe(200);
    expect((await sharp(Buffer.from(await proof.arrayBuffer())).metadata()).width).toBe(400);
  }, 120_000);

  it("answers a country's regions and a canton's holidays for the panel", async () => {
    const vaud = await send(
      "GET",
      "/web-api/studio/calendar/holidays?country=CH&language=fr&from=2027-11&region=VD",
    );
    expect(vaud.status).toBe(200);
    expect(vaud.headers.get("cache-control")).toBe("public, max-age=86400");
    const body = (await vaud.json()) as {
      regions: { code: string; name: string }[];
      holidays: Record<string, string>;
    };
    expect(body.regions).toHaveLength(26);
    expect(body.regions).toContainEqual({ code: "VD", name: "Canton de Vaud" });
    // Twelve months from November 2027: both years' days, Vaud's 2 January among them.
    expect(body.holidays["2027-12-25"]).toBe("Noël");
    expect(body.holidays["2028-01-02"]).toBe("2 Janvier");
    const liechtenstein = (await (
      await send("GET", "/web-api/studio/calendar/holidays?country=LI&language=de&from=2027-01")
    ).json()) as { regions: unknown[] };
    expect(liechtenstein.regions).toEqual([]);
    const bad = await send(
      "GET",
      "/web-api/studio/calendar/holidays?country=XX&language=fr&from=2027-13",
    );
    expect(bad.status).toBe(400);
    const errors = ((await bad.json()) as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors).sort()).toEqual(["country", "from"]);
  });

  it("lays a desk calendar out from its own design group's layouts and keeps them on save", async () => {
    const created = await send("POST", "/web-api/studio/designs", {
      json: {
        configuration: { ...WALL, calendarType: "tischkalender", size: "a5-quer" },
      },
    });
    expect(created.status).toBe(201);
    const cookie = visitorCookie(created);
    const design = (await created.json()) as Design;
    const group = design.document.calendar!.designGroup!;
    expect(group).toEqual({
      id: 101,
      layouts: ["cover-full", "cover-framed", "month-single", "month-framed", "month-duo"],
    });
    const put = (document: DesignDocument) =>
      send("PUT", `/web-api/studio/designs/${design.id}`, {
        cookie,
        json: { document },
        headers: { "if-match": `"${design.version}"` },
      });
    const withLayout = (layout: string): DesignDocument => ({
      ...design.document,
      surfaces: design.document.surfaces.map((s, i) => (i === 1 ? { ...s, layout } : s)),
    });
    // The wall calendar's four photos a month are not the desk calendar's; nor is another group.
    const refusals: [DesignDocument, string][] = [
      [withLayout("month-quad"), "document.surfaces.1.layout"],
      [
        {
          ...design.document,
          calendar: {
            ...design.document.calendar!,
            designGroup: { ...group, layouts: ["cover-full", "month-quad"] },
          },
        },
        "document.calendar.designGroup",
      ],
    ];
    for (const [document, path] of refusals) {
      const refused = await put(document);
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty(
        path,
      );
    }
    expect((await put(withLayout("month-duo"))).status).toBe(200);
  });

  it("refuses a calendar format the catalogue does not have", async () => {
    const refused = await send("POST", "/web-api/studio/designs", {
      json: { configuration: { ...WALL, size: "a9" } },
    });
    expect(refused.status).toBe(400);
  });
});
