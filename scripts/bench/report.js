// The bench's results as Markdown: one section per measurement, printed as it is done
// and written together to docs/bench.md.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** "0.62 (target ≥ 0.5: met)". */
export function againstTarget(value, target) {
  return `${value.toFixed(2)} (target ≥ ${target}: ${value >= target ? "met" : "missed"})`;
}

/** A Markdown table with its columns padded, as Prettier writes it. */
function markdownTable(headers, rows) {
  const widths = headers.map((header, i) =>
    Math.max(3, header.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(" | ")} |`;
  return [line(headers), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join(
    "\n",
  );
}

/** A section: heading, paragraphs, an optional table, then paragraphs after it. */
export function renderSection({ title, text = [], headers, rows = [], notes = [] }) {
  const table = headers && rows.length ? [markdownTable(headers, rows)] : [];
  return [`## ${title}`, ...text, ...table, ...notes].join("\n\n");
}

/**
 * Sections other scripts write into the report (`npm run bench:load`) or that were measured
 * by hand (scripts/bench/sessionProfile.js), kept as they are.
 */
const KEPT_SECTIONS = [
  "Lighthouse: this machine against the run of 2026-11-26 (by hand)",
  "Mixed load",
  "Rendered pages' CPU (by hand)",
];

/** The kept sections of the report as it is now. */
function keptSections(file) {
  if (!existsSync(file)) return [];
  const report = readFileSync(file, "utf8");
  return KEPT_SECTIONS.flatMap((title) => {
    const start = report.indexOf(`## ${title}\n`);
    if (start < 0) return [];
    const end = report.indexOf("\n## ", start + 1);
    return [report.slice(start, end < 0 ? undefined : end).trim()];
  });
}

/** docs/bench.md: the machine, the headline numbers, then every section (and the kept ones). */
export function writeReport(file, machine, sections) {
  const headlines = sections.flatMap((section) => section.headlines ?? []);
  const document = [
    "# Benchmarks",
    `Written by \`npm run bench\` (scripts/bench.js) on ${machine.date}: ${machine.cpus} CPUs (${machine.model}, load average ${machine.loadAverage} at the start), Node ${machine.node}, ${machine.load}. The load generator runs on the same machine as the servers, so compare ratios, and absolute numbers only between runs on one machine.`,
    "## Headlines",
    headlines.map((line) => `- ${line}`).join("\n"),
    ...sections.map(renderSection),
    ...keptSections(file),
  ].join("\n\n");
  writeFileSync(file, `${document}\n`);
}
