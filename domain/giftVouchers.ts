/**
 * Gift vouchers a shopper buys: each gift-voucher article paid for becomes a code worth what
 * was paid for it, in the order's currency, usable once in the brand's shops of every country
 * that pays in that currency. Like any claim for money under German law, it stays valid for
 * three years from the end of the year it was bought in.
 */
import { currencyOfCountry } from "./cataloguePrices";
import { COUNTRY_CODES, type Country, type Currency } from "./locales";

/** The cart and order product of a gift voucher. */
export const GIFT_VOUCHER_PRODUCT = "gift-voucher";

/** Letters and digits that cannot be mistaken for one another when typed from a mail. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** An order line as the issue sees it. */
export interface PaidLine {
  id: number;
  product: string;
  quantity: number;
  unitPriceMinor: number;
}

/** One code to issue. */
export interface GiftVoucherToIssue {
  lineId: number;
  code: string;
  currency: Currency;
  amountMinor: number;
  countries: Country[];
  validUntil: Date;
}

/** A code like `G-7KQ2-M9XD-4RTA` from 12 random bytes' worth of choices (60 bits). */
export function giftVoucherCode(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]!);
  return `G-${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
}

/** The last moment of the third year after the year of purchase (UTC). */
export function giftVoucherValidUntil(paidAt: Date): Date {
  return new Date(Date.UTC(paidAt.getUTCFullYear() + 3, 11, 31, 23, 59, 59, 999));
}

/** The countries paying in a currency: there the code is money. */
export function countriesPaying(currency: Currency): Country[] {
  return COUNTRY_CODES.filter((c) => currencyOfCountry(c) === currency);
}

/** One code per gift voucher bought (a line of three vouchers gives three codes). */
export function giftVouchersToIssue(
  lines: readonly PaidLine[],
  order: { currency: Currency; paidAt: Date },
  randomBytes: (n: number) => Uint8Array,
): GiftVoucherToIssue[] {
  const countries = countriesPaying(order.currency);
  const validUntil = giftVoucherValidUntil(order.paidAt);
  return lines
    .filter((l) => l.product === GIFT_VOUCHER_PRODUCT && l.unitPriceMinor > 0)
    .flatMap((l) =>
      Array.from({ length: l.quantity }, () => ({
        lineId: l.id,
        code: giftVoucherCode(randomBytes),
        currency: order.currency,
        amountMinor: l.unitPriceMinor,
        countries,
        validUntil,
      })),
    );
}
