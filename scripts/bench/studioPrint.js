/* global FormData, Blob */
// The studio's print files, as the shop renders them on request:
//  - a folded card (148 × 105, four panels) from a card theme's template with two 12 MP
//    photos placed: GET …/print.pdf, target 2 s;
//  - a 60 × 40 cm canvas with a mirrored edge and one 24 MP photo: GET …/print.pdf, target
//    5 s, and the shop process may grow by at most 300 MB of resident memory meanwhile
//    (sampled from /proc every 20 ms while the request runs);
//  - the card's front and the canvas's proofs: their page rasterised from that same print
//    file (kept once rendered), each at a width not asked before, so each is drawn anew;
//  - an A3 wall calendar (cover and twelve months, their grids and holidays drawn as text)
//    with a 12 MP photo in each page's frame: GET …/print.pdf, target 10 s.
import { readFileSync } from "node:fs";
import sharp from "sharp";

const CARD_TARGET_MS = 2000;
const CANVAS_TARGET_MS = 5000;
const CALENDAR_TARGET_MS = 10_000;
const GROWTH_LIMIT_MB = 300;
const RUNS = Number(process.env.BENCH_PRINT_RUNS ?? 5);

/** A photo-like JPEG (smooth noise, compressing as a photo does) of width × height. */
async function photoJpeg(width, height) {
  const small = await sharp({
    create: {
      width: Math.round(width / 2),
      height: Math.round(height / 2),
      channels: 3,
      noise: { type: "gaussian", mean: 120, sigma: 50 },
    },
  })
    .blur(0.8)
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: "cubic" }).jpeg({ quality: 90 }).toBuffer();
}

/** Resident memory of a process in MB (Linux), or null where /proc is not there. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

async function call(shop, method, pathname, { cookie, json, body } = {}) {
  const headers = {};
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  const answer = await fetch(shop.url(pathname), {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
  });
  return answer;
}

async function upload(shop, cookie, file) {
  const form = new FormData();
  form.append("file", new Blob([file], { type: "image/jpeg" }), "IMG.JPG");
  const answer = await call(shop, "POST", "/web-api/studio/photos", { cookie, body: form });
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()).id;
}

/** A design of `configuration` with `photos` placed; its id and the owner's cookie. */
async function designWith(shop, body, files) {
  const created = await call(shop, "POST", "/web-api/studio/designs", { json: body });
  if (created.status !== 201)
    throw new Error(`design answered ${created.status}: ${await created.text()}`);
  const cookie = (created.headers.get("set-cookie") ?? "").split(";")[0];
  const { id } = await created.json();
  const photos = [];
  for (const file of files) photos.push(await upload(shop, cookie, file));
  const filled = await call(shop, "POST", `/web-api/studio/designs/${id}/autofill`, {
    cookie,
    json: { photos },
  });
  if (filled.status !== 200) throw new Error(`autofill answered ${filled.status}`);
  return { id, cookie };
}

