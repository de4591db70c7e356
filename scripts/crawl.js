// Follows every link of the shop and reports the dead ones (scripts/crawl/crawler.js).
// Against a running shop (Host headers *.localhost):
//   node scripts/crawl.js [origin] [--only host,host] [--max n]   exit code 1 when a link is dead
// e.g. node scripts/crawl.js http://127.0.0.1:3000 --only cards.localhost,ch.cards.localhost/fr
import { parseArgs } from "node:util";
import { crawl } from "./crawl/crawler.js";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    max: { type: "string", default: "20000" },
    quiet: { type: "boolean" },
    only: { type: "string" },
  },
});
const only = values.only?.split(",");
const { visited, dead } = await crawl({
  origin: positionals[0] ?? "http://127.0.0.1:3000",
  start: (only ?? ["cards.localhost", "wallart.localhost"]).map((entry) => {
    const cut = entry.indexOf("/");
    return cut < 0 ? [entry, "/"] : [entry.slice(0, cut), `${entry.slice(cut)}/`];
  }),
  only,
  max: Number(values.max),
});
if (!values.quiet) {
  for (const { link, status, from } of dead) {
    const more = from.length > 3 ? ` and ${from.length - 3} more` : "";
    console.log(`${status} ${link}  (linked from ${from.slice(0, 3).join(", ")}${more})`);
  }
}
console.log(`${visited} pages visited, ${dead.length} dead links`);
process.exit(dead.length > 0 ? 1 : 0);
