/** Customers (/_admin/customers): search by address, name or customer number. */
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-customers";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { AdminFrame, Field, formatTime } from "../admin/AdminFrame";
import { requireOperator } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Customers | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "customers.read");
  const params = new URL(args.request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const erased = params.get("erased") === "1";
  const rows = await admin.customers.search(q);
  return {
    me,
    q,
    erased,
    customers: rows.map((c) => ({
      id: c.id,
      number: c.number,
      name: `${c.firstName} ${c.lastName}`.trim(),
      email: c.email,
      brand: CHANNELS[c.channel as ChannelId]?.brandName ?? c.channel,
      verified: c.emailVerifiedAt !== null,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { me, q, erased, customers } = loaderData;
  return (
    <AdminFrame me={me} title="Customers">
      {erased ? (
        <p className="admin__notice" role="status">
          The customer is erased; the audit log keeps the customer number only.
        </p>
      ) : null}
      <Form method="get" className="admin__search" role="search">
        <Field name="q" label="Address, name or customer number" type="search" defaultValue={q} />
        <button className="admin__button" type="submit">
          Search
        </button>
      </Form>
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">Customers, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Brand</th>
              <th scope="col">Confirmed</th>
              <th scope="col">Since</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/_admin/customers/${c.id}`}>{c.number}</Link>
                </td>
                <td>{c.name}</td>
                <td>{c.email}</td>
                <td>{c.brand}</td>
                <td>{c.verified ? "yes" : "no"}</td>
                <td>{formatTime(c.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {customers.length === 0 ? <p>No customers found.</p> : null}
      </div>
    </AdminFrame>
  );
}
