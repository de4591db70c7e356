// Imports the seed stories (content/) into the embedded content spaces, through the
// built server bundle: npm run content:import [-- --force]. Build first (npm run build).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.resolve(here, "..", process.env.BUILD_DIR ?? "build", "server/index.js");
if (!existsSync(bundle)) {
  console.error(`No server bundle at ${bundle}: run npm run build first.`);
  process.exit(1);
}
const { runContentImport } = await import(bundle);
process.exit(await runContentImport(process.argv.slice(2)));
