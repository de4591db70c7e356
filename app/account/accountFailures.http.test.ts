/**
 * When the shop itself fails a sign-up or a password reset (not the visitor's input), the
 * form says so in the visitor's language with a 500, keeps what was typed, and the failure
 * is logged as sign-up-error or password-reset-error; a refusal (400) is not logged.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestShop } from "../../server/testing/shop";

describe("the account forms when the shop fails", () => {
  const logged: { id?: string; msg?: string }[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const test = useTestShop({}, { catalogue: true, log });
  const ids = () => logged.map((l) => l.id ?? l.msg);
  afterEach(() => {
    vi.restoreAllMocks();
    logged.length = 0;
  });
  const post = (target: string, fields: Record<string, string>) =>
    test.request(target, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("logs a failed sign-up as sign-up-error and keeps the visitor's input", async () => {
    vi.spyOn(test.services.customers.accounts, "signUp").mockRejectedValueOnce(
      new Error("database gone"),
    );
    const response = await post("/konto/registrieren", {
      email: "ada@example.com",
      password: "Winterwald-Kerze-42",
      firstName: "Ada",
      lastName: "Lang",
    });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Das hat nicht geklappt");
    expect(html).toContain("ada@example.com");
    expect(ids()).toContain("sign-up-error");
  });

  it("does not log a refused sign-up", async () => {
    const response = await post("/konto/registrieren", {
      email: "ada@example.com",
      password: "kurz",
      firstName: "Ada",
      lastName: "Lang",
    });
    expect(response.status).toBe(400);
    expect(ids()).not.toContain("sign-up-error");
  });

  it("logs a failed password reset as password-reset-error", async () => {
    vi.spyOn(test.services.customers.accounts, "requestPasswordReset").mockRejectedValueOnce(
      new Error("mail queue gone"),
    );
    const response = await post("/konto/passwort", { email: "ada@example.com" });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("Das hat nicht geklappt");
    expect(ids()).toContain("password-reset-error");
  });
});
