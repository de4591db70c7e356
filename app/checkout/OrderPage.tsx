/**
 * An order as its customer sees it: the thank-you after payment, the number and state, the
 * transfer instructions with their QR code for an invoice payment, the lines with their
 * proofs, totals with the VAT per rate, the addresses and the invoices to download.
 */
import { useLoaderData } from "react-router";
import { useRecheckWhile } from "../ui/useRecheck";
import { useT } from "../i18n/i18n";
import type { OrderLoaderData } from "./order.server";
import "./checkout.css";

interface Address {
  firstName: string;
  lastName: string;
  company?: string | null;
  street: string;
  addressLine2?: string | null;
  postalCode: string;
  city: string;
  country: string;
}

function AddressBlock({ address }: { address: Address }) {
  const t = useT();
  return (
    <address>
      {address.company ? (
        <>
          {address.company}
          <br />
        </>
      ) : null}
      {address.firstName} {address.lastName}
      <br />
      {address.street}
      <br />
      {address.addressLine2 ? (
        <>
          {address.addressLine2}
          <br />
        </>
      ) : null}
      {address.postalCode} {address.city}
      <br />
      {t(`checkout.countries.${address.country}`)}
    </address>
  );
}

/** Pauses before the page asks again whether a mail on its way has gone out (then it stops). */
export const MAIL_RECHECK_MS = [3_000, 8_000, 20_000] as const;

function OrderMails({ mails }: { mails: OrderLoaderData["mails"] }) {
  const t = useT();
  if (!mails.confirmation && !mails.invoice) return null;
  const line = (mail: { sentAt: string | null } | null, sentKey: string, onItsWayKey: string) =>
    mail ? (
      <li>
        {mail.sentAt
          ? t(sentKey, { email: mails.to, time: mail.sentAt })
          : t(onItsWayKey, { email: mails.to })}
      </li>
    ) : null;
  return (
    <ul className="order-mails" role="list" aria-live="polite" data-testid="order-mails">
      {line(mails.confirmation, "order.confirmationSent", "order.confirmationOnItsWay")}
      {line(mails.invoice, "order.invoiceSent", "order.invoiceOnItsWay")}
    </ul>
  );
}

