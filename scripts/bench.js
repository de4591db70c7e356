// Benchmarks the built shop and writes the numbers to docs/bench.md:
//  - the HTML of home, content, product, theme list and theme pages of both brands: requests
//    per second and p99 from the page cache beside a bare Node server sending the same
//    bytes, and rendered for a visitor with a session (a product page's render has a ceiling);
//  - a product page's render under the CPU profiler: its time and its three costliest functions;
//  - image cache hits beside a static file of similar size;
//  - a 12 MP photo uploaded to the studio, until its screen copy is ready;
//  - the studio's print files: a folded card, a 60x40 canvas with a 24 MP photo (time, memory);
//  - photo books: auto-fill of 100 pages with 200 photos, and that book's print files (time, memory);
//  - the back office's order list with 10,000 orders (a shop of its own): first page, a filter, a search;
//  - the JavaScript each page type loads at once, against the budgets below;
//  - Lighthouse (mobile) for every page type of both brands.
// Starts its own servers (the shop on a fresh embedded database, a bare Node server, a
// profiled shop, Chromium, a shop with 10,000 orders) on the ports BENCH_PORT-4 … BENCH_PORT, sends
// traffic only to this machine for a bounded time, and stops them all. Never part of
// `npm test`: speed depends on the machine. Run `npm run build` first.
//   npm run bench                      # 5 s per load run, Lighthouse included (minutes)
//   BENCH_SECONDS=10 npm run bench
//   BENCH_LIGHTHOUSE=0 npm run bench   # without Lighthouse
//   BENCH_LIGHTHOUSE_RUNS=1 npm run bench  # one Lighthouse run per page instead of 5
import os from "node:os";
import { htmlSection, findPages } from "./bench/pages.js";
import { imageSection } from "./bench/images.js";
import { jsSection } from "./bench/js.js";
import { lighthouseSection } from "./bench/lighthouse.js";
import { CONNECTIONS, SECONDS } from "./bench/load.js";
import { missesSection } from "./bench/misses.js";
import { orderListSection } from "./bench/orderList.js";
import { renderProfileSection } from "./bench/renderProfile.js";
import { renderSection, writeReport } from "./bench/report.js";
import { startShop } from "./bench/shop.js";
import { studioPhotoSection } from "./bench/studioPhotos.js";
import { studioPrintSection } from "./bench/studioPrint.js";
import { studioBookSection } from "./bench/studioBook.js";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0";
const REPORT = "docs/bench.md";

/**
 * Each brand's page types (the theme page is the first one its theme list links to; the
 * checkout is seen with a `cartKind` product in the cart; the studio is its first screen as
 * a product page's design button opens it).
 */
const BRANDS = [
  {
    brand: "cards",
    host: "cards.localhost",
    cartKind: "card",
    paths: {
      home: "/",
      content: "/ueber-uns",
      product: "/fotobuch",
      "theme list": "/feed-card",
      cart: "/warenkorb",
      checkout: "/kasse",
      account: "/konto/anmelden",
      studio:
        "/designer/card?cardType=folded-card&size=148x105&refinement=none&envelope=none&quantity=1",
      error: "/gibt-es-nicht",
    },
  },
  {
    // Wall-art paths end in a slash.
    brand: "wallart",
    host: "wallart.localhost",
    // A collage goes into the cart only with its studio design; an accessory goes in as chosen.
    cartKind: "accessory",
    paths: {
      home: "/",
      content: "/ueber-uns/",
      product: "/leinwand/",
      "theme list": "/feed-collage/",
      cart: "/warenkorb/",
      checkout: "/kasse/",
      account: "/konto/anmelden/",
      studio:
        "/designer/photoframe/?materialType=leinwand&formatType=600x400&quantity=1&canvasEdge=mirrored",
      error: "/gibt-es-nicht/",
    },
  },
];

/** The page types whose HTML is load-tested; all of them go through the JS budget and Lighthouse. */
const LOAD_TESTED = ["home", "content", "product", "theme list", "theme"];

/**
 * JavaScript a page may load at once, KB gzip: its size when the budget was set, rounded
 * up to the next 5 KB (the studio's own editor, loaded right after, has its budget in the
 * studio's browser test). A route that grows past it is named in the output; raise a budget
 * only on purpose.
 */
const JS_BUDGETS_KB = {
  "cards home": 130,
  "cards content": 130,
  "cards product": 130,
  "cards theme list": 130,
  "cards theme": 135,
  "cards cart": 135,
  "cards checkout": 135,
  "cards account": 140,
  "cards studio": 135,
  "cards error": 130,
  "wallart home": 130,
  "wallart content": 130,
  "wallart product": 130,
  "wallart theme list": 130,
  "wallart theme": 135,
  "wallart cart": 135,
  "wallart checkout": 135,
  "wallart account": 140,
  "wallart studio": 135,
  "wallart error": 130,
};

function machine() {
  return {
    date: new Date().toISOString().slice(0, 10),
    cpus: os.availableParallelism(),
    model: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    node: process.version,
    loadAverage: os.loadavg()[0].toFixed(1),
    load: `autocannon with ${CONNECTIONS} connections for ${SECONDS} s per run`,
  };
}

const lighthouseNote = (text) => ({ title: "Lighthouse", text: [text] });

/** Lighthouse, or why it could not run (no Chromium): the other numbers are written all the same. */
function lighthouseOrWhy(shop, pages) {
  return lighthouseSection(shop, pages, PORT - 3).catch((error) =>
    lighthouseNote(`Failed: ${error.message}`),
  );
}

/** The measurements in order; each prints its section as soon as it is done. */
async function measure(shop) {
  const { pages, skipped } = await findPages(shop, BRANDS);
  const loadTested = pages.filter((page) => LOAD_TESTED.includes(page.type));
  const knownPaths = pages.map((page) => page.path);
  const steps = [
    () => htmlSection(shop, loadTested, PORT - 1),
    () => missesSection(shop, knownPaths),
    // A shop of its own under the profiler.
    () =>
      renderProfileSection(
        pages.filter((page) => page.type === "product"),
        PORT - 2,
      ),
    () => imageSection(shop, "cards.localhost"),
    () => studioPhotoSection(shop, "cards.localhost"),
    () => studioPrintSection(shop),
    () => studioBookSection(shop),
    // A shop of its own, on a database holding 10,000 orders.
    () => orderListSection(PORT - 4),
    () => jsSection(pages, JS_BUDGETS_KB),
    () =>
      LIGHTHOUSE ? lighthouseOrWhy(shop, pages) : lighthouseNote("Not run (`BENCH_LIGHTHOUSE=0`)."),
  ];
  const sections = [];
  const show = (section) => {
    console.log(`\n${renderSection(section)}\n`);
    sections.push(section);
  };
  if (skipped.length) {
    show({
      title: "Pages left out",
      text: skipped,
      headlines: [`left out: ${skipped.join("; ")}`],
    });
  }
  for (const step of steps) show(await step());
  return sections;
}

const about = machine();
const shop = await startShop(PORT);
try {
  const sections = await measure(shop);
  writeReport(REPORT, about, sections);
  const headlines = sections.flatMap((section) => section.headlines ?? []);
  console.log(`${headlines.join("\n")}\n\nwritten to ${REPORT}`);
} finally {
  await shop.stop();
}
