import { describe, expect, it } from "vitest";
import {
  EMPTY_MONITOR,
  FLAGS,
  asTreatment,
  checkAuthorizationKey,
  checkEventProperties,
  checkEventType,
  checkEventValue,
  checkFlagSetName,
  checkKey,
  forcedTreatments,
  isFlagOn,
  monitorTreatments,
  pageSwitches,
  treatmentOf,
} from "./flags";

describe("treatments", () => {
  it("are off without a treatment (no client means off)", () => {
    expect(treatmentOf(undefined, "x")).toBe("off");
    expect(treatmentOf({}, "x")).toBe("off");
  });

  it("are on only for the treatment on; control counts as off", () => {
    expect(isFlagOn({ x: "on" }, "x")).toBe(true);
    expect(isFlagOn({ x: "control" }, "x")).toBe(false);
    expect(treatmentOf({ x: "control" }, "x")).toBe("control");
  });

  it("read anything but on and off from the flag service as control", () => {
    expect(asTreatment("on")).toBe("on");
    expect(asTreatment("off")).toBe("off");
    expect(asTreatment("v2")).toBe("control");
    expect(asTreatment(undefined)).toBe("control");
  });
});

describe("flag input rules", () => {
  it("the visitor key must not be empty", () => {
    expect(checkKey("")).toBe("empty key");
    expect(checkKey("  ")).toBe("empty key");
    expect(checkKey(undefined)).toBe("empty key");
    expect(checkKey("3f0c1c53-8d2e-4c55-9a57-0e8f0f2b1a11")).toBeNull();
  });

  it("the key is at most 250 characters long", () => {
    expect(checkKey("k".repeat(250))).toBeNull();
    expect(checkKey("k".repeat(251))).toBe("key too long");
  });

  it("the flag service's API key must be configured", () => {
    expect(checkAuthorizationKey(undefined)).toBe("empty authorization key");
    expect(checkAuthorizationKey("")).toBe("empty authorization key");
    expect(checkAuthorizationKey("localhost")).toBeNull();
  });

  it("flag-set names are lowercase alphanumeric up to 50 characters", () => {
    expect(checkFlagSetName("storefront")).toBeNull();
    expect(checkFlagSetName("store_front_2")).toBeNull();
    expect(checkFlagSetName("a".repeat(50))).toBeNull();
    expect(checkFlagSetName("a".repeat(51))).toBe("invalid flag set name");
    expect(checkFlagSetName("Storefront")).toBe("invalid flag set name");
    expect(checkFlagSetName("_front")).toBe("invalid flag set name");
    expect(checkFlagSetName("front-end")).toBe("invalid flag set name");
  });

  it("event types start with a letter or digit, then up to 79 of letters, digits, dash, underscore, period, colon", () => {
    expect(checkEventType("landingpage_view")).toBeNull();
    expect(checkEventType("cart:add.item-1")).toBeNull();
    expect(checkEventType("e" + "x".repeat(79))).toBeNull();
    expect(checkEventType("e" + "x".repeat(80))).toBe("invalid event type");
    expect(checkEventType("_view")).toBe("invalid event type");
    expect(checkEventType("page view")).toBe("invalid event type");
    expect(checkEventType("")).toBe("invalid event type");
  });

  it("event properties are at most 32768 bytes", () => {
    expect(checkEventProperties(undefined)).toBeNull();
    expect(checkEventProperties({ a: "x".repeat(32_000) })).toBeNull();
    expect(checkEventProperties({ a: "x".repeat(32_768) })).toBe("event properties too large");
    // Bytes, not characters: each ü is two bytes.
    expect(checkEventProperties({ a: "ü".repeat(16_390) })).toBe("event properties too large");
  });

  it("event values are finite numbers", () => {
    expect(checkEventValue(undefined)).toBeNull();
    expect(checkEventValue(0)).toBeNull();
    expect(checkEventValue(-12.5)).toBeNull();
    expect(checkEventValue(Number.NaN)).toBe("value not a finite number");
    expect(checkEventValue(Number.POSITIVE_INFINITY)).toBe("value not a finite number");
  });
});

