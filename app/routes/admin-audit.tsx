/** The audit log (/_admin/audit): who changed what and when, newest first, searchable. */
import { Form } from "react-router";
import type { Route } from "./+types/admin-audit";
import { CACHE_TIERS } from "../../config/cache";
import { AdminFrame, Field, formatTime } from "../admin/AdminFrame";
import { requireOperator } from "../admin/admin.server";

export function headers() {
  return { "Cache-Control": CACHE_TIERS.never };
}

export function meta() {
  return [{ title: "Audit log | Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { me, admin } = await requireOperator(args, "audit.read");
  const search = (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 100);
  const entries = (await admin.operators.auditEntries({ search })).map((e) => ({
    id: e.id,
    at: e.at.toISOString(),
    who: e.operatorEmail,
    action: e.action,
    target: e.target,
    details: JSON.stringify(e.details),
  }));
  return { me, search, entries };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { me, search, entries } = loaderData;
  return (
    <AdminFrame me={me} title="Audit log">
      <Form method="get" className="admin__search" role="search">
        <Field name="q" label="Action, target or operator" type="search" defaultValue={search} />
        <button className="admin__button" type="submit">
          Search
        </button>
      </Form>
      <div className="admin__table-wrap">
        <table>
          <caption className="visually-hidden">Audit entries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{formatTime(e.at)}</td>
                <td>{e.who}</td>
                <td>{e.action}</td>
                <td>{e.target}</td>
                <td>
                  <code>{e.details}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {entries.length === 0 ? <p>No entries.</p> : null}
      </div>
    </AdminFrame>
  );
}
