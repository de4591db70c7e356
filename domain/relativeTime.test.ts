import { describe, expect, it } from "vitest";
import { recentTime } from "./relativeTime";

const NOW = Date.UTC(2026, 10, 27, 14, 30);
const ago = (ms: number) => NOW - ms;

describe("recent moments said as people say them", () => {
  it("is just now within the first minute, and for a clock a little ahead", () => {
    expect(recentTime(ago(0), NOW, "en-GB")).toBe("just now");
    expect(recentTime(ago(59_000), NOW, "de-DE")).toBe("gerade eben");
    expect(recentTime(NOW + 30_000, NOW, "fr-FR")).toBe("à l'instant");
    expect(recentTime(ago(1_000), NOW, "it-CH")).toBe("proprio ora");
    expect(recentTime(ago(1_000), NOW, "es-ES")).toBe("hace un momento");
    expect(recentTime(ago(1_000), NOW, "nl-BE")).toBe("zojuist");
    // A language the shop does not speak gets Intl's own word.
    expect(recentTime(ago(1_000), NOW, "pl-PL")).toBe("teraz");
  });

  it("counts whole minutes within the hour, in the visitor's language", () => {
    expect(recentTime(ago(5 * 60_000 + 20_000), NOW, "en-GB")).toBe("5 minutes ago");
    expect(recentTime(ago(5 * 60_000), NOW, "de-DE")).toBe("vor 5 Minuten");
    expect(recentTime(ago(60_000), NOW, "nl-NL")).toBe("1 minuut geleden");
    expect(recentTime(ago(59 * 60_000), NOW, "es-ES")).toBe("hace 59 minutos");
    expect(recentTime(new Date(ago(2 * 60_000)), new Date(NOW), "it-IT")).toBe("2 minuti fa");
  });

  it("leaves older moments and the future to the date and time of day", () => {
    expect(recentTime(ago(60 * 60_000), NOW, "en-GB")).toBeNull();
    expect(recentTime(ago(3 * 86_400_000), NOW, "en-GB")).toBeNull();
    expect(recentTime(NOW + 5 * 60_000, NOW, "en-GB")).toBeNull();
  });
});
