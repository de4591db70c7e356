import { describe, expect, it } from "vitest";
import { fieldErrors, logInInput, signUpInput } from "./customers";

describe("customer forms", () => {
  it("accept an address, a password and names, trimmed", () => {
    const parsed = signUpInput.parse({
      email: " anna@example.de ",
      password: "x",
      firstName: " Anna ",
      lastName: "Schmidt",
    });
    expect(parsed).toEqual({
      email: "anna@example.de",
      password: "x",
      firstName: "Anna",
      lastName: "Schmidt",
    });
  });

  it("name each wrong field: an empty one is required, a malformed one invalid", () => {
    const input = { email: "anna", password: "", firstName: " ", lastName: "S" };
    const result = signUpInput.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error, input)).toEqual({
        email: "invalid",
        password: "required",
        firstName: "required",
      });
    }
  });

  it("call an empty address required, not invalid", () => {
    const input = { email: "", password: "x" };
    const result = logInInput.safeParse(input);
    expect(!result.success && fieldErrors(result.error, input)).toEqual({ email: "required" });
  });

  it("refuse passwords longer than anyone needs and oversized addresses", () => {
    expect(logInInput.safeParse({ email: "a@b.de", password: "x".repeat(129) }).success).toBe(
      false,
    );
    expect(logInInput.safeParse({ email: `${"a".repeat(250)}@b.de`, password: "x" }).success).toBe(
      false,
    );
  });
});
