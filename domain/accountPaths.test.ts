import { describe, expect, it } from "vitest";
import { ACCOUNT_PAGES, ACCOUNT_PATHS, accountPageFor, accountPath } from "./accountPaths";
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

  it("give each page of a signed-in customer a word of its own in every language", () => {
    expect(accountPath("de", "personal-data")).toBe("/konto/persoenliche-daten");
    expect(accountPath("en", "change-password")).toBe("/account/change-password");
    expect(accountPageFor("compte", "supprimer-compte")).toBe("delete-account");
    expect(accountPageFor("cuenta", "boletin")).toBe("newsletter");
    for (const { folder, pages } of Object.values(ACCOUNT_PATHS)) {
      const words = Object.values(pages);
      expect(new Set(words).size, folder).toBe(ACCOUNT_PAGES.length - 1);
      for (const word of words) expect(word, folder).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it("are app routes, never content pages", () => {
    for (const paths of Object.values(ACCOUNT_PATHS)) {
      expect(isAppRoute(`/${paths.folder}`)).toBe(true);
    }
  });
});
