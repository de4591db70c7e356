/**
 * One customer (/_admin/customers/:id): the account, newsletter status, orders, the log-in
 * history (when, how, the address's network, the browser family) and the live sessions,
 * cart, pictures, vouchers and mails; the data export (a JSON download) and the erasure
 * (refused while an order is open), both written to the audit log.
 */
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-customer";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { LOG_IN_HISTORY_DAYS } from "../../domain/logInHistory";
import { AdminFrame, Csrf, formatTime } from "../admin/AdminFrame";
import { requireOperator, requireOperatorForm } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Customer | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

function customerId(id: string | undefined): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 31)
    throw data("No such customer", { status: 404 });
  return n;
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "customers.read");
  const found = await admin.customers.details(customerId(args.params.id));
  if (!found) throw data("No such customer", { status: 404 });
  const { account } = found;
  return {
    me,
    account: {
      id: account.id,
      number: account.number,
      name: `${account.firstName} ${account.lastName}`.trim(),
      email: account.email,
      brand: CHANNELS[account.channel as ChannelId]?.brandName ?? account.channel,
      locale: account.locale,
      verifiedAt: iso(account.emailVerifiedAt),
      createdAt: iso(account.createdAt),
      google: account.googleSubject !== null,
    },
    newsletter: found.newsletter && {
      status: found.newsletter.status,
      confirmedAt: iso(found.newsletter.confirmedAt),
    },
    logIns: found.logIns.map((l) => ({
      at: iso(l.at),
      method: l.method,
      network: l.network,
      browser: l.browser,
    })),
    sessions: found.sessions.map((l) => ({
      createdAt: iso(l.createdAt),
      lastSeenAt: iso(l.lastSeenAt),
    })),
    orders: found.orders.map((o) => ({
      id: o.id,
      number: o.number,
      state: o.state,
      total: `${((o.totalMinor - o.refundedMinor) / 100).toFixed(2)} ${o.currency}`,
      createdAt: iso(o.createdAt),
    })),
    cartLines: found.cart.length,
    pictures: found.pictures.length,
    vouchers: found.vouchers.map((v) => ({ ...v, createdAt: iso(v.createdAt) })),
    mails: found.mails.map((m) => ({ id: m.id, subject: m.subject, createdAt: iso(m.createdAt) })),
  };
}

