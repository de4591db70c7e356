// The content commands, through the built server bundle (run npm run build first):
//   node scripts/content-cli.js import [--force]   (npm run content:import)
//   node scripts/content-cli.js tokens             (npm run content:tokens)
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.resolve(here, "..", process.env.BUILD_DIR ?? "build", "server/index.js");
if (!existsSync(bundle)) {
  console.error(`No server bundle at ${bundle}: run npm run build first.`);
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
const { runContentImport, runContentTokens } = await import(bundle);
if (command === "import") process.exit(await runContentImport(args));
if (command === "tokens") process.exit(await runContentTokens());
console.error("usage: node scripts/content-cli.js import [--force] | tokens");
process.exit(2);
