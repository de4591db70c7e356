/** The audit log (/_admin/audit): who changed what and when, newest first, searchable. */
import type { Route } from "./+types/admin-audit";
import { CACHE_TIERS } from "../../config/cache";
import { AdminFrame, formatTime } from "../admin/AdminFrame";
import { AdminList } from "../admin/AdminList";
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
      <AdminList
        search={{ name: "q", label: "Action, target or operator", value: search }}
        caption="Audit entries, newest first"
        rows={entries}
        empty="No entries."
        columns={[
          { title: "When", cell: (e) => formatTime(e.at) },
          { title: "Who", cell: (e) => e.who },
          { title: "Action", cell: (e) => e.action },
          { title: "Target", cell: (e) => e.target },
          { title: "Details", cell: (e) => <code>{e.details}</code> },
        ]}
      />
    </AdminFrame>
  );
}
