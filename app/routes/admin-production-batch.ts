/**
 * A production batch as one download (POST /_admin/production/batch with the chosen
 * orders and the CSRF token, and the product family the queue showed, if any): a ZIP of
 * their print files (of that family's lines only) with manifest.csv; in the audit log.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-production-batch";
import { requireOperatorForm } from "../admin/admin.server";

export async function action(args: Route.ActionArgs) {
  const { form, admin, actor } = await requireOperatorForm(args, "orders.produce");
  const ids = form
    .getAll("order")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
  if (ids.length === 0) throw data("Choose at least one order.", { status: 400 });
  const filter = admin.production.schemas.productionFilterSchema
    .pick({ family: true })
    .safeParse({ family: form.get("family") ?? "" });
  if (!filter.success) throw data("Choose a product family.", { status: 400 });
  const { family } = filter.data;
  const zip = await admin.production.batchZip(ids, { family });
  await admin.operators.audit(actor, "production.batch-download", "production", {
    orders: ids,
    ...(family ? { family } : {}),
  });
  // Streamed: each print file is read from storage while the ZIP is sent.
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="print-batch-${new Date().toISOString().slice(0, 10)}.zip"`,
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  return redirect("/_admin/production");
}
