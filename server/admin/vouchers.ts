/**
 * Vouchers in the back office: every code of a brand with how often it is taken, one
 * code's ledger (each reservation, redemption and release), and creating or editing a
 * code with the rule's fields (a percentage or amounts per currency, a minimum order per
 * currency, validity, countries, limits in all and per customer, the product families it
 * discounts, first order only). The form shows a code as the cart reads it (a catalogue
 * gift code's single value as its currency's amount); saving a code unchanged writes
 * nothing, and a validity day left as it was keeps its stored moment. Changes are in the
 * audit log. The cart applies a code through its rule (domain/vouchers.ts) as it stands.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { catalogueVouchers, voucherUses } from "../../db/schema";
import { currencyOfCountry } from "../../domain/cataloguePrices";
import { COUNTRIES, type Country } from "../../domain/locales";
import { VOUCHER_PRODUCTS, voucherRuleOf, type VoucherRule } from "../../domain/vouchers";
import type { Actor, OperatorService } from "./operators";

export const VOUCHER_CURRENCIES = ["eur", "chf", "gbp", "usd"] as const;
const COUNTRY_CODES = Object.keys(COUNTRIES) as [Country, ...Country[]];

const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === undefined ? undefined : v), schema.optional());
const money = blank(
  z
    .string()
    .trim()
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, { error: "Enter an amount like 15 or 7.50" })
    .transform((a) => Math.round(Number(a.replace(",", ".")) * 100)),
);
const count = blank(
  z.coerce
    .number({ error: "Enter a whole number" })
    .int({ error: "Enter a whole number" })
    .min(1, { error: "At least 1" })
    .max(1_000_000),
);
const day = blank(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-12-24" }));

/** The edit form's fields (flat, as a form sends them); rules across fields below. */
export const voucherFormSchema = z
  .object({
    channel: z.enum(["cards", "wallart"], { error: "Choose a brand" }),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, { error: "3 to 32 letters, digits or dashes" }),
    kind: z.enum(["voucher", "gift", "shipping"], { error: "Choose a kind" }),
    percent: blank(
      z.coerce
        .number({ error: "Enter a percentage" })
        .int({ error: "Enter a whole percentage" })
        .min(1, { error: "1 to 100" })
        .max(100, { error: "1 to 100" }),
    ),
    amount_eur: money,
    amount_chf: money,
    amount_gbp: money,
    amount_usd: money,
    min_eur: money,
    min_chf: money,
    min_gbp: money,
    min_usd: money,
    countries: z.array(z.enum(COUNTRY_CODES)).min(1, { error: "Choose at least one country" }),
    validFrom: day,
    validUntil: day,
    maxTotal: count,
    maxPerCustomer: count,
    // None ticked: the whole cart.
    products: z
      .array(z.enum(VOUCHER_PRODUCTS, { error: "Choose products the shop sells" }))
      .default([]),
    // A ticked box sends "on"; an unticked one sends nothing.
    firstOrderOnly: z
      .enum(["on"], { error: "Tick the box or leave it" })
      .optional()
      .transform((v) => v === "on"),
  })
  .superRefine((v, ctx) => {
    const hasAmount = VOUCHER_CURRENCIES.some((c) => v[`amount_${c}`] !== undefined);
    if (v.kind === "voucher" && (v.percent === undefined) === !hasAmount) {
      ctx.addIssue({
        code: "custom",
        path: ["percent"],
        message: "Give a percentage or amounts, not both",
      });
    }
    if (v.kind === "gift" && (!hasAmount || v.percent !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["amount_eur"],
        message: "A gift voucher has amounts, no percentage",
      });
    }
    if (v.kind === "shipping" && (hasAmount || v.percent !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["percent"],
        message: "A shipping voucher waives shipping: no percentage or amount",
      });
    }
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) {
      ctx.addIssue({
        code: "custom",
        path: ["validUntil"],
        message: "The end is before the start",
      });
    }
  });
export type VoucherForm = z.output<typeof voucherFormSchema>;

type VoucherRow = typeof catalogueVouchers.$inferSelect;

/** The rule the cart applies for a stored code. */
const ruleOf = (row: VoucherRow): VoucherRule => voucherRuleOf(row, currencyOfCountry);

/** The last day a stored end counts for (an end is the first moment no longer valid). */
const lastDayOf = (until: Date) => new Date(until.getTime() - 1).toISOString().slice(0, 10);

/**
 * The form's fields from a stored voucher (for editing), as the cart reads it: a single
 * value or minimum (a catalogue gift code's) shows as the amount of its countries' currency.
 */
export function formOfVoucher(row: VoucherRow): Record<string, string | string[]> {
  const rule = ruleOf(row);
  const fields: Record<string, string | string[]> = {
    channel: row.channel,
    code: row.code,
    kind: row.kind,
    percent: row.percent?.toString() ?? "",
    countries: row.countries,
    validFrom: row.validFrom?.toISOString().slice(0, 10) ?? "",
    validUntil: row.validUntil ? lastDayOf(row.validUntil) : "",
    maxTotal: row.maxTotal?.toString() ?? "",
    maxPerCustomer: row.maxPerCustomer?.toString() ?? "",
    products: [...(rule.products ?? [])],
    firstOrderOnly: rule.firstOrderOnly ? "on" : "",
  };
  for (const c of VOUCHER_CURRENCIES) {
    const amount = rule.amounts?.[c];
    const min = rule.minOrder?.[c];
    fields[`amount_${c}`] = amount === undefined ? "" : (amount / 100).toFixed(2);
    fields[`min_${c}`] = min === undefined ? "" : (min / 100).toFixed(2);
  }
  return fields;
}

