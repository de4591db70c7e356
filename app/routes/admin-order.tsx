/**
 * One order (/_admin/orders/:id): lines with proof and preflight, payments and provider
 * events, addresses, mails, the timeline and notes; the actions the state table allows in
 * the order's state and the role may take: mark paid, refund in full or in part with a
 * reason (a credit note follows), cancel, start production, ship with carrier and tracking
 * number (the shipped mail goes out), change the delivery address until production starts
 * (checked as the checkout checks it), send one of its mails again (through the outbox), make
 * a line's print file again (a job), and a note. Each action is in the audit log.
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-order";
import { STEADY_RECHECK_MS, useRecheckWhile } from "../ui/useRecheck";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { addressSchema } from "../../domain/checkout/addresses";
import { canHappen, type OrderState } from "../../domain/checkout/orderStates";
import { refundableMinor } from "../../domain/checkout/refundable";
import { preflightSummary } from "../../domain/checkout/printPreflight";
import {
  ADDRESS_EDITABLE_STATES,
  CAPTURE_STATES,
  RERENDER_STATES,
  RESENDABLE_MAILS,
  type ResendableMail,
} from "../../domain/checkout/orderActions";
import { AdminFrame, Csrf, Field, formatTime } from "../admin/AdminFrame";
import { ConfirmSubmit } from "../admin/ConfirmSubmit";
import { fieldErrors, requireOperator, requireOperatorForm } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Order | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Carriers and their tracking pages; the number is appended. */
const CARRIERS = {
  dhl: {
    name: "DHL",
    url: "https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=",
  },
  dpd: { name: "DPD", url: "https://tracking.dpd.de/status/de_DE/parcel/" },
  ups: { name: "UPS", url: "https://www.ups.com/track?tracknum=" },
  post_ch: { name: "Swiss Post", url: "https://service.post.ch/ekp-web/ui/entry/search/" },
  royal_mail: {
    name: "Royal Mail",
    url: "https://www.royalmail.com/track-your-item#/tracking-results/",
  },
  usps: { name: "USPS", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=" },
} as const;

function orderId(id: string | undefined): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 31) throw data("No such order", { status: 404 });
  return n;
}

/** The refund amount as the operator typed it, for the dialog that asks before it is sent. */
function typedAmount(form: HTMLFormElement | null): string {
  const field = form?.elements.namedItem("amount");
  const typed = field instanceof HTMLInputElement ? field.value.trim() : "";
  return typed || "the amount";
}

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

