import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{app,cms,config,db,domain,server,scripts}/**/*.test.{ts,tsx}", "tests/*.test.ts"],
    globalSetup: ["./tests/setup/global-db.ts", "./tests/setup/global-build.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default leaves one core free; most of a file's time is PGlite working and the
    // shop importing its seed, so on a 2-core CI machine a second worker nearly halves the
    // run. Every file has its own databases and ports.
    maxWorkers: availableParallelism(),
  },
});
