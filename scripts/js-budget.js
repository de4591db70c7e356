// Sums the gzip size of the JavaScript a page loads (module scripts and modulepreloads)
// from the built client, e.g. `node scripts/js-budget.js http://localhost:3000/`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const [, , target = "http://localhost:3000/", budgetKb = "130"] = process.argv;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const html = await (await fetch(target)).text();
const files = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
for (const m of html.matchAll(/import\s+(?:[^"']+from\s+)?["'](\/assets\/[^"']+\.js)["']/g)) files.add(m[1]);
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(buildDir, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip (budget ${budgetKb} KB)`);
if (total / 1024 > Number(budgetKb)) process.exitCode = 1;