export async function loader(args: Route.LoaderArgs) {
  const { me, admin, services } = await requireOperator(args, "orders.read");
  const order = await admin.orders.byId(orderId(args.params.id));
  if (!order) throw data("No such order", { status: 404 });
  const extras = await admin.orders.extras(order);
  const invoices = me.permissions.includes("orders.money")
    ? await services.invoices.ofOrder(order.token)
    : [];
  const personal = me.permissions.includes("customers.read");
  const state = order.state as OrderState;
  // The order's payment is its first one (as the order service takes it); with a provider,
  // only what was captured can be refunded, and a payment only held offers no refund.
  const refundable = refundableMinor(order, extras.payments[0] ?? null);
  return {
    me,
    working: await admin.orders.working(order.id),
    order: {
      id: order.id,
      number: order.number,
      brand: CHANNELS[order.channel as ChannelId]?.brandName ?? order.channel,
      state,
      country: order.country,
      email: personal ? order.email : null,
      customerId: personal ? order.customerId : null,
      placedAt: order.createdAt.toISOString(),
      paymentMethod: order.paymentMethod,
      shippingMethod: order.shippingMethod,
      shippingAddress: order.shippingAddress,
      billingAddress: personal ? order.billingAddress : null,
      trackingUrl: order.trackingUrl,
      currency: order.currency,
      totalMinor: order.totalMinor,
      refundedMinor: order.refundedMinor,
      total: money(order.totalMinor, order.currency),
      refunded: money(order.refundedMinor, order.currency),
      refundableMinor: refundable,
    },
    lines: extras.lines.map((l) => ({
      id: l.id,
      position: l.position,
      title: l.title,
      quantity: l.quantity,
      total: money(l.lineTotalMinor, order.currency),
      personalised: l.personalised,
      configuration: Object.entries(l.configuration)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", "),
      hasPrintFile: l.printFile !== null,
      rerender:
        l.designId !== null &&
        RERENDER_STATES.includes(state) &&
        me.permissions.includes("orders.produce"),
      hasProof: l.proofFile !== null,
      preflight: l.preflight ? preflightSummary(l.preflight) : null,
    })),
    payments: extras.payments.map((p) => ({
      ref: p.ref,
      provider: p.provider,
      status: p.status,
      amount: money(p.amountMinor, p.currency),
      captured: money(p.capturedMinor, p.currency),
      refunded: money(p.refundedMinor, p.currency),
      failureReason: p.failureReason,
    })),
    providerEvents: extras.providerEvents.map((e) => ({
      id: e.id,
      type: e.type,
      receivedAt: e.receivedAt.toISOString(),
    })),
    timeline: extras.events.map((e) => ({
      id: e.id,
      kind: e.kind,
      from: e.fromState,
      to: e.toState,
      actor: e.actor,
      data: JSON.stringify(e.data),
      at: e.createdAt.toISOString(),
    })),
    /** The mails sent to the customer: the page shows them only to who handles money. */
    mails: me.permissions.includes("orders.money")
      ? extras.mails.map((m) => ({
          id: m.id,
          subject: m.subject,
          at: m.createdAt.toISOString(),
        }))
      : [],
    /** The gift vouchers it bought: their codes are money, so only for who handles money. */
    giftVouchers: me.permissions.includes("orders.money")
      ? extras.giftVouchers.map((v) => ({
          code: v.code,
          amount: money(v.amountMinor, v.currency.toUpperCase()),
          validUntil: v.validUntil,
          href: me.permissions.includes("vouchers.read")
            ? `/_admin/vouchers/${order.channel}/${encodeURIComponent(v.code)}`
            : null,
        }))
      : [],
    invoices: invoices.map((i) => ({
      number: i.number,
      kind: i.kind,
      total: money(i.totalMinor, i.currency),
    })),
    can: {
      pay: canHappen(state, "pay") && me.permissions.includes("orders.money"),
      // The provider holds the money but the shop has not taken it yet.
      capture:
        CAPTURE_STATES.includes(state) &&
        extras.payments.some((p) => p.status === "authorised" && p.providerRef) &&
        me.permissions.includes("orders.money"),
      refund:
        canHappen(state, "refund") && refundable > 0 && me.permissions.includes("orders.money"),
      cancel: canHappen(state, "cancel") && me.permissions.includes("orders.money"),
      produce: canHappen(state, "start_production") && me.permissions.includes("orders.produce"),
      ship: canHappen(state, "ship") && me.permissions.includes("orders.produce"),
      note: me.permissions.includes("orders.produce"),
      editAddress:
        ADDRESS_EDITABLE_STATES.includes(state) && me.permissions.includes("orders.money"),
    },
    /** The mails the order has sent that may be sent again. */
    resendable: me.permissions.includes("orders.money")
      ? RESENDABLE_MAILS.filter((m) => extras.events.some((e) => e.kind === `mail.${m}`))
      : [],
  };
}

const refundSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d+([.,]\d{1,2})?$/, { error: "Enter an amount like 12.50" })
    .transform((a) => Math.round(Number(a.replace(",", ".")) * 100))
    .refine((minor) => minor > 0, { error: "Enter more than zero" }),
  reason: z.string().trim().min(3, { error: "Say why (at least 3 characters)" }).max(500),
});
const cancelSchema = z.object({
  reason: z.string().trim().min(3, { error: "Say why (at least 3 characters)" }).max(500),
});
const shipSchema = z.object({
  carrier: z.enum(Object.keys(CARRIERS) as [keyof typeof CARRIERS], { error: "Choose a carrier" }),
  tracking: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, { error: "Enter the tracking number (letters and digits)" }),
});
const noteSchema = z.object({
  text: z.string().trim().min(1, { error: "Write the note" }).max(2000),
});

