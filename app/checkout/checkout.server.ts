/**
 * The checkout on the server: what the page shows (the cart's lines with their personalised
 * mark, the country's shipping methods with prices and delivery dates, the payment methods,
 * the VAT contained per rate, a fresh idempotency key) and what its form does. Placing the
 * order goes through the order service with the key from the hidden field, so a double click
 * or a reload places one order; then on to the provider's page, or to the order's page with
 * the transfer instructions. A refusal re-renders the form with what was typed, the reason
 * and, for a changed price, the new total to confirm.
 */
import { data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { CART_PATHS, CHECKOUT_PATHS } from "../../domain/cart";
import { addressSchema, POSTAL_CODE_RULES, type Address } from "../../domain/checkout/addresses";
import { isPersonalised } from "../../domain/checkout/lines";
import { taxClassOf, taxLines, vatRate } from "../../domain/checkout/vat";
import { formatPrice } from "../../domain/money";
import { orderPath, TERMS_PATHS } from "../../domain/orderPaths";
import type { TimelineEntry } from "../../domain/checkout/orderMails";
import { localisedShopPath } from "../../domain/paths";
import type { CartLineView, CartOwner } from "../../server/cart/service";
import type { Commerce } from "../../server/orders/commerce";
import type { PlaceOrderInput, PlaceResult, OrderView } from "../../server/orders/service";
import type { ShopServices } from "../../server/services";
import { cartLoader, cartOwner } from "../cart/cart.server";
import { shopContext } from "../context";
import { serverT } from "../i18n/messages.server";
import { requestForm } from "../lib/forms.server";
import { localeContext } from "../lib/site";

type Context = Readonly<RouterContextProvider>;
const PERSONAL = { "Cache-Control": CACHE_TIERS.never };

/** The order service as the checkout uses it. */
export interface CheckoutOrders {
  place(input: PlaceOrderInput): Promise<PlaceResult>;
  get(token: string): Promise<OrderView | null>;
  /** The order's timeline, oldest first (the mails its jobs sent are in it). */
  timeline?(token: string): Promise<TimelineEntry[] | null>;
  /** The payment methods offered, in order. */
  methods?: readonly string[];
}

/**
 * The order service with the payment methods offered, once the shop has them (the commerce
 * part of the services: orders, payments and jobs put together).
 */
export function ordersOf(services: ShopServices): CheckoutOrders | null {
  const shop = services as ShopServices & {
    commerce?: Pick<Commerce, "orders" | "methods">;
    orders?: CheckoutOrders;
  };
  if (shop.commerce) {
    const { orders, methods } = shop.commerce;
    return {
      place: (input) => orders.place(input),
      get: (token) => orders.get(token),
      timeline: (token) => orders.timeline(token),
      methods,
    };
  }
  return shop.orders ?? null;
}

/** The reasons a payment fails that the page words itself; any other reads as declined. */
const DECLINE_REASONS = ["declined", "provider_error", "expired", "cancelled"] as const;

export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "street",
  "addressLine2",
  "postalCode",
  "city",
  "phone",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** What the form sent, to show again after a refusal (never the idempotency key's answer). */
export type CheckoutValues = Record<string, string>;

export interface CheckoutActionData {
  values: CheckoutValues;
  /** Problems per field name ("email", "ship.postalCode", "acceptTerms" …). */
  errors: Record<string, string>;
  /** A problem of the whole order (declined, provider silent, price changed …). */
  message: string | null;
  /** The new total, when the price changed between the cart and the order. */
  newTotal: string | null;
  /** Why the voucher form's code was not taken. */
  voucherError: string | null;
}

function context(ctx: Context) {
  const site = ctx.get(localeContext);
  const { services } = ctx.get(shopContext);
  return {
    services,
    site,
    cat: { channel: site.channel, country: site.country, locale: site.locale },
  };
}

/** A page path of this shop in its language and trailing-slash form. */
function sitePath(ctx: Context, path: string): string {
  const { site } = context(ctx);
  return localisedShopPath(path, {
    country: site.country,
    language: site.language,
    trailingSlash: CHANNELS[site.channel].features.trailingSlash,
  });
}

/** Business days added to a date (Saturday and Sunday skipped). */
function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date;
}

export async function checkoutLoader({
  context: ctx,
  request,
}: {
  context: Context;
  request: Request;
}) {
  const { services, site, cat } = context(ctx);
  const t = serverT(site.locale);
  const owner = await cartOwner(ctx, request);
  const [shown, cart] = await Promise.all([
    cartLoader({ context: ctx, request }),
    services.cart.view(cat, owner),
  ]);
  const money = (minor: number) => formatPrice(minor / 100, site.locale);
  const shipping = await services.catalogue.shipping(cat).catch(() => null);
  const url = new URL(request.url);
  const chosen = url.searchParams.get("shipping");
  const subtotalMinor = cart.subtotal.priceCurrentMinor;
  const dateFormat = new Intl.DateTimeFormat(site.locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const now = new Date();
  const methods = (shipping?.methods ?? []).map((m) => {
    const free = m.freeFrom !== null && subtotalMinor >= m.freeFrom.priceCurrentMinor;
    const priceMinor = free ? 0 : (m.price?.priceCurrentMinor ?? 0);
    return {
      id: m.method,
      name: t(`checkout.shippingMethods.${m.method}`),
      priceMinor,
      price: priceMinor === 0 ? t("cart.freeShipping") : money(priceMinor),
      delivery: t("checkout.deliveryBetween", {
        from: dateFormat.format(addBusinessDays(now, m.daysMin)),
        to: dateFormat.format(addBusinessDays(now, m.daysMax)),
      }),
    };
  });
  const selected = methods.find((m) => m.id === chosen) ?? methods[0] ?? null;
  // The cart's totals count the cheapest shipping; the summary counts the chosen one.
  const discountMinor = cart.discount?.priceCurrentMinor ?? 0;
  const voucherWaivesShipping =
    cart.voucher?.valid === true && cart.shipping.priceCurrentMinor === 0 && discountMinor === 0;
  const shippingOf = (m: { priceMinor: number } | null) =>
    voucherWaivesShipping ? 0 : (m?.priceMinor ?? 0);
  const shippingMinor = shippingOf(selected);
  const totalMinor = subtotalMinor - discountMinor + shippingMinor;
  // The total the shopper agrees to for each method (the form works without script, so the
  // summary may show another method than the one ticked).
  const totals = Object.fromEntries(
    methods.map((m) => [m.id, subtotalMinor - discountMinor + shippingOf(m)]),
  );
  const lines = cart.lines.map((line) => ({
    line: line.line,
    personalised: isPersonalised(line.product, line.options),
    grossMinor: line.price?.priceCurrentMinor ?? 0,
    rateBasisPoints: vatRate(site.country, taxClassOf(line.product)),
  }));
  const taxes = taxLines(lines, discountMinor, shippingMinor).map((tax) => ({
    rate: `${new Intl.NumberFormat(site.locale, { maximumFractionDigits: 2 }).format(tax.rateBasisPoints / 100)}\u00a0%`,
    amount: money(tax.vatMinor),
  }));
  const orders = ordersOf(services);
  const customer = await services.customers.accounts.customerFor(
    services.customers.sessionToken(request.headers.get("cookie") ?? ""),
    site.channel,
  );
  // The address book: the delivery addresses of the customer's earlier orders here; one
  // chosen by its link (?address=n) fills the form, which works without script.
  const book = customer
    ? await services.orderHistory.addresses(
        { id: customer.id, email: customer.email },
        site.channel,
        site.country,
      )
    : [];
  const picked = book[Number(url.searchParams.get("address") ?? -1)] ?? null;
  const prefill: Record<string, string> = picked
    ? Object.fromEntries(
        ADDRESS_FIELDS.map((field) => [`ship.${field}`, String(picked[field] ?? "")]),
      )
    : {};
  const declined = url.searchParams.get("order");
  const declinedOrder = declined && orders ? await orders.get(declined).catch(() => null) : null;
  return data(
    {
      open: orders !== null,
      empty: shown.data.empty,
      lines: shown.data.lines.map((line) => ({
        ...line,
        personalised: lines.find((l) => l.line === line.line)?.personalised ?? true,
      })),
      voucher: shown.data.voucher,
      subtotal: shown.data.subtotal,
      discount: shown.data.discount,
      shippingMethods: methods,
      shippingMethod: selected?.id ?? null,
      shipping: selected
        ? shippingMinor === 0
          ? t("cart.freeShipping")
          : money(shippingMinor)
        : null,
      taxes,
      total: money(totalMinor),
      totalMinor,
      totals,
      currency: cart.total.currency,
      paymentMethods: orders?.methods ?? ["test", "invoice"],
      country: site.country,
      email: customer?.email ?? "",
      firstName: customer?.firstName ?? "",
      lastName: customer?.lastName ?? "",
      loggedIn: customer !== null,
      savedAddresses: book.map((a, index) => ({
        index,
        label: [
          `${a.firstName} ${a.lastName}`,
          a.company,
          a.street,
          a.addressLine2,
          `${a.postalCode} ${a.city}`,
        ]
          .filter(Boolean)
          .join(", "),
      })),
      prefill,
      // A new key per render: a reload of the form is a new attempt, a double submit is not.
      idempotencyKey: crypto.randomUUID(),
      termsPath: sitePath(ctx, TERMS_PATHS[site.language]),
      cartPath: sitePath(ctx, CART_PATHS[site.language]),
      // Lines kept without their design are said before the form is filled in, not only
      // when the order is refused.
      needsDesign: refusedLinesMessage(
        t,
        cart.lines.filter((l) => l.needsDesign),
      ),
      // Back from a payment that did not go through: the order's own record says why (never
      // the address's words, which anybody could write).
      declined:
        declinedOrder &&
        declinedOrder.channel === site.channel &&
        (declinedOrder.payment?.status === "failed" || declinedOrder.state === "cancelled")
          ? t(
              `checkout.declineReasons.${DECLINE_REASONS.find((r) => r === declinedOrder.payment?.failureReason) ?? "declined"}`,
            )
          : null,
    },
    { headers: PERSONAL },
  );
}
export type CheckoutLoaderData = Awaited<ReturnType<typeof checkoutLoader>>["data"];

const orderForm = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  shippingMethod: z.string().min(1).max(40),
  paymentMethod: z.string().min(1).max(40),
  acceptTerms: z.literal("on"),
  idempotencyKey: z.string().uuid(),
});

