/** Vouchers (/_admin/vouchers): every code of both brands with how often it is taken. */
import { Link } from "react-router";
import type { Route } from "./+types/admin-vouchers";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { AdminFrame, formatTime } from "../admin/AdminFrame";
import { requireOperator } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Vouchers | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "vouchers.read");
  const rows = await admin.vouchers.list();
  return {
    me,
    vouchers: rows.map((v) => ({
      channel: v.channel,
      brand: CHANNELS[v.channel as ChannelId]?.brandName ?? v.channel,
      code: v.code,
      kind: v.kind,
      value:
        v.percent !== null
          ? `${v.percent} %`
          : v.amounts
            ? Object.entries(v.amounts)
                .map(([c, m]) => `${(m / 100).toFixed(2)} ${c.toUpperCase()}`)
                .join(" · ")
            : "—",
      validUntil: v.validUntil?.toISOString() ?? null,
      taken: Number(v.taken),
      maxTotal: v.maxTotal,
    })),
  };
}

export default function AdminVouchers({ loaderData }: Route.ComponentProps) {
  const { me, vouchers } = loaderData;
  return (
    <AdminFrame me={me} title="Vouchers">
      {me.permissions.includes("vouchers.write") ? (
        <p>
          <Link className="admin__button" to="/_admin/vouchers/new">
            New code
          </Link>
        </p>
      ) : null}
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">Voucher codes</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Brand</th>
              <th scope="col">Kind</th>
              <th scope="col">Value</th>
              <th scope="col">Valid until</th>
              <th scope="col">Taken</th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((v) => (
              <tr key={`${v.channel}-${v.code}`}>
                <td>
                  <Link to={`/_admin/vouchers/${v.channel}/${encodeURIComponent(v.code)}`}>
                    {v.code}
                  </Link>
                </td>
                <td>{v.brand}</td>
                <td>{v.kind}</td>
                <td>{v.value}</td>
                <td>{v.validUntil ? formatTime(v.validUntil) : "open"}</td>
                <td>{v.maxTotal ? `${v.taken} of ${v.maxTotal}` : v.taken}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {vouchers.length === 0 ? <p>No codes.</p> : null}
      </div>
    </AdminFrame>
  );
}
