/**
 * docs/bench.md is rewritten by every `npm run bench`: the sections other scripts or a person
 * wrote into it (the mixed load, the by-hand measurements) must survive the rewrite.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeReport } from "./report.js";

const machine = {
  date: "2026-11-28",
  cpus: 2,
  model: "test",
  loadAverage: "0.1",
  node: "v24",
  load: "quiet",
};

describe("the bench report", () => {
  it("keeps the by-hand and mixed-load sections and replaces the measured ones", () => {
    const file = join(mkdtempSync(join(tmpdir(), "bench-report-")), "bench.md");
    writeFileSync(
      file,
      [
        "# Benchmarks",
        "## HTML pages\n\nold table",
        "## Lighthouse: this machine against the run of 2026-11-26 (by hand)\n\nby-hand lighthouse",
        "## Rendered pages' CPU (by hand)\n\nby-hand cpu",
        "## Mixed load\n\nload figures",
      ].join("\n\n"),
    );
    writeReport(file, machine, [{ title: "HTML pages", text: ["new table"] }]);
    const report = readFileSync(file, "utf8");
    expect(report).toContain("new table");
    expect(report).not.toContain("old table");
    for (const kept of ["by-hand lighthouse", "by-hand cpu", "load figures"])
      expect(report).toContain(kept);
  });
});
