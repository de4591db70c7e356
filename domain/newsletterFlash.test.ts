import { describe, expect, it } from "vitest";
import {
  clearNewsletterFlashCookie,
  NEWSLETTER_FLASH_COOKIE,
  newsletterFlashCookie,
  readNewsletterFlash,
} from "./newsletterFlash";

const valueOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("the newsletter's flash of a typed address", () => {
  it("keeps what was typed, for two minutes, for the server only", () => {
    const cookie = newsletterFlashCookie("  léa+news@exemple.fr ", true)!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Max-Age=120");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("; Secure");
    expect(newsletterFlashCookie("lea", false)).not.toContain("Secure");
    expect(readNewsletterFlash(`a=1; ${valueOf(cookie)}`)).toBe("léa+news@exemple.fr");
  });

  it("reads back a refused address as typed, even one that is no address (to correct it)", () => {
    const cookie = newsletterFlashCookie("lea@", false)!;
    expect(readNewsletterFlash(valueOf(cookie))).toBe("lea@");
  });

  it("keeps nothing empty, too long or with control characters", () => {
    expect(newsletterFlashCookie("", false)).toBeNull();
    expect(newsletterFlashCookie("   ", false)).toBeNull();
    expect(newsletterFlashCookie(undefined, false)).toBeNull();
    expect(newsletterFlashCookie(`${"a".repeat(250)}@x.fr`, false)).toBeNull();
    expect(newsletterFlashCookie("a\r\nSet-Cookie: x=1", false)).toBeNull();
    expect(readNewsletterFlash(`${NEWSLETTER_FLASH_COOKIE}=a%0Ab`)).toBeNull();
    expect(readNewsletterFlash(`${NEWSLETTER_FLASH_COOKIE}=%E0%A4%A`)).toBeNull();
    expect(readNewsletterFlash("other=1")).toBeNull();
  });

  it("is cleared by a cookie that expires at once", () => {
    expect(clearNewsletterFlashCookie(false)).toBe(
      `${NEWSLETTER_FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
  });
});
