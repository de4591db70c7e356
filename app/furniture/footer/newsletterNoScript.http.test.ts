/**
 * The newsletter form without JavaScript: a refused sign-up (an address that is none, or no
 * spam-protection token) comes back to its page with the message and the typed address in
 * the field, so the shopper corrects it instead of typing it again. The address never goes
 * into a URL, comes back only through a short-lived server-only cookie, is shown once, and
 * no page a cache keeps carries it.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { NEWSLETTER_FLASH_COOKIE } from "../../../domain/newsletterFlash";
import { encodeSpamToken } from "../../../server/customers/spamProtection";
import { useTestShop } from "../../../server/testing/shop";

const HOST = "http://fr.cards.localhost";

/** The value of the footer's e-mail field, or null when it has none. */
function typedAddress(html: string): string | null {
  const input = /<input[^>]*id="newsletter-email"[^>]*>/.exec(html)?.[0] ?? "";
  expect(input, "the newsletter field").not.toBe("");
  return /\svalue="([^"]*)"/.exec(input)?.[1] ?? null;
}

const status = (html: string) =>
  /<p class="newsletter__status"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";

describe("the newsletter form without JavaScript", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  const post = (fields: Record<string, string>) =>
    test.request(`${HOST}/web-api/newsletter-subscribe`, {
      method: "POST",
      headers: {
        accept: "text/html,application/xhtml+xml,*/*;q=0.8",
        origin: HOST,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    });

  it.each([
    ["an address that is none", "lea@exemple", "/?newsletter=invalid#newsletter-title"],
    [
      "no spam-protection token",
      "lea.martin@exemple.fr",
      "/?newsletter=spam-protection#newsletter-title",
    ],
  ])("after a refusal (%s) shows the typed address again, once", async (_, email, expected) => {
    const refused = await post({ email, uniqueIdentifier: "footer:/" });
    expect(refused.status).toBe(303);
    const location = refused.headers.get("location") ?? "";
    expect(location).toBe(expected);
    expect(decodeURIComponent(location)).not.toContain(email);
    const setCookie = refused.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`^${NEWSLETTER_FLASH_COOKIE}=[^;]+;`));
    expect(setCookie).toContain("HttpOnly");
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeLessThanOrEqual(300);
    const cookie = setCookie.split(";")[0]!;

    const page = await test.request(`${HOST}${location.split("#")[0]}`, { headers: { cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(typedAddress(html)).toBe(email);
    expect(status(html)).not.toBe("");
    // The visitor's own page: never kept by a cache, and the cookie is cleared.
    expect(page.headers.get("cache-control")).toMatch(/no-store|private/);
    expect(page.headers.get("x-cache")).not.toBe("HIT");
    expect(page.headers.get("set-cookie")).toMatch(
      new RegExp(`^${NEWSLETTER_FLASH_COOKIE}=;.*Max-Age=0`),
    );

    // The same URL for anyone else, and the shared home page with the cookie, show no address.
    const other = await (await test.request(`${HOST}${location.split("#")[0]}`)).text();
    expect(typedAddress(other)).toBeNull();
    expect(status(other)).not.toBe("");
    for (let i = 0; i < 2; i++) {
      const home = await test.request(`${HOST}/`, { headers: { cookie } });
      const homeHtml = await home.text();
      expect(homeHtml).not.toContain(email);
      expect(typedAddress(homeHtml)).toBeNull();
    }
  });

  it("keeps no address when the sign-up is taken", async () => {
    const response = await test.request(
      `${HOST}/web-api/newsletter-challenge?action=newsletterContainer`,
    );
    const challenge = (await response.json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const taken = await post({
      email: "lea@exemple.fr",
      uniqueIdentifier: "footer:/",
      reCaptchaToken: encodeSpamToken({ challenge, solution }),
    });
    expect(taken.headers.get("location")).toBe("/?newsletter=pending#newsletter-title");
    expect(taken.status).toBe(303);
    expect(taken.headers.get("set-cookie") ?? "").not.toMatch(
      new RegExp(`^${NEWSLETTER_FLASH_COOKIE}=[^;]`),
    );
  });
});
