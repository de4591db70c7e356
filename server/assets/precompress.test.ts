import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_TIERS } from "../../config/cache";
import { compress } from "../middleware/compress";
import { builtAssets, staticFiles } from "./staticFiles";
import { precompressFolder } from "./precompress";

/** A script of some size, as the bundler writes one. */
const SCRIPT = Array.from(
  { length: 600 },
  (_, i) => `export const price${i} = (n) => n * ${i} + "${"€".repeat(i % 5)}";`,
).join("\n");

describe("the built client's files, compressed at build time", () => {
  let client: string;
  let assets: string;

  beforeAll(async () => {
    client = mkdtempSync(path.join(os.tmpdir(), "precompress-"));
    assets = path.join(client, "assets");
    mkdirSync(assets);
    writeFileSync(path.join(assets, "shell-abc123.js"), SCRIPT);
    writeFileSync(path.join(assets, "shell-abc123.css"), `.price{color:red}\n`.repeat(200));
    writeFileSync(path.join(assets, "tiny-abc123.js"), "export const a = 1;");
    writeFileSync(path.join(assets, "font-abc123.woff2"), Buffer.alloc(4000, 7));
    mkdirSync(path.join(assets, "nested"));
    writeFileSync(path.join(assets, "nested", "deep.js"), SCRIPT);
    await precompressFolder(assets);
  });

  afterAll(() => rmSync(client, { recursive: true, force: true }));

  it("writes a brotli and a gzip copy beside each script and style sheet, with the same bytes inside", () => {
    for (const name of ["shell-abc123.js", "shell-abc123.css"]) {
      const built = readFileSync(path.join(assets, name));
      const br = readFileSync(path.join(assets, `${name}.br`));
      const gz = readFileSync(path.join(assets, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(built)).toBe(true);
      expect(gunzipSync(gz).equals(built)).toBe(true);
      expect(br.byteLength).toBeLessThan(gz.byteLength);
    }
  });

  it("leaves files under 1 KB, fonts and subfolders as they are", () => {
    for (const name of ["tiny-abc123.js", "font-abc123.woff2", "nested/deep.js"]) {
      expect(existsSync(path.join(assets, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(assets, `${name}.gz`))).toBe(false);
    }
  });

  describe("sent by the shop", () => {
    const shop = () => {
      const app = new Hono();
      app.use(compress());
      app.use("/assets/*", builtAssets(client));
      return app;
    };
    const get = (name: string, acceptEncoding?: string) =>
      shop().request(`/assets/${name}`, {
        headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {},
      });

    it("sends the brotli copy to a browser that accepts brotli, as a script kept for a year", async () => {
      const answer = await get("shell-abc123.js", "gzip, deflate, br, zstd");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Encoding")).toBe("br");
      expect(answer.headers.get("Content-Type")).toMatch(/^text\/javascript/);
      expect(answer.headers.get("Cache-Control")).toBe(CACHE_TIERS.immutable);
      expect(answer.headers.get("Vary")).toMatch(/Accept-Encoding/);
      const body = Buffer.from(await answer.arrayBuffer());
      expect(Number(answer.headers.get("Content-Length"))).toBe(body.byteLength);
      expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
    });

    it("sends the gzip copy to a client that accepts only gzip", async () => {
      const answer = await get("shell-abc123.css", "gzip");
      expect(answer.headers.get("Content-Encoding")).toBe("gzip");
      expect(answer.headers.get("Content-Type")).toMatch(/^text\/css/);
      const body = Buffer.from(await answer.arrayBuffer());
      expect(body.equals(readFileSync(path.join(assets, "shell-abc123.css.gz")))).toBe(true);
    });

    it("sends the file as built to a client that accepts no coding", async () => {
      const answer = await get("shell-abc123.js");
      expect(answer.headers.get("Content-Encoding")).toBeNull();
      expect(await answer.text()).toBe(SCRIPT);
    });

    it("answers a file without copies through the compression middleware as before", async () => {
      const answer = await get("nested/deep.js", "gzip, br");
      expect(answer.headers.get("Content-Encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(SCRIPT);
    });

    it("sends a public file as it is, kept for an hour", async () => {
      writeFileSync(path.join(client, "favicon.svg"), "<svg/>");
      const app = new Hono();
      app.use("*", staticFiles(client, "public, max-age=3600"));
      const answer = await app.request("/favicon.svg", { headers: { "Accept-Encoding": "br" } });
      expect(answer.headers.get("Cache-Control")).toBe("public, max-age=3600");
      expect(await answer.text()).toBe("<svg/>");
    });

    it("does not answer for a file that is not there, nor for one outside the assets folder", async () => {
      writeFileSync(path.join(client, "secret.js"), "the server's own file");
      expect((await get("missing-abc123.js", "br")).status).toBe(404);
      for (const escape of ["..%2fsecret.js", "%2e%2e/secret.js", "..%5csecret.js"]) {
        const answer = await get(escape, "br");
        expect(answer.status).toBe(404);
        expect(await answer.text()).not.toContain("the server's own file");
      }
    });
  });
});