export async function action(args: Route.ActionArgs) {
  const id = customerId(args.params.id);
  const { admin, actor, form } = await requireOperatorForm(args, "customers.erase");
  if (form.get("intent") === "erase") {
    if (form.get("confirm") !== "erase") {
      return data({ error: "Tick the box to confirm the erasure." }, { status: 400 });
    }
    const erased = await admin.customers.erase(actor, id);
    if ("openOrders" in erased) {
      return data(
        {
          error: `Orders still to be made or shipped need the address: ${erased.openOrders.join(", ")}. Erase once they are shipped or cancelled.`,
        },
        { status: 409 },
      );
    }
    if (!erased.ok) throw data("No such customer", { status: 404 });
    return redirect("/_admin/customers?erased=1");
  }
  throw data("Unknown action", { status: 400 });
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { me, account, newsletter, logIns, sessions, vouchers, mails } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <AdminFrame me={me} title={`${account.name} (${account.number})`}>
      <p>
        <Link to="/_admin/customers">All customers</Link>
      </p>
      <dl>
        <dt>Address</dt>
        <dd>{account.email}</dd>
        <dt>Brand</dt>
        <dd>{account.brand}</dd>
        <dt>Language</dt>
        <dd>{account.locale}</dd>
        <dt>Customer since</dt>
        <dd>{formatTime(account.createdAt)}</dd>
        <dt>Address confirmed</dt>
        <dd>{account.verifiedAt ? formatTime(account.verifiedAt) : "no"}</dd>
        <dt>Google sign-in</dt>
        <dd>{account.google ? "linked" : "no"}</dd>
        <dt>Newsletter</dt>
        <dd>
          {newsletter
            ? `${newsletter.status}${newsletter.confirmedAt ? ` since ${formatTime(newsletter.confirmedAt)}` : ""}`
            : "not subscribed"}
        </dd>
        <dt>Cart</dt>
        <dd>{loaderData.cartLines} articles</dd>
        <dt>Gallery pictures</dt>
        <dd>{loaderData.pictures}</dd>
      </dl>
      <h2>Orders</h2>
      {loaderData.orders.length ? (
        <ul>
          {loaderData.orders.map((o) => (
            <li key={o.id}>
              {o.number}: {o.state.replace("_", " ")}, {o.total} ({formatTime(o.createdAt)})
            </li>
          ))}
        </ul>
      ) : (
        <p>No orders.</p>
      )}
      <h2>Log-ins</h2>
      {logIns.length ? (
        <div className="admin__table-wrap">
          <table>
            <caption className="visually-hidden">
              Log-ins of the last {LOG_IN_HISTORY_DAYS} days, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">How</th>
                <th scope="col">Network</th>
                <th scope="col">Browser</th>
              </tr>
            </thead>
            <tbody>
              {logIns.map((l, i) => (
                <tr key={i}>
                  <td>{formatTime(l.at)}</td>
                  <td>{l.method}</td>
                  <td>{l.network}</td>
                  <td>{l.browser}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No log-ins in the last {LOG_IN_HISTORY_DAYS} days.</p>
      )}
      <h2>Live sessions</h2>
      {sessions.length ? (
        <div className="admin__table-wrap">
          <table>
            <caption className="visually-hidden">Sessions the shop keeps</caption>
            <thead>
              <tr>
                <th scope="col">Signed in</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((l, i) => (
                <tr key={i}>
                  <td>{formatTime(l.createdAt)}</td>
                  <td>{formatTime(l.lastSeenAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No live sessions.</p>
      )}
      <h2>Vouchers used</h2>
      {vouchers.length ? (
        <ul>
          {vouchers.map((v, i) => (
            <li key={i}>
              {v.code}: {v.state}, {(v.discountMinor / 100).toFixed(2)} {v.currency}
              {v.orderRef ? ` (order ${v.orderRef})` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p>None.</p>
      )}
      <h2>Mails</h2>
      {mails.length ? (
        <ul>
          {mails.map((m) => (
            <li key={m.id}>
              {me.permissions.includes("mail.read") ? (
                <Link to={`/_admin/mail/${m.id}`}>{m.subject}</Link>
              ) : (
                m.subject
              )}{" "}
              ({formatTime(m.createdAt)})
            </li>
          ))}
        </ul>
      ) : (
        <p>None in the outbox.</p>
      )}
      <h2>Personal data</h2>
      <div className="admin__actions">
        {me.permissions.includes("customers.export") ? (
          <Form method="post" action={`/_admin/customers/${account.id}/export`} reloadDocument>
            <Csrf me={me} />
            <button className="admin__button" type="submit">
              Export data (JSON)
            </button>
          </Form>
        ) : null}
      </div>
      {me.permissions.includes("customers.erase") ? (
        <Form method="post">
          <Csrf me={me} />
          <input type="hidden" name="intent" value="erase" />
          <fieldset>
            <legend>Erase this customer</legend>
            <p>
              Deletes the account, its sessions and log-in history, cart, pictures, newsletter entry
              and mails. Orders and invoices stay as the law requires, without the person&apos;s
              e-mail, names and addresses (the invoices as issued). Orders still to be made or
              shipped must be finished first. This cannot be undone.
            </p>
            <div>
              <input
                type="checkbox"
                id="erase-confirm"
                name="confirm"
                value="erase"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "erase-error" : undefined}
              />{" "}
              <label htmlFor="erase-confirm">I have checked that this person asked for it</label>
            </div>
            {error ? (
              <p id="erase-error" className="admin-field__error" role="alert">
                {error}
              </p>
            ) : null}
            <p>
              <button className="admin__button admin__button--danger" type="submit">
                Erase customer
              </button>
            </p>
          </fieldset>
        </Form>
      ) : null}
    </AdminFrame>
  );
}
