import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { runContentImport, runContentTokens } from "./cli";

describe("npm run content:import and content:tokens", () => {
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

  it("prints each space's tokens: the configured ones, else those generated at the first start", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    expect(
      await runContentTokens({ ...env(), CONTENT_CARDS_PREVIEW_TOKEN: "cards-preview-1" }),
    ).toBe(0);
    const lines = info.mock.calls.map(([line]) => String(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^cards: space \d+, public token \S{16,}, preview token cards-preview-1$/,
    );
    const wallart = /^wallart: space \d+, public token (\S{16,}), preview token (\S{16,})$/.exec(
      lines[1] ?? "",
    );
    expect(wallart).not.toBeNull();
    info.mockClear();
    // Generated tokens are kept: a second run prints the same ones.
    expect(await runContentTokens(env())).toBe(0);
    expect(String(info.mock.calls[1]?.[0])).toBe(lines[1]);
    info.mockRestore();
  });

  it("refuses to print tokens of a content service it does not run", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(
      await runContentTokens({ ...env(), CONTENT_API_URL: "https://api.storyblok.com/v2" }),
    ).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("CONTENT_API_URL"));
    error.mockRestore();
  });
});
