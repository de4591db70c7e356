// Sums the gzip size of the JavaScript a page loads at once (counted as the bench counts
// each route, scripts/bench/js.js) from the built client, e.g.
// `node scripts/js-budget.js http://localhost:3000/ 130`.
import { gzipKb, scriptsOf } from "./bench/js.js";

const [, , target = "http://localhost:3000/", budgetKb = "130"] = process.argv;
const files = scriptsOf(await (await fetch(target)).text());
for (const file of files) console.log(`${gzipKb([file]).toFixed(1).padStart(7)} KB  ${file}`);
const total = gzipKb(files);
console.log(`${total.toFixed(1).padStart(7)} KB  total gzip (budget ${budgetKb} KB)`);
if (total > Number(budgetKb)) process.exitCode = 1;
