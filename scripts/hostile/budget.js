// What each class of request costs the shop, against the built shop: processor time (the
// kernel's count of the shop process's user and system time, all its threads, from
// /proc/<pid>/stat) per request and the growth of its resident memory over the class.
// Processor time, unlike answer time, hardly changes with how busy the machine is, so a
// budget of it fails on a regression (a page that renders twice, a stored file converted
// byte by byte, an image decoded at full size) and not on a noisy neighbour.
// Classes: pages rendered anew (a query the page cache does not keep), API answers, resized
// images (a size not asked before each time, so each is rendered) and uploads (a photo to
// the toolbox, its result stored). Each class is warmed up first (code compiled, caches
// filled), then measured over `count` requests, four at a time.
import { readFileSync } from "node:fs";
import sharp from "sharp";

const { File, FormData } = globalThis;

/**
 * The budgets: processor milliseconds per request (averaged over the class) and MB the
 * resident memory may grow over the class. Set at two to five times what the shop cost on
 * the shared 2-core machine on 2026-11-27 (40 requests a class: pages 28 ms, API 3 ms,
 * images 13 ms, uploads 228 ms; memory grew by 0-12 MB).
 */
export const REQUEST_BUDGETS = {
  pages: { cpuMsPerRequest: 90, rssGrowthMb: 100 },
  api: { cpuMsPerRequest: 15, rssGrowthMb: 60 },
  images: { cpuMsPerRequest: 60, rssGrowthMb: 100 },
  uploads: { cpuMsPerRequest: 600, rssGrowthMb: 150 },
};

const TICKS_PER_SECOND = 100;

/** The process's processor time so far (user and system, every thread), in ms. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces) in parentheses.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const PAGES = [
  ["cards.localhost", "/"],
  ["cards.localhost", "/fotobuch"],
  ["cards.localhost", "/themes/hochzeit-001"],
  ["cards.localhost", "/service/versand"],
  ["wallart.localhost", "/"],
];
const API = [
  ["cards.localhost", "/web-api/feature-flags"],
  ["cards.localhost", "/web-api/themes"],
  ["cards.localhost", "/web-api/customer-data"],
  ["cards.localhost", "/web-api/cms/content-page?locale=de-DE&path=/fotos-drucken"],
  ["cards.localhost", "/robots.txt"],
];
const IMAGE = "/a/wallart/poster-print.jpg";

/** A photo-like JPEG (noise compresses as badly as a real photo does), made once. */
async function photo() {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 23;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * @param {{ port: number, pid: number, count: number }} options
 * @returns {Promise<{ classes: Record<string, { requests: number, cpuMsPerRequest: number,
 *   rssGrowthMb: number, statuses: Record<number, number> }>, problems: string[] }>}
 */
export async function budget({ port, pid, count }) {
  const base = `http://127.0.0.1:${port}`;
  const jpeg = await photo();
  let address = 0;
  let render = 0;
  let width = 200;

  /** One request of each class, numbered so that none is answered from a cache. */
  const requests = {
    pages: (i) => {
      const [host, path] = PAGES[i % PAGES.length];
      return [`${path}?budget=${++render}`, { headers: { host } }];
    },
    api: (i) => {
      const [host, path] = API[i % API.length];
      return [path, { headers: { host } }];
    },
    images: () => [`/_img/${width++}x0${IMAGE}`, { headers: { host: "wallart.localhost" } }],
    uploads: () => {
      const form = new FormData();
      form.append("file", new File([jpeg], "photo.jpg", { type: "image/jpeg" }));
      address++;
      // Each from its own address (the shop trusts 127.0.0.1 as its proxy here), so the
      // toolbox's hourly limit per address does not answer instead.
      const headers = {
        host: "cards.localhost",
        accept: "application/json",
        "x-forwarded-for": `198.19.${address >> 8}.${address & 255}`,
      };
      return ["/web-api/toolbox-optimize-image", { method: "POST", headers, body: form }];
    },
  };

  async function send(kind, i, statuses) {
    const [path, init] = requests[kind](i);
    const response = await fetch(`${base}${path}`, init);
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }

  /** `total` requests of a class, four at a time. */
  async function run(kind, total, statuses) {
    let next = 0;
    const lane = async () => {
      while (next < total) await send(kind, next++, statuses);
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
  }

  const classes = {};
  const problems = [];
  for (const kind of Object.keys(REQUEST_BUDGETS)) {
    await run(kind, 4, {});
    const statuses = {};
    const rssBefore = rssMb(pid);
    const cpuBefore = cpuMs(pid);
    await run(kind, count, statuses);
    const measured = {
      requests: count,
      cpuMsPerRequest: Math.round((cpuMs(pid) - cpuBefore) / count),
      rssGrowthMb: rssMb(pid) - rssBefore,
      statuses,
    };
    classes[kind] = measured;
    const allowed = REQUEST_BUDGETS[kind];
    const failed = Object.keys(statuses).filter((status) => Number(status) >= 400);
    if (failed.length > 0) {
      problems.push(`budget: ${kind} answered ${JSON.stringify(statuses)}`);
    }
    if (measured.cpuMsPerRequest > allowed.cpuMsPerRequest) {
      problems.push(
        `budget: ${kind} cost ${measured.cpuMsPerRequest} ms of processor a request, over ${allowed.cpuMsPerRequest}`,
      );
    }
    if (measured.rssGrowthMb > allowed.rssGrowthMb) {
      problems.push(
        `budget: ${kind} grew the shop's memory by ${measured.rssGrowthMb} MB, over ${allowed.rssGrowthMb}`,
      );
    }
  }
  return { classes, problems };
}
