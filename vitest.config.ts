import { existsSync, globSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const TEST_FILES = [
  "{app,cms,config,db,domain,server,scripts}/**/*.test.{ts,tsx}",
  "tests/*.test.ts",
];

/**
 * What makes a test file need a process of its own: a database or the whole shop (their
 * memory, ports and module state), what the global setup provides (`inject`), mocked
 * modules or globals, fake timers, variables set on process.env, or a DOM environment.
 * Every other file only calls functions, and shares a worker with the files before it
 * instead of importing its modules again (measured: 60 s of CPU for these files against
 * 218 s with a process each).
 */
const NEEDS_ITS_OWN_PROCESS =
  /db\/testing|server\/testing|\/testing\/|openTestDatabase|useTestShop|createTestServices|TEST_DATABASES|inject\(|openDatabase\(|electric-sql\/pglite|vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)|process\.env\.?\w*\s*=[^=]|process\.env\[[^\]]+\]\s*=[^=]|delete process\.env|process\.(on|chdir|exit)\b|globalThis\.\w+\s*=[^=]|vitest-environment/;

/** A test file's text, with that of the test helpers (`*.testing.ts`) it imports. */
function withHelpers(file: string): string {
  const text = readFileSync(file, "utf8");
  const helpers = [...text.matchAll(/from "(\.{1,2}\/[^"]*\.testing)"/g)].flatMap(([, helper]) =>
    [".ts", ".tsx"]
      .map((extension) => path.join(path.dirname(file), `${helper}${extension}`))
      .filter((candidate) => existsSync(candidate))
      .map((candidate) => readFileSync(candidate, "utf8")),
  );
  return [text, ...helpers].join("\n");
}

/**
 * The storefront crawls render every page of a channel's shops: 112 s and 45 s on a quiet
 * machine, several minutes under load, far longer than any other file. Vitest orders files
 * by their last run's time, and without one (a clean CI clone) by their size, where these
 * two small files come last: one worker then crawls alone at the end of the stage.
 */
const LONGEST_FIRST = /storefrontFacts\w*\.http\.test\.ts$/;

/** Vitest's order, with the files known to take longest moved to the front. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = sorted.filter((spec) => LONGEST_FIRST.test(spec.moduleId));
    return [...longest, ...sorted.filter((spec) => !longest.includes(spec))];
  }
}

const shared = globSync(TEST_FILES)
  .filter((file) => !NEEDS_ITS_OWN_PROCESS.test(withHelpers(file)))
  .sort();

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    sequence: { sequencer: LongestFirst },
    // Vitest's default leaves one core free; most of a file's time is PGlite working and the
    // shop importing its seed, so on a 2-core CI machine a second worker nearly halves the
    // run. Every file has its own databases and ports.
    maxWorkers: availableParallelism(),
    // Vitest starts the projects' files in the order of their names: the isolated files,
    // the slow ones, first, and the quick shared ones fill the workers at the end.
    projects: [
      {
        extends: true,
        test: {
          name: "isolated",
          include: TEST_FILES,
          exclude: shared,
          globalSetup: ["./tests/setup/global-db.ts", "./tests/setup/global-build.ts"],
        },
      },
      {
        extends: true,
        test: { name: "shared", include: shared, isolate: false },
      },
    ],
  },
});
