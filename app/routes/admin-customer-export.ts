/**
 * A customer's data export (POST /_admin/customers/:id/export, with the CSRF token): the
 * JSON of everything the shop holds about the person, as a download; written to the
 * audit log.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-customer-export";
import { requireOperatorForm } from "../admin/admin.server";

export async function action(args: Route.ActionArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2 ** 31) {
    throw data("No such customer", { status: 404 });
  }
  const { admin, actor } = await requireOperatorForm(args, "customers.export");
  const exported = await admin.customers.exportData(actor, id);
  if (!exported) throw data("No such customer", { status: 404 });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="customer-${exported.account.number}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/_admin/customers/${encodeURIComponent(params.id)}`);
}
