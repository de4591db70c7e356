// The order's print job for a photo book, on its own: the studio renderer the job runs
// (server/orders/printFiles.ts) writes a 100-page book with 200 photos to a temporary file
// and the job streams it into storage (disk) with putFile. Run in a child process of its own,
// so its resident memory is the job's alone: sampled every 20 ms, its largest rise over the
// size before the render (the photos already in storage, a garbage collection done).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Inside node_modules, so the bundle's packages (sharp, pdfkit …) resolve from there. */
const WORK = path.join(ROOT, "node_modules", ".cache", "bench-print-job");

const CHILD = `
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import * as shop from "./bundle.mjs";

const [photos, pages] = process.argv.slice(2).map(Number);

function rssMb() {
  const status = readFileSync("/proc/self/status", "utf8");
  return Number(/^VmRSS:\\s+(\\d+)/m.exec(status)[1]) / 1024;
}

async function photoJpeg(width, height) {
  const small = await sharp({
    create: { width: width / 4, height: height / 4, channels: 3, noise: { type: "gaussian", mean: 120, sigma: 50 } },
  }).blur(0.8).png().toBuffer();
  return sharp(small).resize(width, height, { kernel: "cubic" }).jpeg({ quality: 88 }).toBuffer();
}
function tagged(jpeg, tag) {
  const text = Buffer.from("bench " + tag);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-print-job-"));
try {
  const storage = shop.createDiskStorage(dir);
  const base = await photoJpeg(3000, 2000);
  const set = [];
  for (let i = 0; i < photos; i += 1) {
    await storage.put("photos/p" + i + "/original", tagged(base, i), "image/jpeg");
    set.push({ id: "p" + i, capturedAt: new Date(Date.UTC(2024, 6, 1, 0, i)).toISOString() });
  }
  const product = {
    family: "photobook",
    format: "297x210",
    options: {
      photobookType: "digitalfotobuch", cover: "hard", paper: "glossy", size: "a4-landscape",
      ...shop.pageLimitOptions({ min: 24, max: 200, step: 2 }),
    },
    pages,
  };
  const book = shop.bookGeometry(product);
  const { document, placed } = shop.autofillBook(shop.bookTemplate(product, book, "de"), book, set);
  if (placed !== photos) throw new Error("placed " + placed + " of " + photos);
  const render = shop.studioRenderer(storage, shop.rasterisePdf);
  globalThis.gc?.();
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb()); }, 20);
  const started = performance.now();
  const made = await render({ id: "bench", version: 1, document }, "bench");
  if (Buffer.isBuffer(made.print)) throw new Error("the book's print file was kept in memory");
  await storage.putFile("orders/bench/1-print.pdf", made.print.path, "application/pdf");
  const bytes = made.print.size;
  await made.print.discard();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  process.stdout.write(JSON.stringify({ ms, bytes, before, peak, growth: peak - before, proof: made.proof !== null }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
`;

/** Runs the print job of a `pages`-page book with `photos` photos in a child process. */
export async function printJobOfBook(photos, pages) {
  mkdirSync(WORK, { recursive: true });
  const bundled = await build({
    stdin: {
      contents: `export { studioRenderer } from "./server/orders/printFiles";
export { createDiskStorage } from "./server/studio/storage";
export { rasterisePdf } from "./server/studio/proof";
export { autofillBook, bookTemplate } from "./domain/studio/layouts";
export { bookGeometry, pageLimitOptions } from "./domain/studio/photobook";`,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "silent",
  });
  writeFileSync(path.join(WORK, "bundle.mjs"), bundled.outputFiles[0].text);
  writeFileSync(path.join(WORK, "child.mjs"), CHILD);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--expose-gc", path.join(WORK, "child.mjs"), String(photos), String(pages)],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`print job bench exited with ${code}`));
      else resolve(JSON.parse(out));
    });
  });
}

// `node scripts/bench/studioPrintJob.js [photos] [pages]`: this row alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [photos = 200, pages = 100] = process.argv.slice(2).map(Number);
  console.log(await printJobOfBook(photos, pages));
}
