// The catalogue import, through the built server bundle (run npm run build first):
//   node scripts/catalogue-cli.js import [--force]   (npm run catalogue:import)
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
const { runCatalogueImport } = await import(bundle);
if (command === "import") process.exit(await runCatalogueImport(args));
console.error("usage: node scripts/catalogue-cli.js import [--force]");
process.exit(2);
