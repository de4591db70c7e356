/**
 * The checkout: contact, delivery address (and a different billing address), shipping
 * method, payment method, voucher, the summary with every line, and the legal part (terms,
 * withdrawal notice, a button that says the order costs money). One form that works without
 * JavaScript; with it, choosing a shipping method updates the summary in place.
 */
import { useId } from "react";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import { useT } from "../i18n/i18n";
import type { AddressField, CheckoutActionData, CheckoutLoaderData } from "./checkout.server";
import "./checkout.css";

const AUTOCOMPLETE: Record<AddressField, string> = {
  firstName: "given-name",
  lastName: "family-name",
  company: "organization",
  street: "address-line1",
  addressLine2: "address-line2",
  postalCode: "postal-code",
  city: "address-level2",
  phone: "tel",
};
const OPTIONAL = new Set<AddressField>(["company", "addressLine2", "phone"]);

function TextField({
  name,
  label,
  autoComplete,
  defaultValue,
  error,
  required = true,
  type = "text",
}: {
  name: string;
  label: string;
  autoComplete: string;
  defaultValue: string | undefined;
  error: string | undefined;
  required?: boolean;
  type?: "text" | "email" | "tel";
}) {
  const id = useId();
  return (
    <div className="checkout-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="checkout-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function AddressFields({
  prefix,
  section,
  values,
  errors,
  country,
  requiredFields,
}: {
  prefix: "ship." | "bill.";
  section: "shipping" | "billing";
  values: Record<string, string>;
  errors: Record<string, string>;
  country: string;
  requiredFields: boolean;
}) {
  const t = useT();
  return (
    <div className="checkout-address">
      {(Object.keys(AUTOCOMPLETE) as AddressField[]).map((field) => (
        <TextField
          key={field}
          name={`${prefix}${field}`}
          label={`${t(`checkout.address.${field}`)}${OPTIONAL.has(field) ? ` ${t("checkout.optional")}` : ""}`}
          autoComplete={`section-${section} ${section} ${AUTOCOMPLETE[field]}`}
          defaultValue={values[`${prefix}${field}`]}
          error={errors[`${prefix}${field}`]}
          required={requiredFields && !OPTIONAL.has(field)}
          type={field === "phone" ? "tel" : "text"}
        />
      ))}
      <p className="checkout-address__country">
        {t("checkout.address.country")}: <strong>{t(`checkout.countries.${country}`)}</strong>
      </p>
    </div>
  );
}

export function CheckoutPage() {
  const page = useLoaderData() as CheckoutLoaderData;
  const action = useActionData() as CheckoutActionData | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const t = useT();
  const busy = navigation.state === "submitting";
  const values: Record<string, string> = action?.values ?? {
    email: page.email,
    "ship.firstName": page.firstName,
    "ship.lastName": page.lastName,
    ...page.prefill,
  };
  const errors = action?.errors ?? {};
  const shippingMethod = values.shippingMethod ?? page.shippingMethod ?? "";
  const paymentMethod = values.paymentMethod ?? page.paymentMethods[0] ?? "";
  const anyPersonalised = page.lines.some((line) => line.personalised);

  if (page.empty) {
    return (
      <section className="page-section checkout" aria-labelledby="checkout-title">
        <h1 id="checkout-title">{t("cart.checkoutTitle")}</h1>
        <p>{t("cart.empty")}</p>
        <a className="button" href={page.cartPath}>
          {t("cart.backToCart")}
        </a>
      </section>
    );
  }

  return (
    <section className="page-section checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t("cart.checkoutTitle")}</h1>
      {page.declined ? (
        <p className="notice notice--error" role="alert">
          {t("checkout.declined", { reason: page.declined })}
        </p>
      ) : null}
      {page.needsDesign && !action?.message ? (
        <p className="notice notice--error">
          {page.needsDesign} <a href={page.cartPath}>{t("cart.backToCart")}</a>
        </p>
      ) : null}
      {action?.message ? (
        <p className="notice notice--error" role="alert">
          {action.message}
          {action.newTotal ? ` ${t("checkout.newTotal", { total: action.newTotal })}` : null}
        </p>
      ) : null}
      <Form method="post" className="checkout-voucher" aria-labelledby="checkout-voucher">
        <h2 id="checkout-voucher">{t("cart.voucher")}</h2>
        {page.voucher ? (
          <p>
            {t("cart.voucherApplied", { code: page.voucher.code })}
            {page.voucher.valid ? null : ` – ${t("checkout.voucherNotApplied")}`}
          </p>
        ) : null}
        <div className="checkout-voucher__row">
          <TextField
            name="voucher"
            label={t("checkout.voucherCode")}
            autoComplete="off"
            defaultValue={values.voucher}
            error={action?.voucherError ?? undefined}
            required={false}
          />
          <button type="submit" name="intent" value="voucher" className="button button--ghost">
            {t("cart.voucherApply")}
          </button>
        </div>
      </Form>
      <Form method="post" className="checkout__layout">
        <input type="hidden" name="idempotencyKey" value={page.idempotencyKey} />
        {Object.entries(page.totals).map(([method, minor]) => (
          <input key={method} type="hidden" name={`total.${method}`} value={minor} />
        ))}
        <div className="checkout__steps">
          <fieldset className="checkout-step">
            <legend>{t("checkout.contact")}</legend>
            <TextField
              name="email"
              type="email"
              label={t("checkout.email")}
              autoComplete="email"
              defaultValue={values.email}
              error={errors.email}
            />
            {!page.loggedIn ? (
              <p className="checkout-step__hint">{t("checkout.guestHint")}</p>
            ) : null}
          </fieldset>

          <fieldset className="checkout-step">
            <legend>{t("checkout.shippingAddress")}</legend>
            {page.savedAddresses.length > 0 ? (
              <div className="checkout-book">
                <p className="checkout-step__hint">{t("checkout.savedAddresses")}</p>
                <ul className="checkout-book__list">
                  {page.savedAddresses.map((address) => (
                    <li key={address.index}>
                      <span>{address.label}</span>{" "}
                      <a
                        href={`?address=${address.index}`}
                        aria-label={`${t("checkout.useAddress")}: ${address.label}`}
                      >
                        {t("checkout.useAddress")}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <AddressFields
              key={JSON.stringify(page.prefill)}
              prefix="ship."
              section="shipping"
              values={values}
              errors={errors}
              country={page.country}
              requiredFields
            />
          </fieldset>

          <fieldset className="checkout-step">
            <legend>{t("checkout.billingAddress")}</legend>
            <label className="checkout-check">
              <input
                type="checkbox"
                name="billingDifferent"
                defaultChecked={values.billingDifferent === "on"}
              />
              {t("checkout.billingDifferent")}
            </label>
            <details className="checkout-billing" open={values.billingDifferent === "on"}>
              <summary>{t("checkout.billingFields")}</summary>
              <AddressFields
                prefix="bill."
                section="billing"
                values={values}
                errors={errors}
                country={page.country}
                requiredFields={false}
              />
            </details>
          </fieldset>

          <fieldset className="checkout-step">
            <legend>{t("checkout.shippingMethod")}</legend>
            {page.shippingMethods.map((method) => (
              <label key={method.id} className="checkout-choice">
                <input
                  type="radio"
                  name="shippingMethod"
                  value={method.id}
                  defaultChecked={method.id === shippingMethod}
                  required
                  onChange={() =>
                    submit(
                      { shipping: method.id },
                      { method: "get", replace: true, preventScrollReset: true },
                    )
                  }
                />
                <span className="checkout-choice__name">{method.name}</span>
                <span className="checkout-choice__price">{method.price}</span>
                <span className="checkout-choice__note">{method.delivery}</span>
              </label>
            ))}
          </fieldset>

          <fieldset className="checkout-step">
            <legend>{t("checkout.paymentMethod")}</legend>
            {page.paymentMethods.map((method) => (
              <label key={method} className="checkout-choice">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  defaultChecked={method === paymentMethod}
                  required
                />
                <span className="checkout-choice__name">
                  {t(`checkout.paymentMethods.${method}`)}
                </span>
                <span className="checkout-choice__note">
                  {t(`checkout.paymentNotes.${method}`)}
                </span>
              </label>
            ))}
          </fieldset>
        </div>

        <aside className="checkout__summary" aria-labelledby="checkout-summary">
          <h2 id="checkout-summary">{t("cart.summary")}</h2>
          <ul className="checkout-lines" role="list">
            {page.lines.map((line) => (
              <li key={line.line} className="checkout-line">
                {line.design ? (
                  <img
                    src={line.design.proof}
                    alt={
                      line.theme
                        ? t("studio.cartLine.proofOf", { theme: line.theme })
                        : t("studio.cartLine.proof")
                    }
                    width={64}
                    height={64}
                  />
                ) : null}
                <div className="checkout-line__text">
                  <span className="checkout-line__name">
                    {line.quantity} × {line.name}
                  </span>
                  {line.details.length > 0 ? (
                    <span className="checkout-line__details">{line.details.join(" · ")}</span>
                  ) : null}
                  {line.personalised ? (
                    <span className="checkout-line__mark">{t("checkout.personalised")}</span>
                  ) : null}
                </div>
                <span className="checkout-line__price">
                  {line.price ?? t(line.needsDesign ? "cart.needsDesign.price" : "cart.notForSale")}
                </span>
              </li>
            ))}
          </ul>
          <dl className="checkout-totals">
            <dt>{t("cart.subtotal")}</dt>
            <dd>{page.subtotal}</dd>
            {page.discount ? (
              <>
                <dt>{t("cart.discount")}</dt>
                <dd>−{page.discount}</dd>
              </>
            ) : null}
            <dt>{t("cart.shipping")}</dt>
            <dd>{page.shipping ?? "–"}</dd>
            <dt className="checkout-totals__total">{t("cart.total")}</dt>
            <dd className="checkout-totals__total" data-testid="checkout-total">
              {page.total}
            </dd>
            {page.taxes.map((tax) => (
              <div key={tax.rate} className="checkout-totals__tax">
                <dt>{t("checkout.vatContained", { rate: tax.rate })}</dt>
                <dd>{tax.amount}</dd>
              </div>
            ))}
          </dl>

          <div className="checkout-legal">
            <label className="checkout-check">
              <input
                type="checkbox"
                name="acceptTerms"
                required
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? "terms-error" : undefined}
              />
              <span>
                {t("checkout.acceptTermsBefore")}{" "}
                <a href={page.termsPath} target="_blank" rel="noopener">
                  {t("checkout.terms")}
                </a>{" "}
                {t("checkout.acceptTermsAfter")}
              </span>
            </label>
            {errors.acceptTerms ? (
              <p id="terms-error" className="checkout-field__error">
                {errors.acceptTerms}
              </p>
            ) : null}
            <details className="checkout-withdrawal">
              <summary>{t("checkout.withdrawalTitle")}</summary>
              <p>{t("checkout.withdrawal")}</p>
              <p>{t("checkout.withdrawalExclusion")}</p>
            </details>
            {anyPersonalised ? (
              <p className="checkout-legal__note">{t("checkout.personalisedNote")}</p>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="order"
              className="button checkout__order"
              disabled={busy}
            >
              {t("checkout.placeOrder")}
            </button>
          </div>
        </aside>
      </Form>
    </section>
  );
}