describe("forced treatments", () => {
  it("a query parameter named after a flag forces on or off", () => {
    expect(forcedTreatments(new URLSearchParams("voll_492_hide_shops=on")).forced).toEqual({
      [FLAGS.hideShops]: "on",
    });
    expect(forcedTreatments(new URLSearchParams("voll_492_hide_shops=off")).forced).toEqual({
      [FLAGS.hideShops]: "off",
    });
  });

  it("only on or off: any other value is ignored and reported", () => {
    const result = forcedTreatments(new URLSearchParams("voll_492_hide_shops=control"));
    expect(result.forced).toEqual({});
    expect(result.problems).toEqual([
      { flag: FLAGS.hideShops, problem: "forced treatment not on or off" },
    ]);
  });

  it("a feature parameter plus a treatment parameter forces that feature", () => {
    expect(
      forcedTreatments(new URLSearchParams(`feature=${FLAGS.wallArtBurgerGroups}&treatment=on`))
        .forced,
    ).toEqual({ [FLAGS.wallArtBurgerGroups]: "on" });
  });

  it("unknown flags cannot be forced", () => {
    expect(
      forcedTreatments(new URLSearchParams("feature=nope&treatment=on&nope=on")).forced,
    ).toEqual({});
  });
});

describe("treatment monitoring", () => {
  it("records treatments and accepts the same ones again", () => {
    const first = monitorTreatments(EMPTY_MONITOR, "k1", { a: "on", b: "off" }, "session");
    expect(first.problems).toEqual([]);
    const again = monitorTreatments(first.state, "k1", { a: "on" }, "session");
    expect(again.problems).toEqual([]);
  });

  it("a different later value for a session is a problem", () => {
    const first = monitorTreatments(EMPTY_MONITOR, "k1", { a: "on" }, "session");
    expect(monitorTreatments(first.state, "k1", { a: "off" }, "session").problems).toEqual([
      { flag: "a", problem: "treatment changed within session" },
    ]);
    expect(monitorTreatments(first.state, "k1", { a: "off" }, "user").problems).toEqual([
      { flag: "a", problem: "treatment changed for user" },
    ]);
  });

  it("control is never recorded", () => {
    const first = monitorTreatments(EMPTY_MONITOR, "k1", { a: "control" }, "user");
    expect(first.state.featureFlags).toEqual({});
  });

  it("a changed user key resets the record and is reported", () => {
    const first = monitorTreatments(EMPTY_MONITOR, "k1", { a: "on" }, "user");
    const changed = monitorTreatments(first.state, "k2", { a: "off" }, "user");
    expect(changed.problems).toEqual([{ problem: "user key changed" }]);
    expect(changed.state).toEqual({ splitKey: "k2", featureFlags: { a: "off" } });
  });
});

describe("page switches", () => {
  it("show the action bar and promotions by default", () => {
    expect(pageSwitches(new URLSearchParams(""))).toEqual({ actionBar: true, promotions: true });
  });

  it("barDisabled hides the action bar only", () => {
    expect(pageSwitches(new URLSearchParams("barDisabled=true"))).toEqual({
      actionBar: false,
      promotions: true,
    });
    expect(pageSwitches(new URLSearchParams("barDisabled"))).toMatchObject({ actionBar: false });
    expect(pageSwitches(new URLSearchParams("barDisabled=0"))).toMatchObject({ actionBar: true });
  });

  it("suppress_promotion hides every promotion, the action bar included", () => {
    expect(pageSwitches(new URLSearchParams("suppress_promotion=1"))).toEqual({
      actionBar: false,
      promotions: false,
    });
    expect(pageSwitches(new URLSearchParams("suppress_promotion=false")).promotions).toBe(true);
  });
});
