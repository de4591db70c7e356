/** Signs out of the back office (/_admin/logout, a form post with the CSRF token). */
import { redirect } from "react-router";
import type { Route } from "./+types/admin-logout";
import { adminServices, adminTokenOf, isSecure } from "../admin/admin.server";
import { requestForm } from "../lib/forms.server";

export async function action(args: Route.ActionArgs) {
  const { admin } = adminServices(args);
  const token = adminTokenOf(args);
  const form = await requestForm(args.request);
  if (token && admin.csrfValid(token, form.get("csrf"))) await admin.operators.logout(token);
  return redirect("/_admin/login", {
    headers: { "Set-Cookie": admin.clearedCookie(isSecure(args.request)) },
  });
}

export function loader() {
  return redirect("/_admin");
}
