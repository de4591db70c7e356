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
 * What makes a test file need a process of its own: mocked modules or globals, fake timers,
 * variables set on process.env, listeners on the process, or a DOM environment. Each of
 * these changes what the next file in the same process would see.
 */
const NEEDS_ITS_OWN_PROCESS =
  /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)|process\.env\.?\w*\s*=[^=]|process\.env\[[^\]]+\]\s*=[^=]|delete process\.env|process\.(on|chdir|exit)\b|globalThis\.\w+\s*=[^=]|vitest-environment/;

/**
 * What a file needs the global setup for: a database of its own (a copy of the run's
 * template) or the whole shop over one, or the values the setup provides (`inject`).
 * Such a file opens and closes its own databases and services; a process of its own only
 * costs it the start of one (Node, Vitest's runner, PGlite's WebAssembly, the drizzle and
 * server modules and the shop's bundle, all loaded again): 16 such files took 132 s of CPU
 * with a process each and 59 s in one process, with the same 114 tests passing.
 */
const USES_A_DATABASE =
  /db\/testing|server\/testing|\/testing\/|openTestDatabase|useTestShop|createTestServices|TEST_DATABASES|inject\(|openDatabase\(|electric-sql\/pglite/;

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

const files = globSync(TEST_FILES)
  .sort()
  .map((file) => ({ file, text: withHelpers(file) }));
/** Files that share a worker process with the files before them. */
const database = files
  .filter(({ text }) => USES_A_DATABASE.test(text) && !NEEDS_ITS_OWN_PROCESS.test(text))
  .map(({ file }) => file);
const shared = files
  .filter(({ text }) => !USES_A_DATABASE.test(text) && !NEEDS_ITS_OWN_PROCESS.test(text))
  .map(({ file }) => file);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker process runs a hundred database files, each starting PGlite's WebAssembly
    // anew, beside the password checker's thread. Once, V8 (Node 24.21) hung such a process
    // for good inside its freeing of WebAssembly code it had found dead (the main thread
    // waiting on a lock while the thread's garbage collection waited on the engine), with no
    // test timeout able to fire. Without that collection of WebAssembly code the path is
    // never taken; the code of a closed database is still freed with its module.
    execArgv: ["--no-wasm-code-gc"],
    sequence: { sequencer: LongestFirst },
    // Vitest's default leaves one core free; most of a file's time is PGlite working and the
    // shop importing its seed, so on a 2-core CI machine a second worker nearly halves the
    // run. Every file has its own databases and ports.
    maxWorkers: availableParallelism(),
    // Run once per run for all the projects (a project would run its own again):
    // the migrated database templates and the shop's build.
    globalSetup: ["./tests/setup/global-db.ts", "./tests/setup/global-build.ts"],
    // Vitest starts the projects' files in the order of their names: the database files
    // (the slow ones) first, then those of a process each, and the quick shared ones fill
    // the workers at the end. A file of a project without isolation runs in the process
    // the file before it ran in, its modules already loaded.
    projects: [
      {
        extends: true,
        test: { name: "database", include: database, isolate: false },
      },
      {
        extends: true,
        test: { name: "isolated", include: TEST_FILES, exclude: [...database, ...shared] },
      },
      {
        extends: true,
        test: { name: "shared", include: shared, isolate: false },
      },
    ],
  },
});
