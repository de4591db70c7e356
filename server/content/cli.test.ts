import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { runContentImport } from "./cli";

describe("npm run content:import", () => {
  let dataDir: string;
  const env = () => ({
    PGLITE_DIR: dataDir,
    LOG_LEVEL: "silent",
    CONTENT_DIR: path.resolve("server/content/fixtures"),
  });

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "content-cli-"));
    cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("imports the seed once, then reports it unchanged, and imports all again with --force", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    expect(await runContentImport([], env())).toBe(0);
    expect(info).toHaveBeenLastCalledWith(
      expect.stringMatching(/content imported from .*: \d+ written, 0 removed/),
    );
    expect(await runContentImport([], env())).toBe(0);
    expect(info).toHaveBeenLastCalledWith(
      expect.stringContaining("unchanged since the last import"),
    );
    expect(await runContentImport(["--force"], env())).toBe(0);
    expect(info).toHaveBeenLastCalledWith(
      expect.stringMatching(/content imported from .*: [1-9]\d* written/),
    );
    info.mockRestore();
  });

  it("refuses to import when the shop reads another content service", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(
      await runContentImport([], { ...env(), CONTENT_API_URL: "https://api.storyblok.com/v2" }),
    ).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("CONTENT_API_URL"));
    error.mockRestore();
  });
});
