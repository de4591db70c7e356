/**
 * Orders (/_admin/orders): the newest first, filtered by state, brand, country, payment
 * method, dates and "needs attention" (a job failed for good, a payment pending too long,
 * a print file's preflight problem), searched by order number, e-mail or name (the e-mail
 * only by a role that may read customers' data, which alone gets it in the page's data).
 */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin-orders";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { ORDER_STATES } from "../../domain/checkout/orderStates";
import { AdminFrame, Field, formatTime, SelectField } from "../admin/AdminFrame";
import { fieldErrors, requireOperator } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Orders | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin, services } = await requireOperator(args, "orders.read");
  const params = Object.fromEntries(new URL(args.request.url).searchParams);
  const { orderFilterSchema } = admin.orders.schemas;
  const parsed = orderFilterSchema.safeParse(params);
  const values = {
    q: params.q ?? "",
    state: params.state ?? "",
    channel: params.channel ?? "",
    country: params.country ?? "",
    payment: params.payment ?? "",
    from: params.from ?? "",
    to: params.to ?? "",
    attention: params.attention ?? "",
  };
  const methods = services.commerce.methods;
  if (!parsed.success) {
    return data(
      { me, values, methods, errors: fieldErrors(parsed.error.issues), orders: [] },
      { status: 400 },
    );
  }
  // The customer's e-mail is customers' data: a role without customers.read (production)
  // neither gets it in the page's data nor finds an order by it.
  const seesCustomers = me.permissions.includes("customers.read");
  const rows = await admin.orders.list(parsed.data, { byEmail: seesCustomers });
  return {
    me,
    values,
    methods,
    errors: {} as Record<string, string>,
    orders: rows.map((o) => ({
      id: o.id,
      number: o.number,
      brand: CHANNELS[o.channel as ChannelId]?.brandName ?? o.channel,
      country: o.country,
      name: `${o.shippingAddress.firstName} ${o.shippingAddress.lastName}`,
      email: seesCustomers ? o.email : null,
      state: o.state,
      payment: o.paymentMethod,
      total: `${((o.totalMinor - o.refundedMinor) / 100).toFixed(2)} ${o.currency}`,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { me, values, errors, orders, methods } = loaderData;
  return (
    <AdminFrame me={me} title="Orders">
      <Form method="get" className="admin__search" role="search" aria-label="Filter orders">
        <Field
          name="q"
          label={
            me.permissions.includes("customers.read")
              ? "Order number, e-mail or name"
              : "Order number or name"
          }
          type="search"
          defaultValue={values.q}
          error={errors.q}
        />
        <SelectField
          name="state"
          label="State"
          value={values.state}
          options={ORDER_STATES.map((s) => [s, s.replace("_", " ")] as const)}
          error={errors.state}
        />
        <SelectField
          name="channel"
          label="Brand"
          value={values.channel}
          options={Object.entries(CHANNELS).map(([id, c]) => [id, c.brandName] as const)}
          error={errors.channel}
        />
        <Field
          name="country"
          label="Country"
          defaultValue={values.country}
          size={4}
          error={errors.country}
        />
        <SelectField
          name="payment"
          label="Payment"
          value={values.payment}
          options={methods.map((m) => [m, m] as const)}
          error={errors.payment}
        />
        <Field
          name="from"
          label="From"
          type="date"
          defaultValue={values.from}
          error={errors.from}
        />
        <Field name="to" label="To" type="date" defaultValue={values.to} error={errors.to} />
        <div className="admin-field">
          <label>
            <input
              type="checkbox"
              name="attention"
              value="1"
              defaultChecked={values.attention === "1"}
            />{" "}
            Needs attention
          </label>
        </div>
        <button className="admin__button" type="submit">
          Filter
        </button>
      </Form>
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">Orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col">Name</th>
              <th scope="col">Brand</th>
              <th scope="col">Country</th>
              <th scope="col">State</th>
              <th scope="col">Payment</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to={`/_admin/orders/${o.id}`}>{o.number}</Link>
                </td>
                <td>{formatTime(o.createdAt)}</td>
                <td>
                  {o.name}
                  {o.email ? (
                    <>
                      <br />
                      <small>{o.email}</small>
                    </>
                  ) : null}
                </td>
                <td>{o.brand}</td>
                <td>{o.country}</td>
                <td>{o.state.replace("_", " ")}</td>
                <td>{o.payment}</td>
                <td>{o.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {orders.length === 0 ? <p>No orders found.</p> : null}
      </div>
    </AdminFrame>
  );
}
