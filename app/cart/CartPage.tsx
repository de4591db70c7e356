/**
 * The cart page: the lines with their options, price, quantity change and removal, the
 * voucher field, shipping and totals, and the way on to the checkout. Every form works
 * without JavaScript; with it, the page updates in place and the header's badge follows.
 */
import { useEffect } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { CHECKOUT_PATHS } from "../../domain/cart";
import { MAX_CARD_QUANTITY } from "../../domain/designerLinks";
import { useT } from "../i18n/i18n";
import { setCartArticles } from "../lib/customer";
import { useRootData } from "../lib/rootData";
import { LocaleLink } from "../ui/LocaleLink";
import type { CartActionData, CartLoaderData } from "./cart.server";

export function CartPage() {
  const cart = useLoaderData() as CartLoaderData;
  const problem = useActionData() as CartActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const t = useT();
  const root = useRootData();

  useEffect(() => setCartArticles(cart.articles), [cart.articles]);

  return (
    <section className="page-section cart" aria-labelledby="cart-title">
      <h1 id="cart-title">{t("cart.title")}</h1>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem.message}
        </p>
      ) : null}
      {cart.notOrderedAgain ? <p className="notice">{cart.notOrderedAgain}</p> : null}
      {cart.empty ? (
        <div className="cart__empty">
          <p>{t("cart.empty")}</p>
          {cart.voucher ? (
            <p className="notice">{t("cart.voucherKept", { code: cart.voucher.code })}</p>
          ) : null}
          <LocaleLink className="button" to="/products">
            {t("cart.browse")}
          </LocaleLink>
        </div>
      ) : (
        <div className="cart__layout">
          <ul className="cart__lines" role="list" aria-busy={busy}>
            {cart.lines.map((line) => (
              <li key={line.line} className="cart-line">
                <div className="cart-line__text">
                  {line.design ? (
                    <div className="cart-line__design">
                      <img
                        src={line.design.proof}
                        alt={
                          line.theme
                            ? t("studio.cartLine.proofOf", { theme: line.theme })
                            : t("studio.cartLine.proof")
                        }
                        width={120}
                        height={120}
                        loading="lazy"
                      />
                      <LocaleLink to={line.design.edit} className="cart-line__edit">
                        {t("studio.cartLine.edit")}
                        <span className="visually-hidden">: {line.name}</span>
                      </LocaleLink>
                    </div>
                  ) : null}
                  <h2 className="cart-line__name">{line.name}</h2>
                  <ul className="cart-line__details" role="list">
                    {line.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                  {line.needsDesign ? (
                    <div className="cart-line__needs-design notice">
                      <p>
                        {t(
                          line.needsDesign.studio
                            ? "cart.needsDesign.text"
                            : "cart.needsDesign.noStudio",
                        )}
                      </p>
                      {line.needsDesign.studio ? (
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="intent" value="design" />
                          <input type="hidden" name="line" value={line.line} />
                          <button type="submit" className="button">
                            {t("cart.needsDesign.action")}
                            <span className="visually-hidden">: {line.name}</span>
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  ) : null}
                </div>
                <Form method="post" className="cart-line__quantity" preventScrollReset>
                  <input type="hidden" name="intent" value="quantity" />
                  <input type="hidden" name="line" value={line.line} />
                  <label>
                    <span>{t("cart.quantity")}</span>
                    <input
                      type="number"
                      name="quantity"
                      min={1}
                      max={MAX_CARD_QUANTITY}
                      defaultValue={line.quantity}
                      key={line.quantity}
                      inputMode="numeric"
                      required
                    />
                  </label>
                  <button type="submit" className="button button--ghost">
                    {t("cart.update")}
                  </button>
                </Form>
                <p className="cart-line__price">
                  {line.price ?? (
                    <span className="cart-line__gone">
                      {t(line.needsDesign ? "cart.needsDesign.price" : "cart.notForSale")}
                    </span>
                  )}
                </p>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="line" value={line.line} />
                  <button type="submit" className="cart-line__remove">
                    {t("cart.remove")}
                    <span className="visually-hidden">: {line.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>

          <aside className="cart__summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title">{t("cart.summary")}</h2>
            {cart.voucher ? (
              <Form method="post" className="cart__voucher" preventScrollReset>
                <input type="hidden" name="intent" value="voucher-remove" />
                <p>
                  {t("cart.voucherApplied", { code: cart.voucher.code })}
                  {cart.voucher.valid ? null : (
                    <span className="cart__voucher-problem">
                      {" "}
                      {t(`cart.voucherReasons.${cart.voucher.reason ?? "unknown"}`)}
                    </span>
                  )}
                </p>
                <button type="submit" className="cart-line__remove">
                  {t("cart.voucherRemove")}
                </button>
              </Form>
            ) : (
              <Form method="post" className="cart__voucher" preventScrollReset>
                <input type="hidden" name="intent" value="voucher" />
                <label>
                  <span>{t("cart.voucher")}</span>
                  <input type="text" name="code" autoComplete="off" maxLength={40} required />
                </label>
                <button type="submit" className="button button--ghost">
                  {t("cart.voucherApply")}
                </button>
              </Form>
            )}
            <dl className="cart__totals">
              <div>
                <dt>{t("cart.subtotal")}</dt>
                <dd>{cart.subtotal}</dd>
              </div>
              {cart.discount ? (
                <div>
                  <dt>{t("cart.discount")}</dt>
                  <dd>−{cart.discount}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("cart.shipping")}</dt>
                <dd>{cart.shipping ?? t("cart.freeShipping")}</dd>
              </div>
              <div className="cart__total">
                <dt>{t("cart.total")}</dt>
                <dd>{cart.total}</dd>
              </div>
            </dl>
            {cart.shipping && cart.freeShippingFrom ? (
              <p className="cart__hint">{t("cart.freeFrom", { price: cart.freeShippingFrom })}</p>
            ) : null}
            <p className="cart__hint">{t("cart.vatNote")}</p>
            {root ? (
              <LocaleLink className="button cart__checkout" to={CHECKOUT_PATHS[root.language]}>
                {t("cart.checkout")}
              </LocaleLink>
            ) : null}
          </aside>
        </div>
      )}
    </section>
  );
}
