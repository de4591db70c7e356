import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { FLAGS, FLAG_NAMES } from "../../domain/flags";
import { createFlagService, type FlagService } from "./service";

const VISITOR = "3f0c1c53-8d2e-4c55-9a57-0e8f0f2b1a11";
const OTHER = "7b1e2f40-1d2c-4e3f-8a5b-6c7d8e9f0a1b";
const CARDS = { channel: "cards", mobileDevice: false };

function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const problems = () =>
    lines.filter((line) => line.id === "feature-flag-error").map((line) => line.problem);
  return { log, lines, problems };
}

function yamlFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "flags-")), "flags.yaml");
  writeFileSync(file, text);
  return file;
}

/** Every flag of the shop listed off, then the given entries before them. */
function flagsYaml(entries = ""): string {
  return entries + FLAG_NAMES.map((name) => `- ${name}:\n    treatment: "off"\n`).join("");
}

const services: FlagService[] = [];
async function ready(service: FlagService): Promise<FlagService> {
  services.push(service);
  for (let i = 0; i < 50 && service.readiness() === "not ready"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return service;
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.destroy()));
});

describe("flag service in localhost mode", () => {
  it("evaluates every flag of the shop from the YAML file, for everyone or for listed keys", async () => {
    const file = yamlFile(
      flagsYaml(`- ${FLAGS.wallArtBurgerGroups}:\n    treatment: "on"\n    keys: ["${VISITOR}"]\n`),
    );
    const { log, problems } = recordingLog();
    const service = await ready(createFlagService({ file, log }));
    expect(service.mode).toBe("localhost");
    expect(service.readiness()).toBe("ready");
    const mine = service.evaluate(VISITOR, CARDS);
    expect(Object.keys(mine).sort()).toEqual([...FLAG_NAMES].sort());
    expect(mine[FLAGS.wallArtBurgerGroups]).toBe("on");
    expect(service.evaluate(OTHER, CARDS)[FLAGS.wallArtBurgerGroups]).toBe("off");
    expect(service.shared(CARDS)[FLAGS.wallArtBurgerGroups]).toBe("off");
    expect(problems()).toEqual([]);
  });

  it("the repository's YAML file names every flag of the shop, all off", async () => {
    const { log, problems } = recordingLog();
    const service = await ready(createFlagService({ file: "config/flags.yaml", log }));
    expect(Object.values(service.shared(CARDS)).every((t) => t === "off")).toBe(true);
    expect(problems()).toEqual([]);
    expect(readFileSync("config/flags.yaml", "utf8")).toContain(FLAGS.hideShops);
  });

  it("a flag missing from the file is control, read as off, and logged as no treatment", async () => {
    const { log, problems } = recordingLog();
    const service = await ready(
      createFlagService({ file: yamlFile(`- other:\n    treatment: "on"\n`), log }),
    );
    expect(service.evaluate(VISITOR, CARDS)[FLAGS.hideShops]).toBe("control");
    expect(problems()).toContain("no treatment");
  });

  it("an empty or too long visitor key evaluates nothing and is logged", async () => {
    const { log, problems } = recordingLog();
    const service = await ready(createFlagService({ file: yamlFile(flagsYaml()), log }));
    expect(service.evaluate("", CARDS)).toEqual(
      Object.fromEntries(FLAG_NAMES.map((n) => [n, "off"])),
    );
    expect(service.evaluate("k".repeat(251), CARDS)[FLAGS.hideShops]).toBe("off");
    expect(problems()).toEqual(["empty key", "key too long"]);
  });

  it("a treatment that changes for a visitor is logged", async () => {
    const { log, problems } = recordingLog();
    const file = yamlFile(flagsYaml());
    const service = await ready(createFlagService({ file, log, fileRefreshSeconds: 1 }));
    expect(service.evaluate(VISITOR, CARDS)[FLAGS.hideShops]).toBe("off");
    writeFileSync(file, flagsYaml(`- ${FLAGS.hideShops}:\n    treatment: "on"\n`));
    for (let i = 0; i < 40 && service.shared(CARDS)[FLAGS.hideShops] !== "on"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(service.evaluate(VISITOR, CARDS)[FLAGS.hideShops]).toBe("on");
    expect(problems()).toEqual(["treatment changed within session"]);
    // A visitor seen for the first time has nothing to compare with.
    service.evaluate(OTHER, CARDS);
    expect(problems()).toEqual(["treatment changed within session"]);
  });

  it("a customer met with another visitor key is a changed user key: logged, and watched afresh", async () => {
    const { log, problems } = recordingLog();
    const file = yamlFile(
      flagsYaml(`- ${FLAGS.hideShops}:\n    treatment: "on"\n    keys: ["${VISITOR}"]\n`),
    );
    const service = await ready(createFlagService({ file, log }));
    expect(service.evaluate(VISITOR, CARDS, "C100")[FLAGS.hideShops]).toBe("on");
    expect(service.evaluate(VISITOR, CARDS, "C100")[FLAGS.hideShops]).toBe("on");
    expect(problems()).toEqual([]);
    // The same customer on another device: another visitor key, another treatment. The
    // record starts again with the new key, so the flip is reported once, as the key change.
    expect(service.evaluate(OTHER, CARDS, "C100")[FLAGS.hideShops]).toBe("off");
    expect(problems()).toEqual(["user key changed"]);
    // Another customer on that device has their own record.
    service.evaluate(OTHER, CARDS, "C200");
    expect(problems()).toEqual(["user key changed"]);
  });

  it("without a file the client fails to start: every flag is off and the failure is logged", async () => {
    const { log, problems } = recordingLog();
    const service = createFlagService({ file: "/nonexistent/flags.yaml", log });
    services.push(service);
    expect(service.evaluate(VISITOR, CARDS)[FLAGS.hideShops]).toBe("off");
    expect(problems()).toContain("initialize");
  });

  it("tracks events whose inputs pass the rules and refuses the others", async () => {
    const { log, problems } = recordingLog();
    const service = await ready(createFlagService({ file: yamlFile(flagsYaml()), log }));
    expect(service.track({ key: VISITOR })).toBeNull();
    expect(service.track({ key: VISITOR, eventType: "cart:add", value: 2 })).toBeNull();
    expect(service.track({ key: "", eventType: "x" })).toBe("empty key");
    expect(service.track({ key: VISITOR, eventType: "-x" })).toBe("invalid event type");
    expect(service.track({ key: VISITOR, value: Number.NaN })).toBe("value not a finite number");
    expect(service.track({ key: VISITOR, properties: { a: "x".repeat(40_000) } })).toBe(
      "event properties too large",
    );
    expect(problems()).toEqual([
      "empty key",
      "invalid event type",
      "value not a finite number",
      "event properties too large",
    ]);
  });

  it("is destroyed with the process", async () => {
    const { log } = recordingLog();
    const service = await ready(createFlagService({ file: yamlFile(flagsYaml()), log }));
    await service.destroy();
    expect(service.readiness()).toBe("destroyed");
    expect(service.evaluate(VISITOR, CARDS)[FLAGS.hideShops]).toBe("off");
  });
});
