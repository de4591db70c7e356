import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createAssetStore, FOUND_FOR_MS } from "./store";

describe("the asset store", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function store() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "asset-store-"));
    dirs.push(dir);
    mkdirSync(path.join(dir, "cards"));
    let clock = 1_000_000;
    return {
      dir,
      store: createAssetStore(dir, () => clock),
      pass: (ms: number) => (clock += ms),
    };
  }

  it("remembers a file it found for a moment, then looks again", async () => {
    const { dir, store: assets, pass } = store();
    const file = path.join(dir, "cards", "a.jpg");
    writeFileSync(file, "one");
    const ref = { channel: "cards", file: "a.jpg" } as const;
    expect((await assets.find(ref))?.size).toBe(3);
    writeFileSync(file, "replaced");
    // Within the moment the file is taken as it was (no look at the disk).
    expect((await assets.find(ref))?.size).toBe(3);
    pass(FOUND_FOR_MS);
    expect((await assets.find(ref))?.size).toBe(8);
  });

  it("asks again for a name it did not find, so a new file shows at once", async () => {
    const { dir, store: assets } = store();
    const ref = { channel: "cards", file: "new.jpg" } as const;
    expect(await assets.find(ref)).toBeNull();
    writeFileSync(path.join(dir, "cards", "new.jpg"), "new");
    expect((await assets.find(ref))?.size).toBe(3);
  });
});