export function OrderPage() {
  const order = useLoaderData() as OrderLoaderData;
  const t = useT();
  // While a mail is on its way, so a shopper who stays on the page sees when it went out.
  useRecheckWhile(order.mails.waiting, MAIL_RECHECK_MS);
  return (
    <section className="page-section order-page" aria-labelledby="order-title">
      {order.confirmation ? (
        <div className="notice notice--success" role="status">
          <h1 id="order-title">{t("order.thanks")}</h1>
          <p>{t("order.thanksText", { number: order.number, email: order.email })}</p>
        </div>
      ) : (
        <h1 id="order-title">{order.title}</h1>
      )}
      {order.paymentFailed ? (
        <p className="notice notice--error" role="alert">
          {t("order.paymentFailed")} <a href={order.checkout}>{t("order.backToCheckout")}</a>
        </p>
      ) : null}
      {order.paymentPending ? <p className="notice">{t("order.paymentPending")}</p> : null}
      <OrderMails mails={order.mails} />
      <dl className="order-facts">
        <dt>{t("order.number")}</dt>
        <dd data-testid="order-number">{order.number}</dd>
        <dt>{t("order.placedAt")}</dt>
        <dd>{order.placedAt}</dd>
        <dt>{t("order.status")}</dt>
        <dd>{t(`order.states.${order.state}`)}</dd>
      </dl>
      {order.trackingUrl ? (
        <p>
          <a className="button button--ghost" href={order.trackingUrl} rel="noopener">
            {t("order.tracking")}
          </a>
        </p>
      ) : null}

      {order.transfer ? (
        <section
          className={`order-box order-transfer${order.transfer.qrKind === "swiss_qr_bill" ? " order-transfer--swiss" : ""}`}
          aria-labelledby="order-transfer"
        >
          <h2 id="order-transfer">{t("order.transferTitle")}</h2>
          <dl className="order-facts">
            <dt>{t("order.beneficiary")}</dt>
            <dd>{order.transfer.beneficiary}</dd>
            <dt>{t("order.iban")}</dt>
            <dd>{order.transfer.iban}</dd>
            {order.transfer.bic ? (
              <>
                <dt>{t("order.bic")}</dt>
                <dd>{order.transfer.bic}</dd>
              </>
            ) : null}
            <dt>{t("order.reference")}</dt>
            <dd>{order.transfer.reference}</dd>
            <dt>{t("order.amount")}</dt>
            <dd>{order.transfer.amount}</dd>
          </dl>
          <figure>
            {/* The QR code is the shop's own SVG (the invoice provider draws it). */}
            <div
              role="img"
              aria-label={t(
                order.transfer.qrKind === "swiss_qr_bill" ? "order.qrSwiss" : "order.qrEpc",
              )}
              data-testid="payment-qr"
              data-qr-kind={order.transfer.qrKind}
              dangerouslySetInnerHTML={{ __html: order.transfer.qrSvg }}
            />
            <figcaption>
              {t(order.transfer.qrKind === "swiss_qr_bill" ? "order.qrSwiss" : "order.qrEpc")}
            </figcaption>
          </figure>
        </section>
      ) : null}

      <section className="order-box" aria-labelledby="order-lines">
        <h2 id="order-lines">{t("order.lines")}</h2>
        <ul className="checkout-lines" role="list">
          {order.lines.map((line) => (
            <li key={line.position} className="checkout-line">
              {line.proof ? (
                <img src={line.proof} alt={t("studio.cartLine.proof")} width={64} height={64} />
              ) : null}
              <div className="checkout-line__text">
                <span className="checkout-line__name">
                  {line.quantity} × {line.title}
                </span>
                {line.personalised ? (
                  <span className="checkout-line__mark">{t("checkout.personalised")}</span>
                ) : null}
              </div>
              <span className="checkout-line__price">{line.total}</span>
            </li>
          ))}
        </ul>
        <dl className="checkout-totals">
          <dt>{t("cart.subtotal")}</dt>
          <dd>{order.subtotal}</dd>
          {order.discount ? (
            <>
              <dt>{t("cart.discount")}</dt>
              <dd>−{order.discount}</dd>
            </>
          ) : null}
          <dt>
            {t("cart.shipping")} ({order.shippingMethod})
          </dt>
          <dd>{order.shipping}</dd>
          <dt className="checkout-totals__total">{t("order.total")}</dt>
          <dd className="checkout-totals__total" data-testid="order-total">
            {order.total}
          </dd>
          {order.taxes.map((tax) => (
            <div key={tax.rate} className="checkout-totals__tax">
              <dt>{t("checkout.vatContained", { rate: tax.rate })}</dt>
              <dd>{tax.amount}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="order-box" aria-labelledby="order-addresses">
        <h2 id="order-addresses">{t("order.addresses")}</h2>
        <h3>{t("checkout.shippingAddress")}</h3>
        <AddressBlock address={order.shippingAddress} />
        {order.billingAddress ? (
          <>
            <h3>{t("checkout.billingAddress")}</h3>
            <AddressBlock address={order.billingAddress} />
          </>
        ) : null}
      </section>

      {order.giftVouchers.length > 0 ? (
        <section className="order-box" aria-labelledby="order-gift-vouchers">
          <h2 id="order-gift-vouchers">{t("order.giftVouchers")}</h2>
          <ul className="order-list" data-testid="gift-vouchers">
            {order.giftVouchers.map((v) => (
              <li key={v.code}>{v.text}</li>
            ))}
          </ul>
          <p>{t("order.giftVoucherUse")}</p>
        </section>
      ) : null}

      {order.documents.length > 0 ? (
        <section className="order-box" aria-labelledby="order-documents">
          <h2 id="order-documents">{t("order.documents")}</h2>
          <ul className="order-list">
            {order.documents.map((doc) => (
              <li key={doc.number}>
                <a href={doc.href}>
                  {t(doc.kind === "invoice" ? "order.invoice" : "order.creditNote", {
                    number: doc.number,
                  })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
