// The JavaScript each page loads at once, gzip, against a budget per route: module scripts
// and modulepreloads in the HTML, the modules the router's script preloads once it starts
// (its data-preload list), and the static imports of inline scripts, read from the built
// client. scripts/js-budget.js counts one page the same way.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUILD_CLIENT = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/** The /assets/….js files a page's HTML loads at once. */
export function scriptsOf(html) {
  const files = new Set(
    [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  for (const m of html.matchAll(/data-preload="([^"]*)"/g)) {
    for (const file of m[1].split(" ").filter(Boolean)) files.add(file);
  }
  for (const m of html.matchAll(/import\s+(?:[^"']+from\s+)?["'](\/assets\/[^"']+\.js)["']/g)) {
    files.add(m[1]);
  }
  return [...files];
}

export function gzipKb(files) {
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(BUILD_CLIENT, file))).length,
    0,
  );
  return bytes / 1024;
}

/** Each page's JavaScript beside its budget (KB gzip); pages without a budget are named. */
export function jsSection(pages, budgets) {
  const measured = pages.map((page) => {
    const files = scriptsOf(page.html);
    return { page, files: files.length, kb: gzipKb(files), budget: budgets[page.name] };
  });
  const over = measured.filter(({ kb, budget }) => budget !== undefined && kb > budget);
  const unbudgeted = measured.filter(({ budget }) => budget === undefined);
  const verdict = over.length
    ? `over budget: ${over.map(({ page, kb, budget }) => `${page.name} ${kb.toFixed(1)} KB > ${budget} KB`).join(", ")}`
    : "every route is within its JavaScript budget";
  return {
    title: "JavaScript per route",
    text: [
      "Gzip size of the scripts each page loads at once: module scripts, modulepreloads and the static imports of inline scripts. Chunks loaded later (lazy blocks, islands loaded on interaction or when visible) are not counted. The budgets are in scripts/bench.js.",
    ],
    headers: ["page", "path", "files", "KB gzip", "budget KB", "within"],
    rows: measured.map(({ page, files, kb, budget }) => [
      page.name,
      page.path,
      files,
      kb.toFixed(1),
      budget ?? "-",
      budget === undefined ? "-" : kb <= budget ? "yes" : "NO",
    ]),
    notes: unbudgeted.length
      ? [`No budget: ${unbudgeted.map(({ page }) => page.name).join(", ")}.`]
      : [],
    headlines: [verdict],
  };
}
