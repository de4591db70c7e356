import { describe, expect, it } from "vitest";
import {
  MIN_PASSWORD_LENGTH,
  MIN_STRENGTH,
  passwordProblem,
  SHOP_WORDS,
  STRENGTH_OPTIONS,
} from "./passwords";
import { createStrengthChecker } from "./strength";

describe("a new password's strength", () => {
  it.each([
    "Passwort123!",
    "Sommer2025!",
    "Ichliebedich1",
    "Frühling2025!",
    "Cardelia2026!",
    "Motdepasse2024!",
    "Wachtwoord2025!",
    "Contraseña2025!",
    "Wallora-Poster1",
  ])(
    "refuses %s: a common word of a shop language or the shop's own, dressed up",
    async (password) => {
      expect(await passwordProblem(password)).toBe("too-weak");
    },
  );

  it("refuses the person's own name and address, dressed up the same way", async () => {
    // A name no dictionary holds: strong for anyone else, guessable for its bearer.
    const person = ["quirinella.brankowitz@example.de", "Quirinella", "Brankowitz"];
    expect(await passwordProblem("QuirinellaBrankowitz7")).toBeNull();
    expect(await passwordProblem("QuirinellaBrankowitz7", person)).toBe("too-weak");
  });

  it.each(["Winterwald-Kerze-42", "Nouveau-Printemps-Lavande-9", "correct horse battery staple"])(
    "takes %s: several unrelated words",
    async (password) => {
      expect(await passwordProblem(password)).toBeNull();
    },
  );

  it("names a password too short or too long before judging it", async () => {
    expect(await passwordProblem("a".repeat(MIN_PASSWORD_LENGTH - 1))).toBe("too-short");
    expect(await passwordProblem("Winterwald-Kerze-42".repeat(7))).toBe("too-long");
  });

  it("knows both brands among the shop's own words", () => {
    expect(SHOP_WORDS).toEqual(expect.arrayContaining(["Cardelia", "Wallora"]));
  });

  it("judges even the longest password quickly (the checker's work is bounded)", async () => {
    const started = performance.now();
    await passwordProblem("aB3!".repeat(32));
    await passwordProblem("P4$$w0rd!1".repeat(12));
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it("builds its dictionaries and checks in a thread of its own: the first check holds the event loop for no more than a small part of its time", async () => {
    // A checker of its own, so this is its first question whatever ran before.
    const fresh = createStrengthChecker(STRENGTH_OPTIONS);
    // The longest gap between ticks of a 5 ms timer is the longest the loop was held.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const score = await fresh.score("Frühling2025!", SHOP_WORDS);
    const tookMs = performance.now() - started;
    // One more tick, so a hold that lasted until the answer is counted too.
    await new Promise((resolve) => setTimeout(resolve, 30));
    clearInterval(ticker);
    await fresh.close();
    expect(score).toBeLessThan(MIN_STRENGTH);
    // Reading and ranking every language's lists takes a while (about 1.5 s here); built
    // on the event loop, it held the loop nearly that whole while (a gap of 1.3 s measured).
    expect(tookMs).toBeGreaterThan(200);
    expect(longestGap).toBeLessThan(tookMs / 4);
  });

  it("answers again after its thread was ended", async () => {
    const checker = createStrengthChecker(STRENGTH_OPTIONS);
    expect(await checker.score("Winterwald-Kerze-42", [])).toBe(4);
    await checker.close();
    expect(await checker.score("Passwort123!", [])).toBeLessThan(MIN_STRENGTH);
    await checker.close();
  });
});
