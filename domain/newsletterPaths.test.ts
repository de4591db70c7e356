import { describe, expect, it } from "vitest";
import { NEWSLETTER_FOLDERS, newsletterPageFor, newsletterPath } from "./newsletterPaths";
import { isAppRoute } from "./paths";

describe("newsletter paths", () => {
  it("are written in each language and read back, also where languages share a folder", () => {
    expect(newsletterPath("de", "confirm")).toBe("/newsletter/bestaetigen");
    expect(newsletterPath("nl", "unsubscribe")).toBe("/nieuwsbrief/afmelden");
    expect(newsletterPageFor("newsletter", "bestaetigen")).toBe("confirm");
    expect(newsletterPageFor("newsletter", "unsubscribe")).toBe("unsubscribe");
    expect(newsletterPageFor("newsletter", "nothing")).toBeNull();
    expect(newsletterPageFor("boletin", "baja")).toBe("unsubscribe");
  });

  it("are app routes, never content pages", () => {
    for (const folder of NEWSLETTER_FOLDERS) expect(isAppRoute(`/${folder}/x`)).toBe(true);
    expect(NEWSLETTER_FOLDERS).toHaveLength(4);
  });
});
