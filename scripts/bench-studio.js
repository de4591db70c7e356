// The studio's rows of the bench alone (`node scripts/bench-studio.js`), without the page loads and
// Lighthouse of `npm run bench`: a 12 MP photo uploaded, the print files of a card, a canvas
// and a calendar, and the 100-page photo book (auto-fill in Chromium, its print files and
// the order's print job, with their memory). Starts the built shop on BENCH_PORT (its own
// embedded database) and writes its sections into docs/bench.md in place of the same
// sections of an earlier run, the rest of the report as it was; each section says when it
// was measured and what the machine was doing (load average). Run `npm run build` first.
//   node scripts/bench-studio.js             # all three sections
//   node scripts/bench-studio.js book print  # only these (photos, print, book)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { renderSection } from "./bench/report.js";
import { startShop } from "./bench/shop.js";
import { studioBookSection } from "./bench/studioBook.js";
import { studioPhotoSection } from "./bench/studioPhotos.js";
import { studioPrintSection } from "./bench/studioPrint.js";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const REPORT = "docs/bench.md";
/** Where the studio's sections go when the report has none yet. */
const BEFORE = "## Mixed load\n";

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" / ");

/** A section with when and how it was measured, and its verdicts, as Markdown. */
function sectionText(section, run) {
  const verdicts = (section.headlines ?? []).map((line) => `- ${line}`).join("\n");
  return renderSection({
    ...section,
    text: [
      `Measured by \`node scripts/bench-studio.js\` on ${run.date}: ${run.cpus} CPUs (${run.model}), Node ${run.node}; load average (1 / 5 / 15 min) ${run.before} at the start of this section and ${run.after} at its end (other work on the machine meanwhile).`,
      ...(section.text ?? []),
    ],
    notes: [...(section.notes ?? []), ...(verdicts ? [verdicts] : [])],
  });
}

/** The report with `sections` in place of those of the same title (or before BEFORE). */
function merged(report, sections) {
  let text = report;
  for (const { title, markdown } of sections) {
    const start = text.indexOf(`## ${title}\n`);
    if (start >= 0) {
      const end = text.indexOf("\n## ", start + 1);
      text = `${text.slice(0, start)}${markdown}\n${end < 0 ? "" : text.slice(end)}`;
    } else {
      const at = text.indexOf(BEFORE);
      text =
        at < 0
          ? `${text.trimEnd()}\n\n${markdown}\n`
          : `${text.slice(0, at)}${markdown}\n\n${text.slice(at)}`;
    }
  }
  return text;
}

/** The sections, and the names that pick them on the command line (none: all). */
const SECTIONS = [
  ["Studio photo upload", (shop) => studioPhotoSection(shop, "cards.localhost"), "photos"],
  ["Studio print files", (shop) => studioPrintSection(shop), "print"],
  ["Studio photo books", (shop) => studioBookSection(shop), "book"],
];
const ONLY = process.argv.slice(2);

const machine = {
  date: new Date().toISOString().slice(0, 10),
  cpus: os.availableParallelism(),
  model: os.cpus()[0]?.model.trim() ?? "unknown CPU",
  node: process.version,
};
const shop = await startShop(PORT);
const done = [];
try {
  for (const [title, step] of SECTIONS.filter(
    ([, , name]) => ONLY.length === 0 || ONLY.includes(name),
  )) {
    const before = load();
    // A section that fails says why; the next ones are measured all the same.
    const section = await step(shop).catch((error) => ({
      title,
      text: [`Failed: ${error.message}`],
      headlines: [`${title}: failed (${error.message})`],
    }));
    const markdown = sectionText(section, { ...machine, before, after: load() });
    console.log(`\n${markdown}\n`);
    done.push({ title: section.title, markdown });
  }
} finally {
  await shop.stop();
}
const report = existsSync(REPORT) ? readFileSync(REPORT, "utf8") : "# Benchmarks\n";
writeFileSync(REPORT, merged(report, done));
console.log(`written to ${REPORT}`);
