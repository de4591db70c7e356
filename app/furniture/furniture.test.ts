import { describe, expect, it } from "vitest";
import { dismissBar, noFlashScript, readDismissedBars } from "./action-bar/ActionBar";
import {
  appDeepLink,
  noAppBannerScript,
  SMART_BANNER_MAX_AGE_SECONDS,
  COOKIE_BASE_MAX_AGE_SECONDS,
} from "./header/AppBanner";
import { NEWSLETTER_EMAIL } from "./footer/NewsletterBlock";
import { showsReviewText } from "./reviewParts";
import { reviewLink } from "../../domain/reviews";
import { copyrightLine } from "./footer/SiteFooter";

function storage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

describe("the action bar's dismissal", () => {
  it("is stored per bar id", () => {
    const store = storage();
    dismissBar(store, "winter");
    dismissBar(store, "spring");
    dismissBar(store, "winter");
    expect(readDismissedBars(store)).toEqual(["spring", "winter"]);
  });

  it("is applied by a script that runs before the bar is parsed", () => {
    const script = noFlashScript('x"</script>');
    expect(script).toContain('indexOf("x\\"</script>")');
    expect(script).toContain("no-action-bar");
  });
});

describe("the app banner's dismissal", () => {
  it("is applied by a script that marks the page when the smartbannerDisabled cookie is set", () => {
    const run = (cookie: string) => {
      const classes = new Set<string>();
      const document = {
        cookie,
        documentElement: { classList: { add: (c: string) => classes.add(c) } },
      };
      new Function("document", noAppBannerScript())(document);
      return classes.has("no-app-banner");
    };
    expect(run("a=1; smartbannerDisabled=1")).toBe(true);
    expect(run("smartbannerDisabled=1")).toBe(true);
    expect(run("xsmartbannerDisabled=1; b=2")).toBe(false);
    expect(run("")).toBe(false);
  });
});

describe("small furniture rules", () => {
  it("adds the current path to the app's deep link as campaign", () => {
    expect(appDeepLink("https://app.example/open", "/leinwand/")).toBe(
      "https://app.example/open?campaign=%2Fleinwand%2F",
    );
    expect(appDeepLink("https://app.example/open?x=1", "/")).toBe(
      "https://app.example/open?x=1&campaign=%2F",
    );
    expect(SMART_BANNER_MAX_AGE_SECONDS).toBe(3 * COOKIE_BASE_MAX_AGE_SECONDS);
  });

  it("checks newsletter addresses with the shop's newsletter pattern", () => {
    expect(NEWSLETTER_EMAIL.test("anna@example.de")).toBe(true);
    expect(NEWSLETTER_EMAIL.test("anna@example.d")).toBe(false);
    expect(NEWSLETTER_EMAIL.test("anna example.de")).toBe(false);
  });

  it("hides a review's text when it repeats the title, and links it by id", () => {
    expect(showsReviewText({ title: "Fast", text: "fast " })).toBe(false);
    expect(showsReviewText({ title: "Fast", text: "Very fast" })).toBe(true);
    expect(reviewLink("https://r.example/reviews/", "a b")).toBe("https://r.example/reviews/a%20b");
    expect(reviewLink("", "x")).toBeNull();
  });

  it("puts the current year into the copyright line", () => {
    expect(copyrightLine("© {year} Cardelia GmbH", 2026, "x")).toBe("© 2026 Cardelia GmbH");
    expect(copyrightLine("", 2026, "fallback")).toBe("fallback");
  });
});
