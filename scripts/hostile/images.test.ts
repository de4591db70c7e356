import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loopDelays } from "./images.js";

/** A loop-delay file as ./loopDelay.js writes it: time, delay, GC pause, ran, waited. */
function delayFile(lines: number[][]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "loop-delays-")), "delay");
  writeFileSync(file, lines.map((line) => line.join(" ")).join("\n") + "\n");
  return file;
}

describe("the images block's reading of the shop's event-loop lines", () => {
  it("pairs a delay with the thread's times of its own line and the one before", () => {
    // The stretch that held the loop (ran 20, waited 280) is written before the line that
    // counts its 300 ms delay.
    const file = delayFile([
      [1000, 0, 0, 5, 1],
      [1400, 0, 0, 20, 280],
      [1500, 300, 0, 4, 2],
      [1600, 12, 0, 30, 0],
    ]);
    const [burst] = Object.values(loopDelays(file, [{ name: "burst", from: 900, to: 1700 }])!);
    expect(burst).toMatchObject({
      delayMs: 300,
      longest: { ranMs: 24, waitedMs: 282 },
      // The longest delay the shop's own work can account for: 300 ms of delay, of which
      // the thread ran 24 ms; the 12 ms one with 34 ms on a core counts whole.
      ownMs: 24,
      ranMs: 59,
      waitedMs: 283,
    });
  });

  it("counts a delay the thread spent running as the shop's own", () => {
    const file = delayFile([
      [1000, 0, 0, 10, 0],
      [1250, 150, 40, 140, 5],
    ]);
    const { burst } = loopDelays(file, [{ name: "burst", from: 900, to: 1300 }])!;
    expect(burst).toMatchObject({ delayMs: 150, gcMs: 40, ownMs: 150 });
  });

  it("keeps each window's lines apart and reads lines without the thread's times", () => {
    const file = delayFile([
      [1000, 80, 10],
      [1100, 20, 0],
      [5000, 0, 0, 3, 1],
      [5100, 60, 0, 50, 10],
    ]);
    const byName = loopDelays(file, [
      { name: "first", from: 900, to: 1200 },
      { name: "second", from: 4900, to: 5200 },
    ])!;
    expect(byName.first).toMatchObject({ delayMs: 80, gcMs: 10, ownMs: 0, ranMs: 0 });
    expect(byName.first!.longest).toEqual({ ranMs: null, waitedMs: null });
    expect(byName.second).toMatchObject({ delayMs: 60, ownMs: 53, ranMs: 53, waitedMs: 11 });
  });

  it("answers null when the shop wrote no file", () => {
    expect(loopDelays(undefined, [])).toBeNull();
    expect(loopDelays(path.join(tmpdir(), "no-such-loop-delay-file"), [])).toBeNull();
  });
});
