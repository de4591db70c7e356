import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, publicEnv } from "./env";

describe("environment", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      NODE_ENV: "production",
      PGLITE_DIR: "./data/pglite",
      DEBUG_ERRORS: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names the bad variable in a clear message", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("reads the flag sets and refuses a name the flag service would refuse", () => {
    expect(parseEnv({}).FLAGS_SETS).toEqual([]);
    expect(parseEnv({ FLAGS_SETS: "storefront, wall_art_2" }).FLAGS_SETS).toEqual([
      "storefront",
      "wall_art_2",
    ]);
    expect(() => parseEnv({ FLAGS_SETS: "storefront,Wall-Art" })).toThrow(/FLAGS_SETS/);
    expect(() => parseEnv({ FLAGS_SETS: "a".repeat(51) })).toThrow(/FLAGS_SETS/);
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("sends configurator links to the shop's designer stand-in unless a designer URL is set", () => {
    expect(parseEnv({}).DESIGNER_URL).toBe("/designer");
    expect(parseEnv({ DESIGNER_URL: "https://designer.example/app" }).DESIGNER_URL).toBe(
      "https://designer.example/app",
    );
    expect(() => parseEnv({ DESIGNER_URL: "javascript:alert(1)" })).toThrow(/DESIGNER_URL/);
    expect(() => parseEnv({ DESIGNER_URL: "//evil.example" })).toThrow(/DESIGNER_URL/);
    expect(() => parseEnv({ DESIGNER_URL: "https://u:p@designer.example" })).toThrow(
      /DESIGNER_URL/,
    );
  });

  it("reads boolean flags", () => {
    expect(parseEnv({ DEBUG_ERRORS: "true" }).DEBUG_ERRORS).toBe(true);
    expect(parseEnv({ DEBUG_ERRORS: "1" }).DEBUG_ERRORS).toBe(true);
    expect(parseEnv({ DEBUG_ERRORS: "false" }).DEBUG_ERRORS).toBe(false);
    expect(() => parseEnv({ DEBUG_ERRORS: "yes please" })).toThrow(/DEBUG_ERRORS/);
  });

  it("exposes only the whitelisted public subset to the browser", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://secret@db/shop", DEBUG_ERRORS: "true" });
    const exposed = publicEnv(env);
    expect(exposed).toEqual({ debugErrors: true });
    expect(JSON.stringify(exposed)).not.toContain("secret");
  });
});
