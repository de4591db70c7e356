import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH, passwordProblem, SHOP_WORDS } from "./passwords";

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
});
