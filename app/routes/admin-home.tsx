/**
 * The back office's start (/_admin): the dashboard for roles that may read it (orders and
 * revenue today and this week per brand, failing jobs, pending payments, the storefront's
 * Core Web Vitals), else the pages the role may open.
 */
import { Link } from "react-router";
import type { Route } from "./+types/admin-home";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { PAGE_TYPES, VITALS, vitalRating, type Vital } from "../../domain/webVitalsReport";
import { AdminFrame } from "../admin/AdminFrame";
import { requireOperator } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Dashboard | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args);
  if (!me.permissions.includes("dashboard.read")) return { me, figures: null };
  return { me, figures: await admin.dashboard.figures() };
}

function money(minor: number, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(minor / 100);
}

function vitalText(vital: Vital, value: number | null): string {
  if (value === null) return "—";
  return vital === "CLS" ? value.toFixed(2) : `${Math.round(value)} ms`;
}

function Sales({
  title,
  rows,
}: {
  title: string;
  rows: { channel: string; currency: string; orders: number; revenueMinor: number }[];
}) {
  return (
    <section className="admin__card" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? <p>No orders.</p> : null}
      {rows.map((r) => (
        <p key={`${r.channel}-${r.currency}`}>
          {CHANNELS[r.channel as ChannelId]?.brandName ?? r.channel}: {r.orders} orders,{" "}
          {money(r.revenueMinor, r.currency)}
        </p>
      ))}
    </section>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { me, figures } = loaderData;
  if (!figures) {
    return (
      <AdminFrame me={me} title="Back office">
        <p>Your role opens these pages:</p>
        <ul>
          {me.permissions.includes("content.edit") ? (
            <li>
              <Link to="/_admin/content">Content editor</Link>
            </li>
          ) : null}
          {me.permissions.includes("pictures.review") ? (
            <li>
              <Link to="/_admin/pictures">Customer pictures</Link>
            </li>
          ) : null}
          {me.permissions.includes("flags.read") ? (
            <li>
              <Link to="/_admin/flags">Feature flags</Link>
            </li>
          ) : null}
        </ul>
      </AdminFrame>
    );
  }
  return (
    <AdminFrame me={me} title="Dashboard">
      <div className="admin__cards">
        <Sales title="Today" rows={figures.today} />
        <Sales title="This week" rows={figures.week} />
        <section className="admin__card" aria-label="Jobs">
          <h2>Jobs</h2>
          <p className="admin__figure">{figures.failedJobs}</p>
          <p>failed for good, {figures.retryingJobs} being retried</p>
        </section>
        <section className="admin__card" aria-label="Pending payments">
          <h2>Payments</h2>
          <p className="admin__figure">{figures.pendingPayments}</p>
          <p>pending for more than 30 minutes</p>
        </section>
      </div>
      <h2>Core Web Vitals (p75, last 7 days)</h2>
      <p>{figures.vitalSamples} measurements from visitors who allowed statistics.</p>
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">75th percentile per page type</caption>
          <thead>
            <tr>
              <th scope="col">Page type</th>
              {VITALS.map((v) => (
                <th key={v} scope="col">
                  {v}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PAGE_TYPES.map((type) => (
              <tr key={type}>
                <th scope="row">{type}</th>
                {VITALS.map((v) => {
                  const cell = figures.vitals[type][v];
                  return (
                    <td key={v}>
                      {vitalText(v, cell.p75)}
                      {cell.p75 !== null
                        ? ` (${vitalRating(v, cell.p75).replace("-", " ")}, ${cell.samples})`
                        : ""}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminFrame>
  );
}
