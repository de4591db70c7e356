/**
 * Postal addresses of an order: the fields every country needs, and the postal-code shape of
 * each of the twelve countries the shop sends to. A code is tidied before it is checked
 * (spaces trimmed, letters upper-cased, the Dutch and British forms spaced the way their
 * post writes them), so the order keeps the code as the carrier's label prints it.
 */
import { z } from "zod";
import { COUNTRY_CODES, type Country } from "../locales";

/** One postal-code rule: the accepted shape and an example the form can show. */
export interface PostalCodeRule {
  pattern: RegExp;
  example: string;
}

/**
 * The postal-code shapes. Liechtenstein's codes are Swiss-style 94xx numbers; Luxembourg's may be
 * written with the "L-" its post uses; an American ZIP may carry the four-digit extension.
 */
export const POSTAL_CODE_RULES: Readonly<Record<Country, PostalCodeRule>> = {
  DE: { pattern: /^\d{5}$/, example: "10115" },
  AT: { pattern: /^\d{4}$/, example: "1010" },
  CH: { pattern: /^\d{4}$/, example: "8001" },
  LI: { pattern: /^94(8[5-9]|9[0-8])$/, example: "9490" },
  LU: { pattern: /^(L-)?\d{4}$/, example: "1009" },
  IT: { pattern: /^\d{5}$/, example: "00184" },
  GB: {
    pattern: /^(GIR 0AA|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})$/,
    example: "SW1A 1AA",
  },
  US: { pattern: /^\d{5}(-\d{4})?$/, example: "10001" },
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: "28013" },
  FR: { pattern: /^\d{5}$/, example: "75001" },
  BE: { pattern: /^[1-9]\d{3}$/, example: "1000" },
  NL: { pattern: /^[1-9]\d{3} [A-Z]{2}$/, example: "1012 AB" },
};

/**
 * The code as the country's post writes it: outer spaces gone, letters upper-case; a Dutch
 * code gets its one space before the letters ("1012ab" → "1012 AB"), a British one its space
 * before the last three characters ("sw1a1aa" → "SW1A 1AA").
 */
export function normalisePostalCode(country: Country, raw: string): string {
  const code = raw.trim().toUpperCase().replace(/\s+/g, " ");
  if (country === "NL") {
    const m = /^(\d{4}) ?([A-Z]{2})$/.exec(code);
    return m ? `${m[1]} ${m[2]}` : code;
  }
  if (country === "GB") {
    const compact = code.replace(/ /g, "");
    return compact.length >= 5 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : code;
  }
  return code;
}

/** True when the (already normalised) code has the country's shape. */
export function isPostalCodeOf(country: Country, code: string): boolean {
  return POSTAL_CODE_RULES[country].pattern.test(code);
}

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v));

/**
 * An address: first and last name, street (with the house number), postal code, city and
 * country are required; company, a second address line and a phone number are optional.
 * The postal code is checked against the country's shape; a wrong one is reported on
 * `postalCode` with the code `invalid_postal_code`.
 */
export const addressSchema = z
  .object({
    firstName: text(80),
    lastName: text(80),
    company: optionalText(120),
    street: text(120),
    addressLine2: optionalText(120),
    postalCode: z.string().trim().min(1).max(12),
    city: text(80),
    country: z.enum(COUNTRY_CODES as [Country, ...Country[]]),
    phone: optionalText(30).refine((v) => v === undefined || /^\+?[0-9 ()/.-]{5,30}$/.test(v), {
      message: "invalid_phone",
    }),
  })
  .transform((a, ctx) => {
    const postalCode = normalisePostalCode(a.country, a.postalCode);
    if (!isPostalCodeOf(a.country, postalCode)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: "invalid_postal_code" });
      return z.NEVER;
    }
    return { ...a, postalCode };
  });

/** A checked address, its postal code in the post's form. */
export type Address = z.output<typeof addressSchema>;

/**
 * An address as an order keeps it: a checked address when the order is placed, and, once
 * its customer is erased, empty but for the country. The country is a plain string here,
 * since a stored row is read back as it was written.
 */
export interface StoredAddress {
  firstName: string;
  lastName: string;
  company?: string | undefined;
  street: string;
  addressLine2?: string | undefined;
  postalCode: string;
  city: string;
  country: string;
  phone?: string | undefined;
}
