/**
 * Which React build the process runs. React picks its development or production build
 * from NODE_ENV when it is first loaded; the development build renders about half as fast,
 * so a shop serving visitors with it is misconfigured.
 */
import { createRequire } from "node:module";

export type ReactBuild = "production" | "development" | "not-loaded";

/**
 * The React build among the evaluated modules (React is CommonJS, so it sits in require's
 * cache). Node also lists the modules it only scanned for export names (both builds, when
 * an ES module imports React): those are not loaded and do not count.
 */
export function loadedReactBuild(): ReactBuild {
  const loaded = Object.entries(createRequire(import.meta.url).cache)
    .filter(([file, module]) => module?.loaded && /[\\/]react(?:-dom)?[\\/]cjs[\\/]/.test(file))
    .map(([file]) => file);
  if (loaded.length === 0) return "not-loaded";
  return loaded.some((file) => file.endsWith(".development.js")) ? "development" : "production";
}
