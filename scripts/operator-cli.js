// Creates a back-office operator through the built server bundle (run npm run build first):
//   npm run operator:create -- --email a@b.example --role owner [--name "A B"] [--password-stdin]
// The shop must be stopped when it runs on the embedded database (PGlite allows one process).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.resolve(here, "..", process.env.BUILD_DIR ?? "build", "server/index.js");
if (!existsSync(bundle)) {
  console.error(`No server bundle at ${bundle}: run npm run build first.`);
  process.exit(1);
}
const { runOperatorCreate } = await import(bundle);
process.exit(await runOperatorCreate(process.argv.slice(2)));