/** Times GET `pathname` and samples the shop's memory meanwhile. */
async function timed(shop, pathname, cookie) {
  const before = shop.pid ? rssMb(shop.pid) : null;
  let peak = before ?? 0;
  const sampler = shop.pid
    ? setInterval(() => {
        const now = rssMb(shop.pid);
        if (now !== null && now > peak) peak = now;
      }, 20)
    : null;
  const started = performance.now();
  const answer = await call(shop, "GET", pathname, { cookie });
  const bytes = (await answer.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  if (sampler) clearInterval(sampler);
  if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
  return { ms, bytes, growth: before === null ? null : peak - before };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function runs(shop, pathname, cookie, count) {
  // The first render loads the fonts and the PDF writer; it is not counted.
  await timed(shop, pathname, cookie);
  const results = [];
  for (let i = 0; i < count; i += 1) results.push(await timed(shop, pathname, cookie));
  return results;
}

/**
 * Proofs of a design's first surface at widths not asked before (a width asked again is
 * answered from memory): each is its page of the kept print file rasterised anew.
 */
async function proofRuns(shop, design, count) {
  const results = [];
  for (let i = 0; i < count; i += 1)
    results.push(
      await timed(
        shop,
        `/web-api/studio/designs/${design.id}/proof/1.jpg?width=${800 + i}`,
        design.cookie,
      ),
    );
  return results;
}

export async function studioPrintSection(shop) {
  const title = "Studio print files";
  const themes = await (await call(shop, "GET", "/web-api/themes")).json();
  const theme = themes.themes.find((t) => t.product === "folded-card");
  const twelve = await photoJpeg(4000, 3000);
  const card = await designWith(
    shop,
    {
      configuration: {
        kind: "card",
        cardType: "folded-card",
        size: "148x105",
        refinement: "none",
        envelope: "none",
      },
      ...(theme ? { themeId: theme.id } : {}),
    },
    [twelve, await photoJpeg(3000, 4000)],
  );
  const cardRuns = await runs(
    shop,
    `/web-api/studio/designs/${card.id}/print.pdf`,
    card.cookie,
    RUNS,
  );

  const canvas = await designWith(
    shop,
    {
      configuration: {
        kind: "photoframe",
        material: "leinwand",
        size: "600x400",
        canvasStretcherFrame: "25",
        canvasEdge: "mirrored",
      },
    },
    [await photoJpeg(6000, 4000)],
  );
  const canvasRuns = await runs(
    shop,
    `/web-api/studio/designs/${canvas.id}/print.pdf`,
    canvas.cookie,
    Math.min(RUNS, 3),
  );
  // A proof the shop fails to draw is a row saying so (the PDF rasteriser needs Node 22 or
  // later); the calendar's print file is measured all the same.
  const failure = (error) => ({ failed: String(error?.message ?? error).slice(0, 120) });
  const cardProofs = await proofRuns(shop, card, RUNS).catch(failure);
  const canvasProofs = await proofRuns(shop, canvas, Math.min(RUNS, 3)).catch(failure);

  const calendar = await designWith(
    shop,
    {
      configuration: {
        kind: "calendar",
        calendarType: "wandkalender",
        size: "a3-hoch",
        mounting: "spirale",
        start: "2027-03",
      },
    },
    // One photo for all thirteen frames: the same file handed in again is the same photo.
    Array.from({ length: 13 }, () => twelve),
  );
  const calendarRuns = await runs(
    shop,
    `/web-api/studio/designs/${calendar.id}/print.pdf`,
    calendar.cookie,
    Math.min(RUNS, 3),
  );

  const ms = (value) => value.toFixed(0);
  const mb = (value) => (value === null ? "n/a" : value.toFixed(0));
  const row = (what, results) =>
    results.failed ? [what, "failed", results.failed, "", ""] : measuredRow(what, results);
  const measuredRow = (what, results) => [
    what,
    ms(median(results.map((r) => r.ms))),
    ms(Math.max(...results.map((r) => r.ms))),
    (results[0].bytes / 1024 / 1024).toFixed(1),
    mb(results.some((r) => r.growth === null) ? null : Math.max(...results.map((r) => r.growth))),
  ];
  const cardWorst = Math.max(...cardRuns.map((r) => r.ms));
  const canvasWorst = Math.max(...canvasRuns.map((r) => r.ms));
  const calendarWorst = Math.max(...calendarRuns.map((r) => r.ms));
  const growth = canvasRuns.some((r) => r.growth === null)
    ? null
    : Math.max(...canvasRuns.map((r) => r.growth));
  const verdict = (ok) => (ok ? "met" : "missed");
  return {
    title,
    text: [
      `Print files rendered on request, one after another (the first render not counted): a folded card 148 × 105 mm from the card theme ${theme ? theme.id : "(none found: an empty template)"} with a 12 MP landscape and a 12 MP portrait photo (${(twelve.length / 1024 / 1024).toFixed(1)} MB JPEG) put into its empty frames in that order, and a 60 × 40 cm canvas with a 2.5 cm stretcher and a mirrored edge with one 6000 × 4000 (24 MP) photo, and an A3 wall calendar with a spiral from March 2027 (cover and twelve months) with the 12 MP landscape photo in each of its thirteen frames. Memory is the shop process's resident size, sampled every 20 ms during each request, its largest rise over the size before.`,
    ],
    headers: ["what", "median ms", "slowest ms", "MB answered", "RSS growth MB"],
    rows: [
      row(`folded card print.pdf (${cardRuns.length} runs)`, cardRuns),
      row(`60 × 40 canvas print.pdf (${canvasRuns.length} runs)`, canvasRuns),
      row(
        `folded card front proof ~800 px, from the print file (${cardProofs.length ?? 0} runs)`,
        cardProofs,
      ),
      row(
        `60 × 40 canvas proof ~800 px, from the print file (${canvasProofs.length ?? 0} runs)`,
        canvasProofs,
      ),
      row(`A3 wall calendar print.pdf, 13 pages (${calendarRuns.length} runs)`, calendarRuns),
    ],
    headlines: [
      `Folded card print PDF: slowest ${ms(cardWorst)} ms (target ≤ ${CARD_TARGET_MS}: ${verdict(cardWorst <= CARD_TARGET_MS)})`,
      `A3 wall calendar print PDF (13 pages, a 12 MP photo on each): slowest ${ms(calendarWorst)} ms (target ≤ ${CALENDAR_TARGET_MS}: ${verdict(calendarWorst <= CALENDAR_TARGET_MS)})`,
      `60x40 canvas print PDF with a 24 MP photo: slowest ${ms(canvasWorst)} ms (target ≤ ${CANVAS_TARGET_MS}: ${verdict(canvasWorst <= CANVAS_TARGET_MS)}), RSS growth ${mb(growth)} MB (limit ${GROWTH_LIMIT_MB}: ${growth === null ? "not measured" : verdict(growth <= GROWTH_LIMIT_MB)})`,
    ],
  };
}