/** The mails' names as the page offers them again. */
const MAIL_NAMES: Record<ResendableMail, string> = {
  placed: "Order confirmation",
  paid: "Payment received",
  invoice: "Invoice",
  shipped: "Shipped",
  cancelled: "Cancelled",
  "gift-vouchers": "Gift voucher codes",
};
const resendSchema = z.object({
  mail: z.enum(RESENDABLE_MAILS, { error: "Choose a mail the order has sent" }),
});
const rerenderSchema = z.object({
  line: z.coerce.number({ error: "Choose a line" }).int().positive({ error: "Choose a line" }),
});

/** The operator's words for what the checkout's address rules refuse, per field. */
const ADDRESS_MESSAGES: Record<string, string> = {
  firstName: "Enter the first name",
  lastName: "Enter the last name",
  company: "Use at most 120 characters",
  street: "Enter the street and house number",
  addressLine2: "Use at most 120 characters",
  postalCode: "Enter a postal code valid in the order's country",
  city: "Enter the city",
  phone: "Enter a phone number (digits, spaces, + ( ) / . -)",
  country: "The country stays the order's",
};
const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "company",
  "street",
  "addressLine2",
  "postalCode",
  "city",
  "phone",
] as const;

const ADDRESS_LABELS: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  firstName: "First name",
  lastName: "Last name",
  company: "Company",
  street: "Street and house number",
  addressLine2: "Address line 2",
  postalCode: "Postal code",
  city: "City",
  phone: "Phone",
};

const REFUSALS: Record<string, string> = {
  not_found: "The order is gone.",
  not_allowed: "The order's state does not allow this (any more).",
  invalid_amount: "The amount is more than what is left to refund.",
  invalid_country: "The country stays the order's (it set shipping, VAT and currency).",
  provider_refused: "The payment provider refused it.",
  not_captured:
    "Nothing was captured yet: the provider only holds the money. Capture it first, or cancel the order to release the hold.",
};

export async function action(args: Route.ActionArgs) {
  const id = orderId(args.params.id);
  // Every intent needs at least reading orders; each then asks for its own permission.
  const { form, admin, services, actor, me } = await requireOperatorForm(args, "orders.read");
  const intent = String(form.get("intent") ?? "");
  const need = ["pay", "capture", "refund", "cancel", "address", "resend"].includes(intent)
    ? "orders.money"
    : "orders.produce";
  if (!me.permissions.includes(need)) {
    throw data({ message: "Your role may not do this" }, { status: 403 });
  }
  const order = await admin.orders.byId(id);
  if (!order) throw data("No such order", { status: 404 });
  const fields = Object.fromEntries(form);
  const who = `operator:${actor.id}`;
  const orders = services.commerce.orders;
  const invalid = (issues: z.core.$ZodIssue[]) =>
    data({ intent, errors: fieldErrors(issues) }, { status: 400 });
  let result;
  let details: Record<string, unknown> = {};
  if (intent === "pay") {
    result = await orders.markPaid(order.token, who);
  } else if (intent === "capture") {
    result = await orders.capture(order.token, who);
  } else if (intent === "refund") {
    const parsed = refundSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error.issues);
    details = { amountMinor: parsed.data.amount, reason: parsed.data.reason };
    result = await orders.refund(order.token, parsed.data.amount, who, parsed.data.reason);
  } else if (intent === "cancel") {
    const parsed = cancelSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error.issues);
    details = { reason: parsed.data.reason };
    result = await orders.cancel(order.token, who, parsed.data.reason);
  } else if (intent === "produce") {
    result = await orders.startProduction(order.token, who);
  } else if (intent === "ship") {
    const parsed = shipSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error.issues);
    const carrier = CARRIERS[parsed.data.carrier];
    const trackingUrl = `${carrier.url}${encodeURIComponent(parsed.data.tracking)}`;
    details = { carrier: carrier.name, tracking: parsed.data.tracking };
    result = await orders.ship(order.token, who, trackingUrl);
  } else if (intent === "address") {
    const parsed = addressSchema.safeParse({
      ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, String(fields[f] ?? "")])),
      country: order.shippingAddress.country,
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "form");
        errors[field] ??= ADDRESS_MESSAGES[field] ?? issue.message;
      }
      return data({ intent, errors }, { status: 400 });
    }
    details = { fields: "delivery address" };
    result = await orders.editShippingAddress(order.token, parsed.data, who);
  } else if (intent === "resend") {
    const parsed = resendSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error.issues);
    details = { mail: parsed.data.mail };
    result = await orders.resendMail(order.token, parsed.data.mail, who);
  } else if (intent === "rerender") {
    const parsed = rerenderSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error.issues);
    details = { line: parsed.data.line };
    result = await orders.rerenderPrintFile(order.token, parsed.data.line, who);
  } else if (intent === "note") {
    const parsed = noteSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error.issues);
    await orders.note(order.id, "note", who, { text: parsed.data.text });
    await admin.operators.audit(actor, "order.note", `order:${order.id}`, {});
    return { intent, done: true };
  } else {
    throw data("Unknown action", { status: 400 });
  }
  if (!result.ok) {
    const detail =
      "detail" in result && typeof result.detail === "string" ? ` ${result.detail}` : "";
    return data(
      { intent, errors: { form: `${REFUSALS[result.reason] ?? result.reason}${detail}` } },
      { status: 409 },
    );
  }
  await admin.operators.audit(actor, `order.${intent}`, `order:${order.id}`, {
    number: order.number,
    ...details,
  });
  return { intent, done: true };
}

