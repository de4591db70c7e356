/**
 * A line's print file or proof (GET /_admin/orders/:id/lines/:line/print|proof), for roles
 * that read orders; never cached by anyone.
 */
import { data } from "react-router";
import type { Route } from "./+types/admin-order-file";
import { requireOperator } from "../admin/admin.server";

export async function loader(args: Route.LoaderArgs) {
  const { admin } = await requireOperator(args, "orders.read");
  const line = Number(args.params.line);
  const kind = args.params.kind;
  if (
    !Number.isInteger(line) ||
    line <= 0 ||
    line > 2 ** 31 ||
    (kind !== "print" && kind !== "proof")
  ) {
    throw data("Not found", { status: 404 });
  }
  const file = await admin.production.file(line, kind);
  if (!file) throw data("The file is not made (yet)", { status: 404 });
  // Read from storage while it is sent, never whole in memory (a photo book's is 300 MB).
  return new Response(file.body, {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(file.size),
      "Content-Disposition": `${kind === "print" ? "attachment" : "inline"}; filename="${file.name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
