// Lighthouse with its defaults (mobile, simulated throttling) in headless Chromium: the
// performance score with LCP, TBT and CLS, and the accessibility, SEO and best-practices
// scores with the audits that cost them points. Each page is audited RUNS times and the
// run with the median performance score is reported, as one run varies by several points.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ["performance", "accessibility", "seo", "best-practices"];

/** The audits that lower the accessibility, SEO or best-practices score. */
function failedAudits(lhr) {
  return CATEGORIES.slice(1)
    .flatMap((category) => lhr.categories[category].auditRefs)
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null)
    .filter((ref) => lhr.audits[ref.id].score < 1)
    .map((ref) => ref.id);
}

/** A page's scores (0–100), metrics and lost audits, or why Lighthouse could not measure it. */
function numbersOf(lhr) {
  if (lhr.runtimeError)
    return [`failed: ${lhr.runtimeError.code}`, "-", "-", "-", "-", "-", "-", "-"];
  const score = (category) => Math.round(lhr.categories[category].score * 100);
  const metric = (id) => lhr.audits[id].numericValue;
  return [
    score("performance"),
    `${(metric("largest-contentful-paint") / 1000).toFixed(1)} s`,
    `${metric("total-blocking-time").toFixed(0)} ms`,
    metric("cumulative-layout-shift").toFixed(3),
    score("accessibility"),
    score("seo"),
    score("best-practices"),
    failedAudits(lhr).join(", ") || "-",
  ];
}

/** One run; the error page's 404 is the answer it should give, so status codes are not judged. */
async function audit(url, port) {
  const { lhr } = await lighthouse(url, {
    port,
    logLevel: "error",
    onlyCategories: CATEGORIES,
    ignoreStatusCode: true,
  });
  const browser = `Chromium ${/Chrome\/(\d+)/.exec(lhr.environment.hostUserAgent)?.[1]}`;
  return {
    performance: lhr.categories.performance?.score ?? 0,
    numbers: numbersOf(lhr),
    setup: `Lighthouse ${lhr.lighthouseVersion} in headless ${browser}, CPU benchmark index ${lhr.environment.benchmarkIndex}`,
  };
}

/** The run with the median performance score of RUNS runs. */
async function medianAudit(url, port) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(url, port));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(RUNS / 2)];
}

/** Audits every page in one Chromium (debugging port `port`), closed at the end. */
export async function lighthouseSection(shop, pages, port) {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox"],
    port,
  });
  const results = [];
  try {
    for (const page of pages) {
      const url = shop.browserUrl(page.host, page.path);
      results.push({ page, ...(await medianAudit(url, chrome.port)) });
    }
  } finally {
    chrome.kill();
  }
  return {
    title: "Lighthouse",
    text: [
      `Defaults: mobile, simulated throttling (slow 4G, 4× CPU slowdown); ${results[0]?.setup}. Each page is audited ${RUNS} times (\`BENCH_LIGHTHOUSE_RUNS\`); the table shows the run with the median performance score. The last column names the audits that cost accessibility, SEO or best-practices points.`,
    ],
    headers: [
      "page",
      "path",
      "performance",
      "LCP",
      "TBT",
      "CLS",
      "accessibility",
      "SEO",
      "best practices",
      "audits lost",
    ],
    rows: results.map(({ page, numbers }) => [page.name, page.path, ...numbers]),
    headlines: results
      .filter(({ page }) => page.type === "home")
      .map(
        ({ page, numbers: [performance, lcp, tbt, cls] }) =>
          `Lighthouse ${page.name}: performance ${performance}, LCP ${lcp}, TBT ${tbt}, CLS ${cls}`,
      ),
  };
}
