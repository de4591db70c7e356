import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "../locales";
import { addressSchema, isPostalCodeOf, normalisePostalCode, POSTAL_CODE_RULES } from "./addresses";

const base = {
  firstName: "Erika",
  lastName: "Muster",
  street: "Hauptstr. 1",
  postalCode: "10115",
  city: "Berlin",
  country: "DE",
};

describe("addresses", () => {
  it("accepts each country's example postal code and refuses another country's shape", () => {
    for (const country of COUNTRY_CODES) {
      expect(isPostalCodeOf(country, POSTAL_CODE_RULES[country].example)).toBe(true);
    }
    expect(isPostalCodeOf("DE", "1010")).toBe(false);
    expect(isPostalCodeOf("AT", "10115")).toBe(false);
    expect(isPostalCodeOf("NL", "0123 AB")).toBe(false);
    expect(isPostalCodeOf("LI", "8001")).toBe(false);
    expect(isPostalCodeOf("ES", "53001")).toBe(false);
    expect(isPostalCodeOf("GB", "12345")).toBe(false);
  });

  it("writes Dutch and British codes the way their post does", () => {
    expect(normalisePostalCode("NL", " 1012ab ")).toBe("1012 AB");
    expect(normalisePostalCode("GB", "sw1a1aa")).toBe("SW1A 1AA");
    expect(normalisePostalCode("GB", "M1 1AE")).toBe("M1 1AE");
    expect(normalisePostalCode("LU", "l-1009")).toBe("L-1009");
  });

  it("keeps a valid address with its postal code normalised and empty optionals dropped", () => {
    const parsed = addressSchema.parse({
      ...base,
      country: "NL",
      postalCode: "1012ab",
      company: " ",
    });
    expect(parsed.postalCode).toBe("1012 AB");
    expect(parsed.company).toBeUndefined();
  });

  it("names the postal code when it does not fit the country", () => {
    const result = addressSchema.safeParse({ ...base, country: "CH" });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(["postalCode"]);
    expect(issue?.message).toBe("invalid_postal_code");
  });

  it("requires names, street, city and a served country", () => {
    for (const field of ["firstName", "lastName", "street", "city", "postalCode"] as const) {
      const result = addressSchema.safeParse({ ...base, [field]: "  " });
      expect(result.success, field).toBe(false);
    }
    expect(addressSchema.safeParse({ ...base, country: "PL" }).success).toBe(false);
    expect(addressSchema.safeParse({ ...base, country: "de" }).success).toBe(false);
  });

  it("refuses a phone number with letters", () => {
    expect(addressSchema.safeParse({ ...base, phone: "call me" }).success).toBe(false);
    expect(addressSchema.safeParse({ ...base, phone: "+49 30 123456" }).success).toBe(true);
  });
});