/** Two codes the cart treats alike (same rule, same validity to the millisecond). */
function sameRule(a: VoucherRow, b: VoucherRow): boolean {
  const plain = (row: VoucherRow) => {
    const rule = ruleOf(row);
    return JSON.stringify({
      ...rule,
      countries: [...rule.countries].sort(),
      products: rule.products ? [...rule.products].sort() : null,
      validFrom: rule.validFrom?.getTime() ?? null,
      validUntil: rule.validUntil?.getTime() ?? null,
    });
  };
  return plain(a) === plain(b);
}

/**
 * The stored moments of a code whose validity days the form left as they were (a catalogue
 * end at 23:00 or 23:59:59 stays there); a changed day starts at 00:00 UTC and an end
 * counts to the end of its day.
 */
function validityOf(v: VoucherForm, before: VoucherRow | null) {
  const from =
    before?.validFrom && v.validFrom === before.validFrom.toISOString().slice(0, 10)
      ? before.validFrom
      : v.validFrom
        ? new Date(`${v.validFrom}T00:00:00Z`)
        : null;
  const until =
    before?.validUntil && v.validUntil === lastDayOf(before.validUntil)
      ? before.validUntil
      : v.validUntil
        ? new Date(new Date(`${v.validUntil}T00:00:00Z`).getTime() + 86_400_000)
        : null;
  return { validFrom: from, validUntil: until };
}

export function createVoucherAdmin(options: { db: Db; operators: OperatorService }) {
  const { db, operators } = options;

  async function get(channel: string, code: string): Promise<VoucherRow | null> {
    const [row] = await db
      .select()
      .from(catalogueVouchers)
      .where(
        and(eq(catalogueVouchers.channel, channel), eq(catalogueVouchers.code, code.toUpperCase())),
      );
    return row ?? null;
  }

  return {
    schema: voucherFormSchema,
    formOf: formOfVoucher,

    async list() {
      return db
        .select({
          channel: catalogueVouchers.channel,
          code: catalogueVouchers.code,
          kind: catalogueVouchers.kind,
          percent: catalogueVouchers.percent,
          amounts: catalogueVouchers.amounts,
          validUntil: catalogueVouchers.validUntil,
          maxTotal: catalogueVouchers.maxTotal,
          taken: sql<number>`(select count(*)::int from ${voucherUses} where ${voucherUses.channel} = ${catalogueVouchers.channel} and ${voucherUses.code} = ${catalogueVouchers.code} and ${voucherUses.state} in ('reserved', 'redeemed'))`,
        })
        .from(catalogueVouchers)
        .orderBy(catalogueVouchers.channel, catalogueVouchers.code);
    },

    get,

    /** Every use of the code, newest first. */
    async ledger(channel: string, code: string) {
      return db
        .select()
        .from(voucherUses)
        .where(and(eq(voucherUses.channel, channel), eq(voucherUses.code, code.toUpperCase())))
        .orderBy(desc(voucherUses.id))
        .limit(500);
    },

    /**
     * Creates the code or replaces its rule; the end date counts to the end of its day
     * (UTC). A code saved as it was is left alone (`changed: false`): no write, no audit
     * entry, and a catalogue code stays the catalogue's.
     */
    async save(
      actor: Actor,
      v: VoucherForm,
      creating: boolean,
    ): Promise<{ ok: true; changed: boolean } | { ok: false; errors: Record<string, string> }> {
      const amounts = Object.fromEntries(
        VOUCHER_CURRENCIES.flatMap((c) =>
          v[`amount_${c}`] === undefined ? [] : [[c, v[`amount_${c}`]!]],
        ),
      );
      const minOrder = Object.fromEntries(
        VOUCHER_CURRENCIES.flatMap((c) =>
          v[`min_${c}`] === undefined ? [] : [[c, v[`min_${c}`]!]],
        ),
      );
      const before = creating ? null : await get(v.channel, v.code);
      if (!creating && !before) return { ok: false, errors: { code: "No such code" } };
      const row = {
        channel: v.channel,
        code: v.code,
        kind: v.kind,
        countries: v.countries,
        percent: v.percent ?? null,
        valueMinor: null,
        minOrderMinor: null,
        amounts: Object.keys(amounts).length ? amounts : null,
        minOrder: Object.keys(minOrder).length ? minOrder : null,
        maxTotal: v.maxTotal ?? null,
        maxPerCustomer: v.maxPerCustomer ?? null,
        products: v.products.length ? v.products : null,
        firstOrderOnly: v.firstOrderOnly,
        ...validityOf(v, before),
      };
      if (before && sameRule(before, { ...before, ...row })) return { ok: true, changed: false };
      if (creating) {
        const [made] = await db
          .insert(catalogueVouchers)
          .values({ ...row, source: "operator" })
          .onConflictDoNothing()
          .returning({ code: catalogueVouchers.code });
        if (!made) return { ok: false, errors: { code: "This brand has this code already" } };
      } else {
        const [changed] = await db
          .update(catalogueVouchers)
          // A code an operator changed is theirs from now on: an import no longer resets it.
          .set({ ...row, source: "operator" })
          .where(and(eq(catalogueVouchers.channel, v.channel), eq(catalogueVouchers.code, v.code)))
          .returning({ code: catalogueVouchers.code });
        if (!changed) return { ok: false, errors: { code: "No such code" } };
      }
      await operators.audit(
        actor,
        creating ? "voucher.create" : "voucher.update",
        `voucher:${v.channel}:${v.code}`,
        {
          kind: v.kind,
          percent: row.percent,
          amounts: row.amounts,
          countries: v.countries,
          products: row.products,
          firstOrderOnly: row.firstOrderOnly,
        },
      );
      return { ok: true, changed: true };
    },
  };
}

export type VoucherAdmin = ReturnType<typeof createVoucherAdmin>;
