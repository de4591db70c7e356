import { describe, expect, it } from "vitest";
import { ACCOUNT_PATHS, accountPageFor, accountPath } from "./accountPaths";
import { isAppRoute } from "./paths";

describe("account paths", () => {
  it("are written in each language and read back to their page", () => {
    expect(accountPath("de", "log-in")).toBe("/konto/anmelden");
    expect(accountPath("fr", "sign-up")).toBe("/compte/inscription");
    expect(accountPath("en", "overview")).toBe("/account");
    expect(accountPageFor("konto", "anmelden")).toBe("log-in");
    expect(accountPageFor("konto", undefined)).toBe("overview");
    expect(accountPageFor("konto", "connexion")).toBeNull();
    expect(accountPageFor("basket", "x")).toBeNull();
  });

  it("are app routes, never content pages", () => {
    for (const paths of Object.values(ACCOUNT_PATHS)) {
      expect(isAppRoute(`/${paths.folder}`)).toBe(true);
    }
  });
});