function Address({ title, address }: { title: string; address: Record<string, unknown> | null }) {
  if (!address) return null;
  const a = address as {
    firstName: string;
    lastName: string;
    company?: string;
    street: string;
    addressLine2?: string;
    postalCode: string;
    city: string;
    country: string;
  };
  return (
    <section className="admin__card" aria-label={title}>
      <h2>{title}</h2>
      <p>
        {a.firstName} {a.lastName}
        {a.company ? (
          <>
            <br />
            {a.company}
          </>
        ) : null}
        <br />
        {a.street}
        {a.addressLine2 ? (
          <>
            <br />
            {a.addressLine2}
          </>
        ) : null}
        <br />
        {a.postalCode} {a.city}
        <br />
        {a.country}
      </p>
    </section>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const {
    me,
    order,
    lines,
    payments,
    providerEvents,
    timeline,
    mails,
    invoices,
    giftVouchers,
    can,
    resendable,
    working,
  } = loaderData;
  // While a print file, credit note or mail of the order is being made, the page asks again.
  useRecheckWhile(working, STEADY_RECHECK_MS);
  const errors: Record<string, string | undefined> =
    actionData && "errors" in actionData ? actionData.errors : {};
  const failedIntent = actionData && "errors" in actionData ? actionData.intent : null;
  const err = (intent: string, field: string) =>
    failedIntent === intent ? errors[field] : undefined;
  return (
    <AdminFrame me={me} title={`Order ${order.number}`}>
      <p>
        <Link to="/_admin/orders">All orders</Link>
      </p>
      {actionData && "done" in actionData ? (
        <p className="admin__notice" role="status">
          Done: the order is now {order.state.replace("_", " ")}.
        </p>
      ) : null}
      {errors.form ? (
        <p className="admin__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <dl>
        <dt>State</dt>
        <dd data-testid="order-state">{order.state.replace("_", " ")}</dd>
        <dt>Brand</dt>
        <dd>{order.brand}</dd>
        <dt>Placed</dt>
        <dd>{formatTime(order.placedAt)}</dd>
        {order.email ? (
          <>
            <dt>E-mail</dt>
            <dd>
              {order.customerId ? (
                <Link to={`/_admin/customers/${order.customerId}`}>{order.email}</Link>
              ) : (
                order.email
              )}
            </dd>
          </>
        ) : null}
        <dt>Payment</dt>
        <dd>{order.paymentMethod}</dd>
        <dt>Shipping</dt>
        <dd>{order.shippingMethod}</dd>
        <dt>Total</dt>
        <dd>
          {order.total} (refunded {order.refunded})
        </dd>
        {order.trackingUrl ? (
          <>
            <dt>Tracking</dt>
            <dd>
              <a href={order.trackingUrl} rel="noreferrer">
                {order.trackingUrl}
              </a>
            </dd>
          </>
        ) : null}
      </dl>

      <h2>Lines</h2>
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">Lines of the order</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Article</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
              <th scope="col">Print file</th>
              <th scope="col">Preflight</th>
              {lines.some((l) => l.rerender) ? <th scope="col">Again</th> : null}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>{l.position}</td>
                <td>
                  {l.title}
                  {l.personalised ? " (personalised)" : ""}
                  <br />
                  <small>{l.configuration}</small>
                </td>
                <td>{l.quantity}</td>
                <td>{l.total}</td>
                <td>
                  {l.hasProof ? (
                    <img
                      src={`/_admin/orders/${order.id}/lines/${l.id}/proof`}
                      alt={`Proof of line ${l.position}`}
                      width={96}
                      height={96}
                      style={{ objectFit: "contain", display: "block" }}
                    />
                  ) : null}
                  {l.hasPrintFile ? (
                    <a href={`/_admin/orders/${order.id}/lines/${l.id}/print`} download>
                      Print file (PDF)
                    </a>
                  ) : (
                    "not made yet"
                  )}
                </td>
                <td>{l.preflight ?? "—"}</td>
                {lines.some((x) => x.rerender) ? (
                  <td>
                    {l.rerender ? (
                      <Form method="post">
                        <Csrf me={me} />
                        <input type="hidden" name="intent" value="rerender" />
                        <input type="hidden" name="line" value={l.position} />
                        <button className="admin__button admin__button--quiet" type="submit">
                          Make print file {l.position} again
                        </button>
                      </Form>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="admin__cards">
        <Address
          title="Delivery address"
          address={order.shippingAddress as unknown as Record<string, unknown>}
        />
        <Address
          title="Billing address"
          address={order.billingAddress as unknown as Record<string, unknown> | null}
        />
      </div>

      <h2>Actions</h2>
      <div className="admin__actions">
        {can.pay ? (
          <Form method="post">
            <Csrf me={me} />
            <button className="admin__button" name="intent" value="pay" type="submit">
              Mark paid
            </button>
          </Form>
        ) : null}
        {can.capture ? (
          <Form method="post">
            <Csrf me={me} />
            <button className="admin__button" name="intent" value="capture" type="submit">
              Capture payment
            </button>
          </Form>
        ) : null}
        {can.produce ? (
          <Form method="post">
            <Csrf me={me} />
            <button className="admin__button" name="intent" value="produce" type="submit">
              Mark in production
            </button>
          </Form>
        ) : null}
      </div>
      {can.refund ? (
        <Form method="post" noValidate aria-labelledby="refund-title">
          <fieldset>
            <legend id="refund-title">
              Refund (at most {(order.refundableMinor / 100).toFixed(2)} {order.currency})
            </legend>
            <Csrf me={me} />
            <input type="hidden" name="intent" value="refund" />
            <Field
              name="amount"
              label={`Amount in ${order.currency}`}
              inputMode="decimal"
              required
              error={err("refund", "amount")}
            />
            <Field
              id="field-refund-reason"
              name="reason"
              label="Reason"
              required
              error={err("refund", "reason")}
            />
            <ConfirmSubmit
              label="Refund"
              confirm="Refund now"
              question={(form) =>
                `Refund ${typedAmount(form)} ${order.currency} of order ${order.number} to the customer?`
              }
            />
          </fieldset>
        </Form>
      ) : null}
      {can.ship ? (
        <Form method="post" noValidate aria-labelledby="ship-title">
          <fieldset>
            <legend id="ship-title">Ship</legend>
            <Csrf me={me} />
            <input type="hidden" name="intent" value="ship" />
            <div className="admin-field">
              <label htmlFor="field-carrier">Carrier</label>
              <select id="field-carrier" name="carrier" defaultValue="dhl">
                {Object.entries(CARRIERS).map(([id, c]) => (
                  <option key={id} value={id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <Field
              name="tracking"
              label="Tracking number"
              required
              error={err("ship", "tracking")}
            />
            <button className="admin__button" type="submit">
              Mark shipped
            </button>
          </fieldset>
        </Form>
      ) : null}
      {can.editAddress ? (
        <Form method="post" noValidate aria-labelledby="address-title">
          <fieldset>
            <legend id="address-title">Change the delivery address (until production)</legend>
            <Csrf me={me} />
            <input type="hidden" name="intent" value="address" />
            {ADDRESS_FIELDS.map((f) => (
              <Field
                key={f}
                name={f}
                label={ADDRESS_LABELS[f]}
                required={!["company", "addressLine2", "phone"].includes(f)}
                defaultValue={String(
                  (order.shippingAddress as unknown as Record<string, unknown>)[f] ?? "",
                )}
                error={err("address", f)}
              />
            ))}
            <p>Country: {order.shippingAddress.country} (stays the order's)</p>
            <button className="admin__button" type="submit">
              Save the delivery address
            </button>
          </fieldset>
        </Form>
      ) : null}
      {resendable.length ? (
        <Form method="post" noValidate aria-labelledby="resend-title">
          <fieldset>
            <legend id="resend-title">Send a mail again</legend>
            <Csrf me={me} />
            <input type="hidden" name="intent" value="resend" />
            <div className="admin-field">
              <label htmlFor="field-mail">Mail</label>
              <select id="field-mail" name="mail" defaultValue={resendable[0]}>
                {resendable.map((m) => (
                  <option key={m} value={m}>
                    {MAIL_NAMES[m]}
                  </option>
                ))}
              </select>
            </div>
            <button className="admin__button" type="submit">
              Send again
            </button>
          </fieldset>
        </Form>
      ) : null}
      {can.cancel ? (
        <Form method="post" noValidate aria-labelledby="cancel-title">
          <fieldset>
            <legend id="cancel-title">
              Cancel (money taken is refunded, a held payment released)
            </legend>
            <Csrf me={me} />
            <input type="hidden" name="intent" value="cancel" />
            <Field
              id="field-cancel-reason"
              name="reason"
              label="Reason for cancelling"
              required
              error={err("cancel", "reason")}
            />
            <ConfirmSubmit
              label="Cancel order"
              confirm="Cancel the order"
              className="admin__button admin__button--danger"
              question={() =>
                `Cancel order ${order.number}? What was paid goes back to the customer.`
              }
            />
          </fieldset>
        </Form>
      ) : null}

      {giftVouchers.length ? (
        <>
          <h2>Gift vouchers bought</h2>
          <ul data-testid="gift-vouchers">
            {giftVouchers.map((v) => (
              <li key={v.code}>
                {v.href ? <Link to={v.href}>{v.code}</Link> : v.code}: {v.amount}, valid until{" "}
                {formatTime(v.validUntil)}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>Payments</h2>
      {payments.length ? (
        <ul>
          {payments.map((p) => (
            <li key={p.ref}>
              {p.provider} {p.ref}: {p.status}, {p.amount} (captured {p.captured}, refunded{" "}
              {p.refunded}){p.failureReason ? ` — ${p.failureReason}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p>No payment.</p>
      )}
      {providerEvents.length ? (
        <>
          <h3>Provider events</h3>
          <ul>
            {providerEvents.map((e) => (
              <li key={e.id}>
                {formatTime(e.receivedAt)}: {e.type}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {me.permissions.includes("orders.money") ? (
        <>
          <h2>Invoices and credit notes</h2>
          {invoices.length ? (
            <ul>
              {invoices.map((i) => (
                <li key={i.number}>
                  {i.kind === "invoice" ? "Invoice" : "Credit note"} {i.number}: {i.total}
                </li>
              ))}
            </ul>
          ) : (
            <p>None yet.</p>
          )}
          <h2>Mails</h2>
          {mails.length ? (
            <ul>
              {mails.map((m) => (
                <li key={m.id}>
                  <Link to={`/_admin/mail/${m.id}`}>{m.subject}</Link> ({formatTime(m.at)})
                </li>
              ))}
            </ul>
          ) : (
            <p>None.</p>
          )}
        </>
      ) : null}

      <h2>Timeline</h2>
      <ol>
        {timeline.map((e) => (
          <li key={e.id}>
            {formatTime(e.at)} · {e.kind}
            {e.from || e.to ? ` (${e.from ?? "—"} → ${e.to ?? "—"})` : ""} · {e.actor}
            {e.data !== "{}" ? <code> {e.data}</code> : null}
          </li>
        ))}
      </ol>
      {can.note ? (
        <Form method="post" noValidate>
          <Csrf me={me} />
          <input type="hidden" name="intent" value="note" />
          <Field name="text" label="Note" error={err("note", "text")} />
          <button className="admin__button admin__button--quiet" type="submit">
            Add note
          </button>
        </Form>
      ) : null}
    </AdminFrame>
  );
}
