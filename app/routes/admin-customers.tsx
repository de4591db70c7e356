/** Customers (/_admin/customers): search by address, name or customer number. */
import { Link } from "react-router";
import type { Route } from "./+types/admin-customers";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { AdminFrame, formatTime } from "../admin/AdminFrame";
import { AdminList } from "../admin/AdminList";
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
      <AdminList
        search={{ name: "q", label: "Address, name or customer number", value: q }}
        caption="Customers, newest first"
        rows={customers}
        empty="No customers found."
        columns={[
          {
            title: "Number",
            cell: (c) => <Link to={`/_admin/customers/${c.id}`}>{c.number}</Link>,
          },
          { title: "Name", cell: (c) => c.name },
          { title: "Address", cell: (c) => c.email },
          { title: "Brand", cell: (c) => c.brand },
          { title: "Confirmed", cell: (c) => (c.verified ? "yes" : "no") },
          { title: "Since", cell: (c) => formatTime(c.createdAt) },
        ]}
      />
    </AdminFrame>
  );
}
