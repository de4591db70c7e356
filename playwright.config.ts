import { defineConfig, devices } from "@playwright/test";

/** Playwright runs against the built server (npm run build first) in Debian's Chromium. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Where PostgreSQL answers (the API tests' TEST_DATABASE_URL, which .ci/run sets then), the
 * back-office journey runs a second time against a shop of its own on PostgreSQL: its own
 * server on E2E_POSTGRES_PORT (default E2E_PORT + 6, and the next port for its Google
 * stand-in: the suite's stand-in holds E2E_PORT + 1, the reCAPTCHA test's shop and stand-in
 * + 2 and + 3, the workers test's shop + 4)
 * with an empty database made for the run. Without PostgreSQL that project does not exist.
 * Set E2E_POSTGRES_URL by hand instead to run the whole suite's one server on PostgreSQL.
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL ? undefined : process.env.TEST_DATABASE_URL;
const POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? PORT + 6);
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
/**
 * The files of the long journeys (half a minute to over a minute each on the CI machine):
 * the studio's, the shopper's path to a paid order, the back office, and the files that
 * boot a shop of their own (a boot imports the seed).
 */
const JOURNEYS =
  /\/(admin|accounts|checkout|freshStart|lifecycle|recaptcha|shopperPath|studio\w*|wallArtOptions)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  // The files that took longest in all, named at the end of the run (only the end of a CI
  // log is kept).
  reportSlowTests: { max: 12, threshold: 60_000 },
  // A test is a shopper's journey over several pages, each with an accessibility scan; on
  // a shared 2-core machine running two at once one takes up to half a minute. The limit
  // is there to end a hang, not to measure speed (npm run bench does that).
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // Playwright hands the workers the tests in the order of the projects, then of the files:
  // the longest journeys go first, so that at the end both workers finish short tests
  // together instead of one running a minute-long journey alone (in the last CI run the
  // PostgreSQL back office, 1.2 min, came last).
  projects: [
    ...(POSTGRES_URL
      ? [
          {
            name: "postgres",
            testMatch: /admin\.spec\.ts$/,
            use: { ...desktop, baseURL: `http://localhost:${POSTGRES_PORT}` },
          },
        ]
      : []),
    { name: "journeys", testMatch: JOURNEYS, use: desktop },
    { name: "desktop", testIgnore: JOURNEYS, use: desktop },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.js",
      url: `http://127.0.0.1:${PORT}/health`,
      reuseExistingServer: false,
      // With the PostgreSQL shop starting beside it, both import the seed content and the
      // catalogue at once on the same cores.
      timeout: POSTGRES_URL ? 120_000 : 60_000,
      env: { PORT: String(PORT), LOG_LEVEL: "warn" },
    },
    ...(POSTGRES_URL
      ? [
          {
            command: "node scripts/e2e-server.js",
            url: `http://127.0.0.1:${POSTGRES_PORT}/health`,
            reuseExistingServer: false,
            timeout: 120_000,
            env: {
              PORT: String(POSTGRES_PORT),
              GOOGLE_STANDIN_PORT: String(POSTGRES_PORT + 1),
              E2E_POSTGRES_URL: POSTGRES_URL,
              LOG_LEVEL: "warn",
            },
          },
        ]
      : []),
  ],
});
