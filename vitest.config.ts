import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{app,cms,config,db,domain,server,scripts}/**/*.test.{ts,tsx}", "tests/*.test.ts"],
    globalSetup: ["./tests/setup/global-db.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
