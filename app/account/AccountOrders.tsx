/**
 * The customer's orders: number, date, state and total of each, a link to its page (lines,
 * invoices, tracking) and "order again", a form that puts a copy of every line into the cart.
 */
import { Form } from "react-router";
import type { AccountOrder } from "./account.server";
import { useT } from "../i18n/i18n";

export function OrdersPage({ orders }: { orders: AccountOrder[] }) {
  const t = useT();
  return (
    <>
      <h1>{t("order.history")}</h1>
      {orders.length === 0 ? (
        <p>{t("order.noOrders")}</p>
      ) : (
        <ul className="account-orders" role="list">
          {orders.map((order) => (
            <li key={order.token} className="account-order">
              <div>
                <a href={order.href} className="account-order__number">
                  {t("order.title", { number: order.number })}
                </a>
                <p className="account-order__facts">
                  {order.placedAt} · {t(`order.states.${order.state}`)} · {order.total}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="token" value={order.token} />
                <button
                  type="submit"
                  className="button button--ghost"
                  aria-label={`${t("order.orderAgain")}: ${order.number}`}
                >
                  {t("order.orderAgain")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