/** The address fields of a prefix ("ship." / "bill.") with the shop's country. */
function addressOf(form: Record<string, string>, prefix: string, country: string) {
  const raw: Record<string, string> = { country };
  for (const field of ADDRESS_FIELDS) raw[field] = form[`${prefix}${field}`] ?? "";
  return addressSchema.safeParse(raw);
}

/** The total shown for the chosen shipping method (a hidden field per method). */
function expectedTotal(form: Record<string, string>, method: string): number | undefined {
  const read = z.coerce.number().int().min(0).safeParse(form[`total.${method}`]);
  return read.success ? read.data : undefined;
}

function fields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
}

export async function checkoutAction({
  context: ctx,
  request,
}: {
  context: Context;
  request: Request;
}) {
  const { services, site, cat } = context(ctx);
  const t = serverT(site.locale);
  const form = fields(await requestForm(request));
  const values: CheckoutValues = { ...form };
  delete values.idempotencyKey;
  const answer = (status: number, part: Partial<Omit<CheckoutActionData, "values">>) =>
    data<CheckoutActionData>(
      { values, errors: {}, message: null, newTotal: null, voucherError: null, ...part },
      { status, headers: PERSONAL },
    );
  const owner: CartOwner | null = await cartOwner(ctx, request);
  if (!owner) return answer(409, { message: t("checkout.problems.empty_cart") });

  if (form.intent === "voucher") {
    const code = (form.voucher ?? "").trim();
    const set = code
      ? await services.cart.setVoucher(cat, owner, code)
      : await services.cart.setVoucher(cat, owner, null);
    return answer(set.ok ? 200 : 422, {
      voucherError: set.ok ? null : t("checkout.problems.voucher"),
    });
  }

  const errors: Record<string, string> = {};
  const parsed = orderForm.safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      errors[name] = t(`checkout.errors.${name}`);
    }
  }
  const collect = (prefix: string, result: ReturnType<typeof addressOf>) => {
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      errors[`${prefix}${name}`] =
        issue.message === "invalid_postal_code"
          ? t("checkout.errors.postalCode", { example: POSTAL_CODE_RULES[site.country].example })
          : t(`checkout.errors.${name === "phone" ? "phone" : "required"}`);
    }
    return null;
  };
  const shippingAddress = collect("ship.", addressOf(form, "ship.", site.country));
  const billingDifferent = form.billingDifferent === "on";
  const billingAddress = billingDifferent
    ? collect("bill.", addressOf(form, "bill.", site.country))
    : null;
  if (!parsed.success || !shippingAddress || (billingDifferent && !billingAddress)) {
    return answer(400, { errors, message: t("checkout.problems.fields") });
  }
  const orders = ordersOf(services);
  if (!orders) return answer(503, { message: t("checkout.problems.provider_unavailable") });
  const customer = await services.customers.accounts.customerFor(
    services.customers.sessionToken(request.headers.get("cookie") ?? ""),
    site.channel,
  );
  const result = await orders.place({
    ctx: cat,
    owner,
    customerId: customer?.id ?? null,
    email: parsed.data.email,
    shippingAddress: shippingAddress as Address,
    billingAddress: billingAddress as Address | null,
    shippingMethod: parsed.data.shippingMethod,
    paymentMethod: parsed.data.paymentMethod,
    idempotencyKey: parsed.data.idempotencyKey,
    expectedTotalMinor: expectedTotal(form, parsed.data.shippingMethod),
    origin: new URL(request.url).origin,
  });
  if (result.ok) {
    const payment = result.order.payment;
    // The provider's page is no page of this app: the browser loads it as a document, also
    // when the form was sent by script.
    if (payment && "redirectUrl" in payment)
      return redirectDocument(payment.redirectUrl, { status: 303, headers: PERSONAL });
    return redirect(sitePath(ctx, orderPath(site.language, result.order.orderToken)), {
      status: 303,
      headers: PERSONAL,
    });
  }
  switch (result.reason) {
    case "in_progress":
      return redirect(sitePath(ctx, orderPath(site.language, result.orderToken)), {
        status: 303,
        headers: PERSONAL,
      });
    case "price_changed":
      return answer(409, {
        message: t("checkout.problems.price_changed"),
        newTotal: formatPrice(result.total.amountMinor / 100, site.locale),
      });
    case "provider_unavailable":
      return answer(503, { message: t("checkout.problems.provider_unavailable") });
    case "not_for_sale":
      return answer(409, {
        message:
          refusedLinesMessage(
            t,
            (await services.cart.view(cat, owner)).lines.filter((l) =>
              result.lines.includes(l.line),
            ),
          ) ?? t("checkout.problems.not_for_sale"),
      });
    case "country_mismatch":
    case "empty_cart":
    case "unknown_shipping_method":
    case "unknown_payment_method":
    case "voucher_refused":
      return answer(409, { message: t(`checkout.problems.${result.reason}`) });
  }
}

/**
 * What the checkout says of lines it cannot order, naming each ("10 × Karte"): those kept
 * without their studio design are to be designed from the cart, the others are no longer
 * sold as they are. Null for no lines.
 */
function refusedLinesMessage(
  t: ReturnType<typeof serverT>,
  lines: readonly CartLineView[],
): string | null {
  const items = (of: readonly CartLineView[]) =>
    of.map((l) => `${l.quantity} × ${t(`designer.products.${l.product}`)}`).join(", ");
  const undesigned = lines.filter((l) => l.needsDesign);
  const unsold = lines.filter((l) => !l.needsDesign);
  const parts = [
    undesigned.length > 0
      ? t("checkout.problems.needs_design", { items: items(undesigned) })
      : null,
    unsold.length > 0 ? t("checkout.problems.not_for_sale_lines", { items: items(unsold) }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(" ") : null;
}

/** The checkout's own path (for the decline's way back). */
export function checkoutPath(ctx: Context): string {
  const { site } = context(ctx);
  return sitePath(ctx, CHECKOUT_PATHS[site.language]);
}
