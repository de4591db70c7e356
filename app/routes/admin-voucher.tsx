/**
 * One voucher code (/_admin/vouchers/:channel/:code, or /_admin/vouchers/new): its rule's
 * fields with a message per field (the products it discounts and "first order only"
 * among them), and its ledger (every reservation, redemption and release with the order
 * it went into). Saving a code unchanged says so and changes nothing.
 */
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-voucher";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { COUNTRIES } from "../../domain/locales";
import { VOUCHER_PRODUCTS } from "../../domain/vouchers";
import { AdminFrame, Csrf, Field, formatTime } from "../admin/AdminFrame";
import { fieldErrors, requireOperator, requireOperatorForm } from "../admin/admin.server";
import { productLabel } from "../admin/productLabels";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Voucher | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

const CURRENCIES = ["eur", "chf", "gbp", "usd"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "vouchers.read");
  const { channel, code } = args.params;
  if (!channel || !code) {
    return {
      me,
      saved: null,
      creating: true,
      fields: { channel: "cards", kind: "voucher", countries: ["DE"] } as Record<
        string,
        string | string[]
      >,
      ledger: [],
    };
  }
  // What the last save did: "1" changed the code, "0" found nothing to change.
  const saved = new URL(args.request.url).searchParams.get("saved");
  const row = await admin.vouchers.get(channel, code);
  if (!row) throw data("No such voucher", { status: 404 });
  const ledger = await admin.vouchers.ledger(channel, code);
  return {
    me,
    saved: saved === "1" || saved === "0" ? saved : null,
    creating: false,
    fields: admin.vouchers.formOf(row),
    ledger: ledger.map((u) => ({
      id: u.id,
      state: u.state,
      discount: `${(u.discountMinor / 100).toFixed(2)} ${u.currency.toUpperCase()}`,
      orderRef: u.orderRef,
      customerId: u.customerId,
      at: u.createdAt.toISOString(),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { form, admin, actor } = await requireOperatorForm(args, "vouchers.write");
  const creating = !args.params.code;
  const raw: Record<string, unknown> = Object.fromEntries(form);
  raw.countries = form.getAll("countries");
  raw.products = form.getAll("products");
  if (!creating) {
    raw.channel = args.params.channel;
    raw.code = args.params.code;
  }
  const parsed = admin.vouchers.schema.safeParse(raw);
  const echo = { ...(raw as Record<string, string | string[]>) };
  delete echo.csrf;
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error.issues), fields: echo }, { status: 400 });
  const saved = await admin.vouchers.save(actor, parsed.data, creating);
  if (!saved.ok) return data({ errors: saved.errors, fields: echo }, { status: 400 });
  return redirect(
    `/_admin/vouchers/${parsed.data.channel}/${encodeURIComponent(parsed.data.code)}?saved=${saved.changed ? 1 : 0}`,
  );
}

export default function AdminVoucher({ loaderData, actionData }: Route.ComponentProps) {
  const { me, creating, ledger } = loaderData;
  const fields: Record<string, string | string[] | undefined> =
    actionData?.fields ?? loaderData.fields;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const text = (name: string) => {
    const v = fields[name];
    return typeof v === "string" ? v : "";
  };
  const countries = Array.isArray(fields.countries) ? fields.countries : [];
  const products = Array.isArray(fields.products) ? fields.products : [];
  const writable = me.permissions.includes("vouchers.write");
  return (
    <AdminFrame me={me} title={creating ? "New voucher code" : `Voucher ${text("code")}`}>
      <p>
        <Link to="/_admin/vouchers">All codes</Link>
      </p>
      {loaderData.saved && !actionData ? (
        <p className="admin__notice" role="status">
          {loaderData.saved === "1"
            ? "Saved: the cart applies the code by this rule from now on."
            : "Nothing changed: the code is as it was."}
        </p>
      ) : null}
      <Form method="post" noValidate>
        <Csrf me={me} />
        <fieldset disabled={!writable}>
          <legend>Rule</legend>
          {creating ? (
            <>
              <div className="admin-field">
                <label htmlFor="field-channel">Brand</label>
                <select id="field-channel" name="channel" defaultValue={text("channel")}>
                  {Object.entries(CHANNELS).map(([id, c]) => (
                    <option key={id} value={id}>
                      {c.brandName}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                name="code"
                label="Code"
                required
                defaultValue={text("code")}
                error={errors.code}
              />
            </>
          ) : null}
          <div className="admin-field">
            <label htmlFor="field-kind">Kind</label>
            <select id="field-kind" name="kind" defaultValue={text("kind")}>
              <option value="voucher">Discount (percentage or amount)</option>
              <option value="gift">Gift voucher (amount)</option>
              <option value="shipping">Free shipping</option>
            </select>
          </div>
          <Field
            name="percent"
            label="Percentage"
            inputMode="numeric"
            defaultValue={text("percent")}
            error={errors.percent}
          />
          {CURRENCIES.map((c) => (
            <Field
              key={`amount_${c}`}
              name={`amount_${c}`}
              label={`Amount in ${c.toUpperCase()}`}
              inputMode="decimal"
              defaultValue={text(`amount_${c}`)}
              error={errors[`amount_${c}`]}
            />
          ))}
          {CURRENCIES.map((c) => (
            <Field
              key={`min_${c}`}
              name={`min_${c}`}
              label={`Minimum order in ${c.toUpperCase()}`}
              inputMode="decimal"
              defaultValue={text(`min_${c}`)}
              error={errors[`min_${c}`]}
            />
          ))}
          <fieldset aria-describedby={errors.countries ? "countries-error" : undefined}>
            <legend>Countries</legend>
            {Object.keys(COUNTRIES).map((c) => (
              <label key={c} style={{ marginRight: "1rem", display: "inline-block" }}>
                <input
                  type="checkbox"
                  name="countries"
                  value={c}
                  defaultChecked={countries.includes(c)}
                />{" "}
                {c}
              </label>
            ))}
            {errors.countries ? (
              <p id="countries-error" className="admin-field__error">
                {errors.countries}
              </p>
            ) : null}
          </fieldset>
          <fieldset aria-describedby={`products-hint${errors.products ? " products-error" : ""}`}>
            <legend>Products</legend>
            <p id="products-hint" className="admin-field__hint">
              None ticked: the whole cart. Otherwise the code discounts only these products&apos;
              lines, and its minimum order counts only them.
            </p>
            {VOUCHER_PRODUCTS.map((p) => (
              <label key={p} style={{ marginRight: "1rem", display: "inline-block" }}>
                <input
                  type="checkbox"
                  name="products"
                  value={p}
                  defaultChecked={products.includes(p)}
                />{" "}
                {productLabel(p)}
              </label>
            ))}
            {errors.products ? (
              <p id="products-error" className="admin-field__error">
                {errors.products}
              </p>
            ) : null}
          </fieldset>
          <div className="admin-field">
            <label>
              <input
                type="checkbox"
                name="firstOrderOnly"
                defaultChecked={text("firstOrderOnly") === "on"}
                aria-describedby="firstOrderOnly-hint"
              />{" "}
              First order only
            </label>
            <p id="firstOrderOnly-hint" className="admin-field__hint">
              Only for a shopper without an earlier paid order in this shop.
            </p>
          </div>
          <Field
            name="validFrom"
            label="Valid from"
            type="date"
            defaultValue={text("validFrom")}
            error={errors.validFrom}
          />
          <Field
            name="validUntil"
            label="Valid until (last day)"
            type="date"
            defaultValue={text("validUntil")}
            error={errors.validUntil}
          />
          <Field
            name="maxTotal"
            label="Uses in all"
            inputMode="numeric"
            defaultValue={text("maxTotal")}
            error={errors.maxTotal}
          />
          <Field
            name="maxPerCustomer"
            label="Uses per customer"
            inputMode="numeric"
            defaultValue={text("maxPerCustomer")}
            error={errors.maxPerCustomer}
          />
          <button className="admin__button" type="submit">
            {creating ? "Create code" : "Save"}
          </button>
        </fieldset>
      </Form>
      {creating ? null : (
        <>
          <h2>Ledger</h2>
          {ledger.length ? (
            <div className="admin__table-wrap">
              <table>
                <caption className="visually-hidden">Uses of the code, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">State</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Order</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.map((u) => (
                    <tr key={u.id}>
                      <td>{formatTime(u.at)}</td>
                      <td>{u.state}</td>
                      <td>{u.discount}</td>
                      <td>{u.orderRef ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>Not used yet.</p>
          )}
        </>
      )}
    </AdminFrame>
  );
}
